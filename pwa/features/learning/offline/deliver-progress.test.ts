/** Progress delivery: sent when the server answers; kept on the device when it cannot be reached, and sent once later; a refusal is not kept. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverProgress, sendKeptProgress } from './deliver-progress';
import { progressDb } from './progress-db';
import { pendingProgress } from './progress-queue';

const answer = (lessonId: string) => ({ lessonId, position: 10, watchedSeconds: 10, watchedPercent: 5, ranges: [[0, 10]] });

function server(...replies: Array<'down' | number>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const reply = replies.shift() ?? 200;
    if (reply === 'down') throw new TypeError('Failed to fetch');
    return new Response(reply === 200 ? JSON.stringify(answer(url.split('/')[3]!)) : JSON.stringify({ message: 'no' }), { status: reply });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await progressDb().pending.clear();
});

describe('deliverProgress', () => {
  it('sends the report and answers with the server’s merge', async () => {
    const calls = server(200);
    expect(await deliverProgress('L1', { position: 10, ranges: [[0, 10]] })).toMatchObject({ lessonId: 'L1', watchedPercent: 5 });
    expect(calls).toEqual([{ url: '/api/lessons/L1/progress', body: { position: 10, ranges: [[0, 10]] } }]);
    expect(await pendingProgress()).toEqual([]);
  });

  it('keeps what it could not send (merged per lesson) and sends it once when the server is back', async () => {
    const calls = server('down', 503);
    expect(await deliverProgress('L1', { position: 10, ranges: [[0, 10]] })).toBeNull();
    expect(await deliverProgress('L1', { position: 25, ranges: [[15, 25]] })).toBeNull();
    expect((await pendingProgress()).map((p) => [p.lessonId, p.position, p.ranges])).toEqual([
      [
        'L1',
        25,
        [
          [0, 10],
          [15, 25],
        ],
      ],
    ]);
    expect(await sendKeptProgress()).toBe(1);
    expect(calls.at(-1)).toEqual({
      url: '/api/lessons/L1/progress',
      body: {
        position: 25,
        ranges: [
          [0, 10],
          [15, 25],
        ],
      },
    });
    expect(await sendKeptProgress()).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it('does not keep a report the server refuses', async () => {
    server(403);
    expect(await deliverProgress('L1', { position: 10, ranges: [[0, 10]] })).toBeNull();
    expect(await pendingProgress()).toEqual([]);
  });
});
