/**
 * Background Fetch for downloads (issue 34): the page hands what is left of a course to the
 * browser (each file not whole from its first missing chunk, by a byte range for one begun) and,
 * back in view, follows its progress; the worker stores what arrived as the same chunks the page's
 * own fetch stores (served back byte for byte), matched by lesson and name when the package was
 * renewed meanwhile; what did not arrive is left to the chunks; out of room, the download stops
 * with the message; cancelled from the browser's notice, it waits for Resume. Fake IndexedDB,
 * Cache Storage in memory, a stand-in of the browser's BackgroundFetchManager.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCaches } from '@pwa/test-support/fake-caches';
import { DOWNLOAD_CHUNK_BYTES, OFFLINE_MESSAGES } from '@contracts/offline-learning';
import { DOWNLOAD_CANCELLED, storeFetched } from './background-fetch-store';
import {
  FORGOTTEN_GRACE_MS,
  STORING_MESSAGE,
  abortBackgroundFetch,
  backgroundFetchId,
  courseOfBackgroundFetch,
  followBackgroundFetch,
  handToBrowser,
  type FetchRegistration,
} from './background-fetch';
import { rangeResponse } from './chunks';
import { downloadsDb, type StoredCourse } from './downloads-db';

const COURSE = 'course-1';
const VIDEO = new Uint8Array(DOWNLOAD_CHUNK_BYTES + 5000).map((_, i) => (i * 13) % 251);
const PDF = new Uint8Array(3000).map((_, i) => i % 7);

const course = (over: Partial<StoredCourse> = {}): StoredCourse => ({
  courseId: COURSE,
  userId: 'user-1',
  title: 'GMP offline',
  syllabus: { courseId: COURSE, modules: [], entitled: true, noSkipping: false },
  lessonIds: ['l1', 'l2'],
  licence: 'e30.sig',
  licenceExpiresAt: '2026-12-26T10:00:00.000Z',
  files: [
    { lessonId: 'l1', file: 'video.mp4', url: 'http://academy.test/media/lessons/l1/cred-1/video.mp4', bytes: VIDEO.length, chunks: 2, done: [] },
    { lessonId: 'l2', file: 'document.pdf', url: 'http://academy.test/media/lessons/l2/cred-1/document.pdf', bytes: PDF.length, chunks: 1, done: [] },
  ],
  totalBytes: VIDEO.length + PDF.length,
  state: 'downloading',
  problem: null,
  savedAt: '2026-11-28T10:00:00.000Z',
  checkedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

let fakeCaches: FakeCaches;

beforeEach(() => {
  fakeCaches = new FakeCaches();
  vi.stubGlobal('caches', fakeCaches);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await downloadsDb().courses.clear();
});

const stored = async () => (await downloadsDb().courses.get(COURSE))!;
const same = async (response: Response, bytes: Uint8Array) => Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes));

describe('what a background fetch brought, stored by the worker', () => {
  it('is stored as the download’s chunks, served back byte for byte, and completes the course', async () => {
    await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
    await storeFetched(COURSE, [
      { url: 'http://academy.test/media/lessons/l1/cred-1/video.mp4', response: new Response(VIDEO) },
      // The package was renewed meanwhile: another credential in the address, the same lesson and file.
      { url: 'http://academy.test/media/lessons/l2/cred-0/document.pdf', response: new Response(PDF) },
    ]);
    const after = await stored();
    expect(after).toMatchObject({ state: 'complete', problem: null, backgroundFetch: undefined });
    expect(after.files.map((f) => f.done)).toEqual([[0, 1], [0]]);
    expect(await same(await rangeResponse(after.files[0]!, null), VIDEO)).toBe(true);
    const across = await rangeResponse(after.files[0]!, `bytes=${DOWNLOAD_CHUNK_BYTES - 10}-${DOWNLOAD_CHUNK_BYTES + 9}`);
    expect(await same(across, VIDEO.slice(DOWNLOAD_CHUNK_BYTES - 10, DOWNLOAD_CHUNK_BYTES + 10))).toBe(true);
    expect(await same(await rangeResponse(after.files[1]!, null), PDF)).toBe(true);
  });

  it('stores a part fetched by a byte range from its chunk on, beside the chunks the page had stored', async () => {
    const cache = await fakeCaches.open('lesson-downloads');
    // The page had stored the video's first chunk before the app was hidden.
    await cache.put(`/offline/lessons/l1/video.mp4/chunk/0`, new Response(VIDEO.slice(0, DOWNLOAD_CHUNK_BYTES)));
    await downloadsDb().courses.put(
      course({ backgroundFetch: backgroundFetchId(COURSE), files: [{ ...course().files[0]!, done: [0], backgroundFrom: DOWNLOAD_CHUNK_BYTES }] }),
    );
    const part = VIDEO.slice(DOWNLOAD_CHUNK_BYTES);
    await storeFetched(COURSE, [
      {
        url: 'http://academy.test/media/lessons/l1/cred-1/video.mp4',
        response: new Response(part, { status: 206, headers: { 'Content-Range': `bytes ${DOWNLOAD_CHUNK_BYTES}-${VIDEO.length - 1}/${VIDEO.length}` } }),
      },
    ]);
    const after = await stored();
    expect(after).toMatchObject({ state: 'complete', backgroundFetch: undefined });
    expect(after.files[0]!.done).toEqual([0, 1]);
    expect(after.files[0]!.backgroundFrom).toBeUndefined();
    expect(await same(await rangeResponse(after.files[0]!, null), VIDEO)).toBe(true);
  });

  it('refuses a part that does not begin at a chunk or end at the file’s end, and keeps the whole chunks of one cut short', async () => {
    const range = (from: number, to: number, size = VIDEO.length) => ({ 'Content-Range': `bytes ${from}-${to}/${size}` });
    const url = 'http://academy.test/media/lessons/l1/cred-1/video.mp4';
    for (const headers of [
      range(10, VIDEO.length - 1),
      range(DOWNLOAD_CHUNK_BYTES, VIDEO.length - 2),
      range(DOWNLOAD_CHUNK_BYTES, VIDEO.length - 1, VIDEO.length + 1),
      {},
    ]) {
      await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
      await storeFetched(COURSE, [{ url, response: new Response(VIDEO.slice(DOWNLOAD_CHUNK_BYTES), { status: 206, headers }) }]);
      expect((await stored()).files[0]!.done).toEqual([]);
      expect(fakeCaches.store.size).toBe(0);
    }
    // The connection dropped after the first chunk of the whole file: that chunk stays, the rest is the page's.
    await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
    await storeFetched(COURSE, [{ url, response: new Response(VIDEO.slice(0, DOWNLOAD_CHUNK_BYTES + 10)) }]);
    expect(await stored()).toMatchObject({ state: 'downloading', backgroundFetch: undefined });
    expect((await stored()).files[0]!.done).toEqual([0]);
    expect(await same(await rangeResponse((await stored()).files[0]!, `bytes=0-${DOWNLOAD_CHUNK_BYTES - 1}`), VIDEO.slice(0, DOWNLOAD_CHUNK_BYTES))).toBe(true);
    // Longer than the file: it has changed, and nothing it brought is kept.
    fakeCaches.store.clear();
    await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
    await storeFetched(COURSE, [{ url, response: new Response(new Uint8Array(VIDEO.length + 1)) }]);
    expect((await stored()).files[0]!.done).toEqual([]);
    expect(fakeCaches.store.size).toBe(0);
  });

  it('leaves a file that did not arrive whole to the page’s chunks (the mark cleared, the course still downloading)', async () => {
    await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
    await storeFetched(COURSE, [
      { url: 'http://academy.test/media/lessons/l1/cred-1/video.mp4', response: new Response(VIDEO.slice(0, 100)) },
      { url: 'http://academy.test/media/lessons/l2/cred-1/document.pdf', response: new Response('expired', { status: 403 }) },
    ]);
    expect(await stored()).toMatchObject({ state: 'downloading', backgroundFetch: undefined });
    expect((await stored()).files.map((f) => f.done)).toEqual([[], []]);
    expect(fakeCaches.store.size).toBe(0);
  });

  it('out of room: stops with the message; cancelled from the notice: waits for Resume', async () => {
    await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
    fakeCaches.room = 1;
    await storeFetched(COURSE, [{ url: 'http://academy.test/media/lessons/l1/cred-1/video.mp4', response: new Response(VIDEO) }]);
    expect(await stored()).toMatchObject({ state: 'failed', problem: OFFLINE_MESSAGES.quotaExceeded, backgroundFetch: undefined });
    expect((await stored()).files[0]!.done).toEqual([]);

    await downloadsDb().courses.put(course({ backgroundFetch: backgroundFetchId(COURSE) }));
    await storeFetched(COURSE, [], { aborted: true });
    expect(await stored()).toMatchObject({ state: 'paused', problem: DOWNLOAD_CANCELLED, backgroundFetch: undefined });
  });

  it('names its course by the fetch’s id, and nothing else', () => {
    expect(courseOfBackgroundFetch(backgroundFetchId('c 1'))).toBe('c 1');
    expect(courseOfBackgroundFetch('outbox-sync')).toBeNull();
  });
});

/** The browser's BackgroundFetchManager: records what it is asked, reports progress, ends when told. */
class FakeFetch extends EventTarget implements FetchRegistration {
  downloaded = 0;
  result: FetchRegistration['result'] = '';
  failureReason = '';
  aborted = false;
  async abort() {
    this.aborted = true;
    return true;
  }
  constructor(
    readonly id: string,
    readonly downloadTotal: number,
  ) {
    super();
  }
  async matchAll() {
    return [];
  }
  progress(downloaded: number, result: FetchRegistration['result'] = '') {
    this.downloaded = downloaded;
    this.result = result;
    this.dispatchEvent(new Event('progress'));
  }
}

function stubBrowser({ refuse = false } = {}) {
  const asked: Array<{ id: string; urls: string[]; ranges: Array<string | null>; total: number }> = [];
  let current: FakeFetch | undefined;
  let forgotten = false;
  const worker = { storing: false };
  const manager = {
    fetch: async (id: string, requests: Request[], options: { downloadTotal: number }) => {
      if (refuse) throw new DOMException('No room', 'QuotaExceededError');
      asked.push({ id, urls: requests.map((r) => r.url), ranges: requests.map((r) => r.headers.get('Range')), total: options.downloadTotal });
      current = new FakeFetch(id, options.downloadTotal);
      return current;
    },
    get: async () => (forgotten ? undefined : current),
  };
  // The worker answers whether it is storing the course's files (sw/background-downloads.ts).
  const active = {
    postMessage: (data: { type: string; courseId: string }, [port]: MessagePort[]) => {
      if (data.type === STORING_MESSAGE) port!.postMessage({ storing: worker.storing && data.courseId === COURSE });
    },
  };
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({ active, backgroundFetch: manager }) } });
  return { asked, fetch: () => current!, forget: () => (forgotten = true), worker };
}

describe('a background fetch the page hands over as the app goes out of view', () => {
  it('takes every file not yet whole from its first missing chunk; back in view, the page writes its progress and waits for the worker', async () => {
    await downloadsDb().courses.put(course({ files: [{ ...course().files[0]!, done: [0] }, course().files[1]!] }));
    const browser = stubBrowser();
    expect(await handToBrowser(await stored())).toBe(browser.fetch());
    expect(browser.asked).toEqual([
      {
        id: backgroundFetchId(COURSE),
        urls: ['http://academy.test/media/lessons/l1/cred-1/video.mp4', 'http://academy.test/media/lessons/l2/cred-1/document.pdf'],
        ranges: [`bytes=${DOWNLOAD_CHUNK_BYTES}-`, null],
        total: VIDEO.length - DOWNLOAD_CHUNK_BYTES + PDF.length,
      },
    ]);
    expect(await stored()).toMatchObject({ backgroundFetch: backgroundFetchId(COURSE) });
    expect((await stored()).files.map((f) => f.backgroundFrom)).toEqual([DOWNLOAD_CHUNK_BYTES, 0]);
    // One already running is not asked for twice.
    expect(await handToBrowser(await stored())).toBeNull();
    expect(browser.asked).toHaveLength(1);

    // Back in view: the page follows it.
    const ended = followBackgroundFetch(await stored());
    browser.fetch().progress(VIDEO.length - DOWNLOAD_CHUNK_BYTES + 1000);
    await vi.waitFor(async () => expect((await stored()).files.map((f) => f.fetchedBytes)).toEqual([VIDEO.length, 1000]));
    browser.fetch().progress(VIDEO.length - DOWNLOAD_CHUNK_BYTES + PDF.length, 'success');
    // The worker's part: it stores the files and clears the mark; the page's wait then ends.
    await storeFetched(COURSE, [{ url: 'http://academy.test/media/lessons/l2/cred-1/document.pdf', response: new Response(PDF) }]);
    expect(await ended).toBe(browser.fetch());
    expect((await stored()).files.map((f) => f.done)).toEqual([[0], [0]]);
    expect((await stored()).files.map((f) => f.fetchedBytes)).toEqual([undefined, undefined]);
  });

  it('a fetch the browser has already ended is not marked again; deleting the download stops one that runs', async () => {
    await downloadsDb().courses.put(course());
    const browser = stubBrowser();
    await handToBrowser(await stored());
    browser.fetch().progress(PDF.length + VIDEO.length, 'success');
    await storeFetched(COURSE, []);
    // The page opens again while the browser still holds the ended fetch: it does not wait on a mark the worker cleared.
    expect(await followBackgroundFetch(await stored())).toBe(browser.fetch());
    expect((await stored()).backgroundFetch).toBeUndefined();
    await abortBackgroundFetch(COURSE);
    expect((browser.fetch() as FakeFetch).aborted).toBe(true);
  });

  it('a fetch the browser has forgotten is waited for while the worker stores it; one nobody stores is given up after a grace', async () => {
    await downloadsDb().courses.put(course());
    const browser = stubBrowser();
    await handToBrowser(await stored());
    const first = followBackgroundFetch(await stored());
    // Ended and dropped from the browser's list, while the worker is still storing what arrived.
    browser.worker.storing = true;
    browser.forget();
    browser.fetch().progress(PDF.length + VIDEO.length, 'success');
    await new Promise((resolve) => setTimeout(resolve, FORGOTTEN_GRACE_MS + 500));
    expect((await stored()).backgroundFetch).toBe(backgroundFetchId(COURSE));
    await storeFetched(COURSE, []);
    browser.worker.storing = false;
    await first;

    // Forgotten before the page came back, and never stored (the worker was not woken): the page
    // clears the marks after the grace and goes on by chunks.
    await downloadsDb().courses.put(course());
    const again = stubBrowser();
    await handToBrowser(await stored());
    again.forget();
    const started = Date.now();
    expect(await followBackgroundFetch(await stored())).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(FORGOTTEN_GRACE_MS);
    expect(await stored()).toMatchObject({ backgroundFetch: undefined });
    expect((await stored()).files.map((f) => f.backgroundFrom)).toEqual([undefined, undefined]);
  }, 15_000);

  it('refused by the browser (no room): nothing marked, the page goes on itself', async () => {
    await downloadsDb().courses.put(course());
    stubBrowser({ refuse: true });
    expect(await handToBrowser(await stored())).toBeNull();
    expect((await stored()).backgroundFetch).toBeUndefined();
    expect((await stored()).files.map((f) => f.backgroundFrom)).toEqual([undefined, undefined]);
  });

  it('without Background Fetch: nothing', async () => {
    await downloadsDb().courses.put(course());
    vi.stubGlobal('navigator', {});
    expect(await handToBrowser(await stored())).toBeNull();
    expect(await followBackgroundFetch(await stored())).toBeNull();
  });
});
