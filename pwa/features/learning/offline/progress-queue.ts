/**
 * Progress kept for later: `queueProgress` merges a report into the lesson's pending one (ranges
 * united, the later position kept); `sendQueuedProgress` sends each pending report once when the
 * connection is back, and forgets it once the server has it (or refused it for good). One tab at
 * a time sends (a Web Lock); a report merged while its older self was on the way stays to be sent.
 */
import { mergeRanges } from '@contracts/learning-ranges';
import type { ProgressReport } from '@contracts/learning';
import { progressDb, type LearningProgressDatabase } from './progress-db';

/** What became of one report: delivered, refused for good (dropped), or to try again later. */
export type SendOutcome = 'sent' | 'dropped' | 'retry';

export async function queueProgress(lessonId: string, report: ProgressReport, db: LearningProgressDatabase = progressDb()): Promise<void> {
  await db.transaction('rw', db.pending, async () => {
    const held = await db.pending.get(lessonId);
    await db.pending.put({
      lessonId,
      position: report.position,
      ranges: mergeRanges([...(held?.ranges ?? []), ...report.ranges]),
      version: (held?.version ?? 0) + 1,
      queuedAt: new Date().toISOString(),
    });
  });
}

export async function pendingProgress(db: LearningProgressDatabase = progressDb()) {
  return db.pending.toArray();
}

let sending: Promise<number> | undefined;

async function sendAll(send: (lessonId: string, report: ProgressReport) => Promise<SendOutcome>, db: LearningProgressDatabase): Promise<number> {
  let sent = 0;
  for (const entry of await db.pending.toArray()) {
    const outcome = await send(entry.lessonId, { position: entry.position, ranges: entry.ranges });
    if (outcome === 'retry') break; // still unreachable: the rest waits too
    if (outcome === 'sent') sent += 1;
    await db.transaction('rw', db.pending, async () => {
      const now = await db.pending.get(entry.lessonId);
      if (now?.version === entry.version) await db.pending.delete(entry.lessonId);
    });
  }
  return sent;
}

/** Sends every pending report once (in this tab only if no other tab is sending); resolves with how many were delivered. */
export function sendQueuedProgress(
  send: (lessonId: string, report: ProgressReport) => Promise<SendOutcome>,
  db: LearningProgressDatabase = progressDb(),
): Promise<number> {
  if (sending) return sending;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks ? locks.request('learning-progress-queue', { ifAvailable: true }, (lock) => (lock ? sendAll(send, db) : 0)) : sendAll(send, db);
  sending = Promise.resolve(run).finally(() => {
    sending = undefined;
  });
  return sending;
}
