/** The device's queue of progress reports (fake IndexedDB): one per lesson, merged; sent once when back online. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProgressReport } from '@contracts/learning';
import { LearningProgressDatabase } from './progress-db';
import { pendingProgress, queueProgress, sendQueuedProgress, type SendOutcome } from './progress-queue';

let db: LearningProgressDatabase;
let n = 0;
beforeEach(() => {
  db = new LearningProgressDatabase(`learning-progress-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

function recorder(outcomes: SendOutcome[] = []) {
  const sent: Array<{ lessonId: string; report: ProgressReport }> = [];
  const send = async (lessonId: string, report: ProgressReport): Promise<SendOutcome> => {
    sent.push({ lessonId, report });
    return outcomes.shift() ?? 'sent';
  };
  return { sent, send };
}

describe('queueProgress', () => {
  it('keeps one report per lesson: ranges united, the latest position', async () => {
    await queueProgress('lesson-a', { position: 10, ranges: [[0, 10]] }, db);
    await queueProgress('lesson-a', { position: 40, ranges: [[30, 40]] }, db);
    await queueProgress('lesson-a', { position: 45, ranges: [[9.5, 31]] }, db);
    await queueProgress('lesson-b', { position: 0, ranges: [] }, db);
    const pending = await pendingProgress(db);
    expect(pending.map(({ lessonId, position, ranges }) => ({ lessonId, position, ranges }))).toEqual([
      { lessonId: 'lesson-a', position: 45, ranges: [[0, 40]] },
      { lessonId: 'lesson-b', position: 0, ranges: [] },
    ]);
  });
});

describe('sendQueuedProgress', () => {
  it('sends each pending report once and forgets it', async () => {
    await queueProgress('lesson-a', { position: 12, ranges: [[0, 12]] }, db);
    await queueProgress('lesson-b', { position: 3, ranges: [[0, 3]] }, db);
    const { sent, send } = recorder();
    expect(await sendQueuedProgress(send, db)).toBe(2);
    expect(sent).toEqual([
      { lessonId: 'lesson-a', report: { position: 12, ranges: [[0, 12]] } },
      { lessonId: 'lesson-b', report: { position: 3, ranges: [[0, 3]] } },
    ]);
    expect(await pendingProgress(db)).toEqual([]);
    // Nothing is sent a second time.
    expect(await sendQueuedProgress(send, db)).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('keeps everything while the server is still unreachable, and drops a report the server refuses', async () => {
    await queueProgress('lesson-a', { position: 12, ranges: [[0, 12]] }, db);
    await queueProgress('lesson-b', { position: 3, ranges: [[0, 3]] }, db);
    const unreachable = recorder(['retry']);
    expect(await sendQueuedProgress(unreachable.send, db)).toBe(0);
    expect(unreachable.sent).toHaveLength(1); // it stops at the first failure
    expect((await pendingProgress(db)).map((p) => p.lessonId)).toEqual(['lesson-a', 'lesson-b']);

    const refusing = recorder(['dropped', 'sent']);
    expect(await sendQueuedProgress(refusing.send, db)).toBe(1);
    expect(await pendingProgress(db)).toEqual([]);
  });

  it('keeps a report merged while its older self was on the way', async () => {
    await queueProgress('lesson-a', { position: 12, ranges: [[0, 12]] }, db);
    const send = async (): Promise<SendOutcome> => {
      await queueProgress('lesson-a', { position: 30, ranges: [[20, 30]] }, db);
      return 'sent';
    };
    await sendQueuedProgress(send, db);
    const [left] = await pendingProgress(db);
    expect(left).toMatchObject({
      lessonId: 'lesson-a',
      position: 30,
      ranges: [
        [0, 12],
        [20, 30],
      ],
    });
  });

  it('runs one sending at a time', async () => {
    await queueProgress('lesson-a', { position: 12, ranges: [[0, 12]] }, db);
    const { sent, send } = recorder();
    const [first, second] = await Promise.all([sendQueuedProgress(send, db), sendQueuedProgress(send, db)]);
    expect(first).toBe(1);
    expect(second).toBe(1);
    expect(sent).toHaveLength(1);
  });
});
