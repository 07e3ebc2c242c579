/**
 * Downloading a course (issue 34) against a fake server and a Cache Storage that can run out of
 * space (fake IndexedDB for the records): chunks by byte range, served back with ranges across
 * chunk boundaries; out of space mid-download stops with the message and keeps what is stored,
 * and Resume fetches only what is missing; a dropped connection pauses; an address that ran out
 * is asked for again; Delete leaves nothing behind. Where the browser has Background Fetch, the app
 * going out of view hands what is left to it, and back in view the page finishes what it left.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCaches } from '@pwa/test-support/fake-caches';
import { DOWNLOAD_CHUNK_BYTES, OFFLINE_MESSAGES, type DownloadPackage } from '@contracts/offline-learning';
import type { FetchRegistration } from './background-fetch';
import { storeFetched } from './background-fetch-store';
import { CHUNK_CACHE, rangeResponse } from './chunks';
import { PARALLEL_CHUNKS, WAITING_FOR_CONNECTION, deleteDownload, downloadCourse } from './downloader';
import { downloadsDb } from './downloads-db';

const FILE = new Uint8Array(DOWNLOAD_CHUNK_BYTES * 2 + 12_345).map((_, i) => (i * 7 + (i >> 12)) % 251);
const COURSE = 'course-1';

let fakeCaches: FakeCaches;
let ranges: string[];
let packages: number;
/** The course's assessments as the learner's list gives them. */
let exams: Array<Record<string, unknown>>;
/** How the next media requests go: 'ok', 'drop' (no connection), 'expired' (403). */
let mediaPlan: Array<'ok' | 'drop' | 'expired'>;
/** Media requests open at once, now and at most. */
let inFlight: number;
let mostInFlight: number;
/** How long a media request takes, by its range (5 ms unless told). */
let mediaDelay: (range: string) => number;

function pkg(): DownloadPackage {
  packages++;
  return {
    courseId: COURSE,
    title: 'GMP offline',
    licence: 'e30.sig',
    licenceExpiresAt: '2026-12-26T10:00:00.000Z',
    syllabus: { courseId: COURSE, modules: [], entitled: true, noSkipping: false },
    files: [{ lessonId: 'lesson-1', file: 'video.mp4', url: `http://academy.test/media/lessons/lesson-1/cred-${packages}/video.mp4`, bytes: FILE.length }],
    totalBytes: FILE.length,
  };
}

beforeEach(() => {
  fakeCaches = new FakeCaches();
  ranges = [];
  packages = 0;
  mediaPlan = [];
  exams = [];
  inFlight = 0;
  mostInFlight = 0;
  mediaDelay = () => 5;
  vi.stubGlobal('caches', fakeCaches);
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === `/api/courses/${COURSE}/download`) return Response.json(pkg());
    if (url === '/api/offline-licence-key') return Response.json({ jwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } });
    if (url === `/api/me/courses/${COURSE}/assessments`) return Response.json(exams);
    if (url === '/api/assessments/final-1/offline-paper')
      return Response.json({
        paperId: 'paper-1',
        assessmentId: 'final-1',
        courseId: COURSE,
        kind: 'final',
        title: 'Final',
        timeLimitMinutes: null,
        passMarkPercent: 70,
        questions: [],
      });
    const plan = mediaPlan.shift() ?? 'ok';
    if (plan === 'drop') throw new TypeError('Failed to fetch');
    if (plan === 'expired' || !url.includes(`cred-${packages}/`)) return new Response('expired', { status: 403 });
    const range = (init.headers as Record<string, string>).Range!;
    ranges.push(range);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, mediaDelay(range));
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The user aborted a request.', 'AbortError'));
        });
      });
    } finally {
      inFlight -= 1;
    }
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(range)!;
    return new Response(FILE.slice(Number(from), Number(to) + 1), { status: 206 });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await downloadsDb().courses.clear();
  await downloadsDb().papers.clear();
});

const stored = () => downloadsDb().courses.get(COURSE);
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
/** Byte for byte (a deep equality of megabytes would take minutes). */
const same = (a: Buffer, b: Uint8Array) => a.equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('downloading a course', () => {
  it('stores the file chunk by chunk and answers byte ranges from the chunks, across their boundaries', async () => {
    await downloadCourse(COURSE, 'user-1');
    const course = await stored();
    expect(course).toMatchObject({ state: 'complete', problem: null, userId: 'user-1', totalBytes: FILE.length });
    expect(course!.files[0]!.done.sort()).toEqual([0, 1, 2]);
    expect([...fakeCaches.opened]).toEqual([CHUNK_CACHE]);
    expect(ranges).toEqual([
      `bytes=0-${DOWNLOAD_CHUNK_BYTES - 1}`,
      `bytes=${DOWNLOAD_CHUNK_BYTES}-${2 * DOWNLOAD_CHUNK_BYTES - 1}`,
      `bytes=${2 * DOWNLOAD_CHUNK_BYTES}-${FILE.length - 1}`,
    ]);
    // The three chunks were asked for at once (up to PARALLEL_CHUNKS), not one after another.
    expect(PARALLEL_CHUNKS).toBeGreaterThanOrEqual(3);
    expect(mostInFlight).toBe(3);

    const file = course!.files[0]!;
    const whole = await rangeResponse(file, null);
    expect(whole.status).toBe(200);
    expect(same(await bytesOf(whole), FILE)).toBe(true);
    const from = DOWNLOAD_CHUNK_BYTES - 100;
    const across = await rangeResponse(file, `bytes=${from}-${from + 299}`);
    expect(across.status).toBe(206);
    expect(across.headers.get('Content-Range')).toBe(`bytes ${from}-${from + 299}/${FILE.length}`);
    expect(same(await bytesOf(across), FILE.slice(from, from + 300))).toBe(true);
    const tail = await rangeResponse(file, `bytes=${FILE.length - 10}-`);
    expect(same(await bytesOf(tail), FILE.slice(-10))).toBe(true);
    expect((await rangeResponse(file, `bytes=${FILE.length}-`)).status).toBe(416);
    expect((await rangeResponse(file, 'bytes=abc')).status).toBe(416);
  });

  it('out of space mid-download: stops with the message, keeps what is stored, and Resume fetches only the rest', async () => {
    fakeCaches.room = 1;
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'failed', problem: OFFLINE_MESSAGES.quotaExceeded });
    expect((await stored())!.files[0]!.done).toEqual([0]);
    expect(fakeCaches.store.size).toBe(1);

    // Space freed: Resume.
    fakeCaches.room = Infinity;
    ranges = [];
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'complete', problem: null });
    expect(ranges.map((r) => r.split('=')[1]!.split('-')[0])).toEqual([String(DOWNLOAD_CHUNK_BYTES), String(2 * DOWNLOAD_CHUNK_BYTES)]);
    expect(same(await bytesOf(await rangeResponse((await stored())!.files[0]!, null)), FILE)).toBe(true);
  });

  it('a dropped connection pauses the download; it resumes where it stopped', async () => {
    mediaPlan = ['ok', 'drop'];
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'paused', problem: WAITING_FOR_CONNECTION });
    // The chunk whose request failed is missing; those in flight beside it were kept (chunks are fetched PARALLEL_CHUNKS at a time).
    expect([...(await stored())!.files[0]!.done].sort()).toEqual([0, 2]);
    ranges = [];
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'complete' });
    expect(ranges).toEqual([`bytes=${DOWNLOAD_CHUNK_BYTES}-${2 * DOWNLOAD_CHUNK_BYTES - 1}`]);
    expect(same(await bytesOf(await rangeResponse((await stored())!.files[0]!, null)), FILE)).toBe(true);
  });

  it('an address that ran out is asked for again, and the download goes on', async () => {
    mediaPlan = ['ok', 'expired'];
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'complete' });
    expect(packages).toBe(2);
    expect(same(await bytesOf(await rangeResponse((await stored())!.files[0]!, null)), FILE)).toBe(true);
  });

  it('Delete leaves neither the record, nor a chunk, nor an unused exam paper', async () => {
    exams = [{ id: 'final-1', kind: 'final', attemptsLeft: null, best: null }];
    await downloadCourse(COURSE, 'user-1');
    expect(fakeCaches.store.size).toBe(3);
    // The course's final exam came with it, to take offline.
    expect((await downloadsDb().papers.toArray()).map((p) => [p.paperId, p.state, p.userId])).toEqual([['paper-1', 'ready', 'user-1']]);
    await deleteDownload(COURSE);
    expect(await stored()).toBeUndefined();
    expect(fakeCaches.store.size).toBe(0);
    expect(await downloadsDb().papers.count()).toBe(0);
  });
});

/** The page's visibility, switched by the test. */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** The browser's Background Fetch: records what it is asked; `end` finishes it. */
function stubBackgroundFetch({ refuse = false } = {}) {
  const asked: Array<{ urls: string[]; ranges: Array<string | null> }> = [];
  let current: (EventTarget & Pick<FetchRegistration, 'id' | 'downloaded' | 'result' | 'abort'>) | undefined;
  const manager = {
    fetch: async (id: string, requests: Request[]) => {
      if (refuse) throw new DOMException('No room', 'QuotaExceededError');
      asked.push({ urls: requests.map((r) => r.url), ranges: requests.map((r) => r.headers.get('Range')) });
      current = Object.assign(new EventTarget(), { id, downloaded: 0, result: '' as FetchRegistration['result'], abort: async () => true });
      return current;
    },
    get: async () => current,
  };
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({ active: { postMessage: () => undefined }, backgroundFetch: manager }) } });
  return {
    asked,
    progress: (downloaded: number) => {
      current!.downloaded = downloaded;
      current!.dispatchEvent(new Event('progress'));
    },
    end: () => {
      current!.result = 'success';
      current!.dispatchEvent(new Event('progress'));
    },
  };
}

describe('the app going out of view mid-download, where the browser has Background Fetch', () => {
  let page: FakeDocument;
  beforeEach(() => {
    page = new FakeDocument();
    vi.stubGlobal('document', page);
  });

  it('hands the rest to the browser from the first chunk not stored (the chunks in flight dropped); back in view, the page follows it and fetches nothing it brought', async () => {
    const browser = stubBackgroundFetch();
    // The first chunk arrives at once, the others take long enough for the app to be hidden meanwhile.
    mediaDelay = (range) => (range.startsWith('bytes=0-') ? 1 : 2000);
    const download = downloadCourse(COURSE, 'user-1');
    await vi.waitFor(async () => expect((await stored())?.files[0]!.done).toEqual([0]));
    page.set('hidden');
    await download;
    expect(browser.asked).toEqual([
      { urls: [expect.stringContaining('/media/lessons/lesson-1/cred-1/video.mp4')], ranges: [`bytes=${DOWNLOAD_CHUNK_BYTES}-`] },
    ]);
    expect(await stored()).toMatchObject({ state: 'downloading', backgroundFetch: 'course-download:course-1' });
    expect(inFlight).toBe(0);

    // Back in view, the page goes on by itself (it asks for a fresh package) and follows the browser's fetch.
    ranges = [];
    page.set('visible');
    await vi.waitFor(() => expect(packages).toBe(2));
    browser.progress(1000);
    await vi.waitFor(async () => expect((await stored())!.files[0]!.fetchedBytes).toBe(DOWNLOAD_CHUNK_BYTES + 1000));
    // The browser brings the part and the worker stores it; the page's run then ends (joined here, as a second press would).
    browser.end();
    await storeFetched(COURSE, [
      {
        url: browser.asked[0]!.urls[0]!,
        response: new Response(FILE.slice(DOWNLOAD_CHUNK_BYTES), {
          status: 206,
          headers: { 'Content-Range': `bytes ${DOWNLOAD_CHUNK_BYTES}-${FILE.length - 1}/${FILE.length}` },
        }),
      },
    ]);
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'complete', backgroundFetch: undefined });
    expect(ranges).toEqual([]);
    expect(same(await bytesOf(await rangeResponse((await stored())!.files[0]!, null)), FILE)).toBe(true);
  });

  it('back in view after the browser brought nothing, the page fetches the rest by chunks', async () => {
    const browser = stubBackgroundFetch();
    page.set('hidden');
    // Begun while hidden (a resume in a background tab): all of it goes to the browser at once.
    await downloadCourse(COURSE, 'user-1');
    expect(browser.asked).toEqual([{ urls: [expect.stringContaining('/video.mp4')], ranges: [null] }]);
    expect(ranges).toEqual([]);
    // It failed, and the worker stored nothing.
    browser.end();
    await storeFetched(COURSE, [], {});
    page.set('visible');
    await vi.waitFor(() => expect(packages).toBe(2));
    await downloadCourse(COURSE, 'user-1');
    expect(await stored()).toMatchObject({ state: 'complete' });
    expect(ranges).toHaveLength(3);
    expect(same(await bytesOf(await rangeResponse((await stored())!.files[0]!, null)), FILE)).toBe(true);
  });

  it('refused by the browser (no room for it), the page goes on by itself', async () => {
    const browser = stubBackgroundFetch({ refuse: true });
    page.set('hidden');
    await downloadCourse(COURSE, 'user-1');
    expect(browser.asked).toEqual([]);
    expect(await stored()).toMatchObject({ state: 'complete', backgroundFetch: undefined });
    expect(ranges).toHaveLength(3);
  });
});
