import { afterEach, describe, expect, it, vi } from 'vitest';
import { lessonOfPath, startEarlyLessonReads } from './lesson-early-reads';

/** A page at `pathname` with `token` stored; its requests are recorded, media answered. */
function pageAt(pathname: string, token: string | null, { mediaSource = true, playbackStatus = 200 } = {}) {
  const requests: Array<{ url: string; init?: RequestInit }> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    if (url.endsWith('/playback'))
      return new Response(JSON.stringify({ manifestUrl: '/media/l1/c/master.m3u8', resumeAtSeconds: 5 }), { status: playbackStatus });
    return new Response('{}');
  });
  const win = {
    location: { pathname, href: `http://academy.test${pathname}` },
    localStorage: { getItem: (key: string) => (key === 'auth_token' ? token : null) },
    fetch,
    // The shell's preloaded hls.js module is not in this page: the early player gives up.
    document: { querySelector: () => null },
    ...(mediaSource ? { MediaSource: class {} } : {}),
  } as unknown as Window;
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', win);
  return { win, requests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.unstubAllGlobals());

describe('the lesson shell’s early reads', () => {
  it('ask for the lesson and its playback with the session’s token and leave the answers for the app', async () => {
    const { win, requests } = pageAt('/learn/c1/lessons/l%201', 'token-of-ada');
    const player = startEarlyLessonReads(win);
    expect(win.__lessonEarlyReads).toMatchObject({ lessonId: 'l 1', token: 'token-of-ada' });
    expect(requests.slice(0, 2).map((r) => [r.url, (r.init?.headers as Record<string, string>).Authorization, r.init?.credentials])).toEqual([
      ['/api/lessons/l%201', 'Bearer token-of-ada', 'include'],
      ['/api/lessons/l%201/playback', 'Bearer token-of-ada', 'include'],
    ]);
    // Without the shell's hls.js the early player gives up once the answer is there: the app starts, and nothing more is fetched.
    await expect(player).resolves.toBeUndefined();
    expect(win.__lessonEarlyPlayer?.state).toBe('gone');
    expect(requests).toHaveLength(2);
    // The app still reads the playback answer itself.
    await expect((await win.__lessonEarlyReads!.playback).json()).resolves.toMatchObject({ resumeAtSeconds: 5 });
  });

  it('does nothing signed out or at another address', () => {
    for (const [path, token] of [
      ['/learn/c1/lessons/l1', null],
      ['/learn/c1', 'token-of-ada'],
      ['/courses', 'token-of-ada'],
    ] as const) {
      const { win, requests } = pageAt(path, token);
      // Nothing to wait for: the app starts at once.
      expect(startEarlyLessonReads(win), path).toBeUndefined();
      expect(win.__lessonEarlyReads, path).toBeUndefined();
      expect(requests, path).toEqual([]);
    }
  });

  it('starts no early player when the playback is refused (not a video, not entitled) or the browser plays HLS itself', async () => {
    for (const options of [{ playbackStatus: 400 }, { mediaSource: false }]) {
      const { win, requests } = pageAt('/learn/c1/lessons/l1', 'token-of-ada', options);
      const player = startEarlyLessonReads(win);
      if (options.mediaSource === false) expect(player).toBeUndefined();
      else await expect(player).resolves.toBeUndefined();
      for (let i = 0; i < 10; i++) await settle();
      expect(win.__lessonEarlyPlayer?.player).toBeUndefined();
      expect(requests.map((r) => r.url)).toEqual(['/api/lessons/l1', '/api/lessons/l1/playback']);
    }
  });

  it('reads the lesson of a lesson address only', () => {
    expect(lessonOfPath('/learn/c1/lessons/abc')).toBe('abc');
    expect(lessonOfPath('/learn/c1/lessons/%E0%A4%A')).toBeNull();
    expect(lessonOfPath('/learn/c1/assessments/abc')).toBeNull();
  });
});
