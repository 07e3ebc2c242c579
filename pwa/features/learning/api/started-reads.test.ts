import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@pwa/lib/api-client';
import type { EarlyLessonReads } from './early-lesson-reads';
import { startedKeys, startRead, takeRead } from './started-reads';

const TOKEN = 'token-of-ada';
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Forbidden' }));

/** What the lesson shell's script leaves on the page (lesson-early-reads.ts). */
function early(lessonId: string, overrides: Partial<EarlyLessonReads> = {}): EarlyLessonReads {
  return { lessonId, token: TOKEN, at: Date.now(), lesson: json({ id: lessonId, title: 'Early' }), playback: json({ manifestUrl: '/m.m3u8' }), ...overrides };
}

const page: { __lessonEarlyReads?: EarlyLessonReads } = {};
const fetched = () => Promise.resolve({ from: 'the app' });

beforeEach(() => {
  vi.stubGlobal('window', page);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
});
afterEach(() => {
  delete page.__lessonEarlyReads;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the lesson shell’s early reads', () => {
  it('answer the same lesson’s reads for the same session, once each; the next read asks afresh', async () => {
    page.__lessonEarlyReads = early('l1');
    await expect(takeRead(startedKeys.lesson('l1'), TOKEN, fetched)).resolves.toEqual({ id: 'l1', title: 'Early' });
    await expect(takeRead(startedKeys.playback('l1'), TOKEN, fetched)).resolves.toEqual({ manifestUrl: '/m.m3u8' });
    expect(page.__lessonEarlyReads).toBeUndefined();
    await expect(takeRead(startedKeys.lesson('l1'), TOKEN, fetched)).resolves.toEqual({ from: 'the app' });
    await expect(takeRead(startedKeys.playback('l1'), TOKEN, fetched)).resolves.toEqual({ from: 'the app' });
  });

  it('are not used for another lesson: that one is fetched as usual', async () => {
    page.__lessonEarlyReads = early('l1');
    await expect(takeRead(startedKeys.lesson('l2'), TOKEN, fetched)).resolves.toEqual({ from: 'the app' });
    await expect(takeRead(startedKeys.playback('l2'), TOKEN, fetched)).resolves.toEqual({ from: 'the app' });
  });

  it('are not used for another session, nor once they are older than a started read may be', async () => {
    page.__lessonEarlyReads = early('l3');
    await expect(takeRead(startedKeys.lesson('l3'), 'token-of-bob', fetched)).resolves.toEqual({ from: 'the app' });
    page.__lessonEarlyReads = early('l4', { at: Date.now() - 30_000 });
    await expect(takeRead(startedKeys.playback('l4'), TOKEN, fetched)).resolves.toEqual({ from: 'the app' });
  });

  it('throw a refusal as the ApiError a read of the app would', async () => {
    page.__lessonEarlyReads = early('l5', { playback: json({ message: 'Not entitled' }, 403) });
    const refused = await takeRead(startedKeys.playback('l5'), TOKEN, fetched).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect((refused as ApiError).serverMessage).toBe('Not entitled');
  });

  it('count as already started: the lesson page does not ask the server again', async () => {
    page.__lessonEarlyReads = early('l6');
    const again = vi.fn(fetched);
    startRead(startedKeys.playback('l6'), TOKEN, again);
    expect(again).not.toHaveBeenCalled();
    await expect(takeRead(startedKeys.playback('l6'), TOKEN, fetched)).resolves.toEqual({ manifestUrl: '/m.m3u8' });
  });
});
