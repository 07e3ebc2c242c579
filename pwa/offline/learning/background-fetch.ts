/**
 * Background Fetch for downloads (issue 34, point 1), where the browser has it: the files of a
 * course not yet begun are handed to the browser, which fetches them even when the app is closed
 * (with its own progress notification), and the service worker stores what arrived as chunks
 * (`storeFetched`), exactly as the page's own chunked fetch stores them. Whatever it did not bring
 * (a failure, an abort, a file already begun) is then fetched by the page chunk by chunk
 * (`downloader.ts`), so a download always finishes the same way.
 */
import { askWorker } from '@pwa/lib/ask-worker';
import { DOWNLOAD_CHUNK_BYTES, OFFLINE_MESSAGES } from '@contracts/offline-learning';
import { CHUNK_CACHE, StorageFull, deleteChunks, putChunk } from './chunks';
import { downloadsDb, isComplete, type StoredCourse, type StoredFile } from './downloads-db';

const PREFIX = 'course-download:';

/** Said beside Resume when the download was cancelled from the browser's own download notice. */
export const DOWNLOAD_CANCELLED = 'Paused: the download was cancelled. Resume to go on.';

/** Asked of the worker: is it storing what a course's background fetch brought (`{ storing }`)? */
export const STORING_MESSAGE = 'BACKGROUND_FETCH_STORING';

/**
 * How long a fetch the browser has forgotten, whose files the worker is not storing, is waited for
 * before the page fetches them itself: the browser drops the fetch from its list a moment before
 * the worker is woken to store it.
 */
export const FORGOTTEN_GRACE_MS = 3000;

export const backgroundFetchId = (courseId: string) => `${PREFIX}${courseId}`;
export const courseOfBackgroundFetch = (id: string) => (id.startsWith(PREFIX) ? id.slice(PREFIX.length) : null);

/** What the browser's Background Fetch gives a page or a worker (not yet in TypeScript's DOM types). */
export interface FetchRegistration extends EventTarget {
  id: string;
  abort(): Promise<boolean>;
  downloaded: number;
  downloadTotal: number;
  result: '' | 'success' | 'failure';
  failureReason: string;
  matchAll(): Promise<Array<{ request: Request; responseReady: Promise<Response> }>>;
}
interface FetchManager {
  fetch(id: string, requests: Request[], options: { title: string; downloadTotal: number }): Promise<FetchRegistration>;
  get(id: string): Promise<FetchRegistration | undefined>;
}

const managerOf = (registration: ServiceWorkerRegistration | undefined) =>
  (registration as (ServiceWorkerRegistration & { backgroundFetch?: FetchManager }) | undefined)?.backgroundFetch;

/** The files a background fetch takes: those of which nothing is stored yet (one begun goes on by chunks). */
export const untouched = (course: StoredCourse) => course.files.filter((f) => f.done.length === 0 && f.bytes > 0);

/**
 * Hands the course's untouched files to the browser and resolves when its fetch has ended and what
 * it brought is stored (or at once with null where there is no Background Fetch, nothing to take,
 * or the browser refused it: then the page fetches everything itself). Progress is written to the
 * files' `fetchedBytes` while this page is open.
 */
export async function fetchInBackground(course: StoredCourse): Promise<FetchRegistration | null> {
  const registration = await navigator.serviceWorker?.getRegistration?.().catch(() => undefined);
  const manager = managerOf(registration);
  if (!manager || !registration?.active) return null;
  const id = backgroundFetchId(course.courseId);
  // The browser has forgotten the fetch and the worker is not storing it.
  const gone = async () => !(await manager.get(id).catch(() => undefined)) && !(await workerStoring(registration.active, course.courseId));
  const running = await manager.get(id).catch(() => undefined);
  if (running) {
    // Begun earlier (the app was closed meanwhile): followed to its end. One that has ended is the
    // worker's to store, and its mark is not set again.
    if (running.result === '') await markRunning(course.courseId, id);
    await followProgress(course.courseId, untouched(course), running, gone);
    return running;
  }
  const files = untouched(course);
  if (files.length === 0) return markRunning(course.courseId, undefined).then(() => null);
  await markRunning(course.courseId, id);
  let fetch: FetchRegistration;
  try {
    fetch = await manager.fetch(
      id,
      files.map((f) => new Request(f.url)),
      { title: `Downloading ${course.title}`, downloadTotal: files.reduce((sum, f) => sum + f.bytes, 0) },
    );
  } catch {
    // No room (the browser checks the total first), or it declined: the page's own fetch goes on and says why.
    await markRunning(course.courseId, undefined);
    return null;
  }
  await followProgress(course.courseId, files, fetch, gone);
  return fetch;
}

/** Whether the worker says it is storing the course's fetched files (no answer within a second: no). */
async function workerStoring(worker: ServiceWorker | null | undefined, courseId: string): Promise<boolean> {
  const answer = await askWorker<{ storing?: unknown }>(worker, { type: STORING_MESSAGE, courseId }, 1000);
  return answer?.storing === true;
}

/** Stops the course's background fetch, if one runs (its download is being deleted). */
export async function abortBackgroundFetch(courseId: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration?.().catch(() => undefined);
  const running = await managerOf(registration)
    ?.get(backgroundFetchId(courseId))
    .catch(() => undefined);
  await running?.abort().catch(() => false);
}

/** The course's mark of a running background fetch (cleared by the worker once it has stored what arrived). */
const PROGRESS_WRITE_MS = 400;

const markRunning = (courseId: string, id: string | undefined) => downloadsDb().courses.update(courseId, { backgroundFetch: id });

/** Writes the fetch's progress onto its files (in request order) until it ends, then waits for the worker to store them. */
async function followProgress(courseId: string, files: StoredFile[], fetch: FetchRegistration, gone: () => Promise<boolean>): Promise<void> {
  const write = async () => {
    let left = fetch.downloaded;
    const fetched = new Map(files.map((f) => [`${f.lessonId}/${f.file}`, Math.max(0, Math.min(f.bytes, (left -= f.bytes) + f.bytes))]));
    await downloadsDb()
      .courses.where('courseId')
      .equals(courseId)
      .modify((course) => {
        // Once the worker has stored what arrived (its mark cleared), progress is no longer written.
        if (course.backgroundFetch !== fetch.id) return;
        for (const f of course.files) f.fetchedBytes = fetched.get(`${f.lessonId}/${f.file}`) ?? f.fetchedBytes;
      });
  };
  // At most one write per PROGRESS_WRITE_MS (the browser reports often), the last one always.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await new Promise<void>((resolve) => {
    const onProgress = () => {
      if (fetch.result !== '') {
        clearTimeout(timer);
        fetch.removeEventListener('progress', onProgress);
        void write()
          .catch(() => undefined)
          .then(resolve);
      } else
        timer ??= setTimeout(() => {
          timer = undefined;
          void write().catch(() => undefined);
        }, PROGRESS_WRITE_MS);
    };
    fetch.addEventListener('progress', onProgress);
    onProgress();
  });
  // The worker stores what arrived once the browser tells it (`backgroundfetchsuccess`/`fail`):
  // wait for it to clear the mark, or for the browser to forget the fetch (its event handled).
  const until = Date.now() + 120_000;
  let goneSince: number | undefined;
  for (;;) {
    const course = await downloadsDb().courses.get(courseId);
    if (!course || course.backgroundFetch !== fetch.id) return;
    goneSince = (await gone()) ? (goneSince ?? Date.now()) : undefined;
    if ((goneSince !== undefined && Date.now() - goneSince >= FORGOTTEN_GRACE_MS) || Date.now() > until) return void (await markRunning(courseId, undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * In the service worker, when a background fetch has ended: each file that arrived whole is stored
 * as chunks and marked done; the course's mark of a running background fetch is cleared (the page,
 * if open, then fetches by chunks whatever is missing). Out of room, the download stops with the
 * message, as the page's own fetch does.
 */
export async function storeFetched(courseId: string, records: Array<{ url: string; response: Response | undefined }>, { aborted = false } = {}): Promise<void> {
  const db = downloadsDb();
  const course = await db.courses.get(courseId);
  if (!course) return;
  const cache = await caches.open(CHUNK_CACHE);
  let problem: string | null = null;
  try {
    for (const { url, response } of records) {
      // By its address, or (the package was fetched again meanwhile, with fresh credentials) by its lesson and name.
      const path = new URL(url).pathname;
      const file = course.files.find((f) => f.url === url) ?? course.files.find((f) => path.includes(`/${f.lessonId}/`) && path.endsWith(`/${f.file}`));
      if (!file || !response?.body || response.status !== 200) continue;
      if (await storeInChunks(cache, file, response.body)) file.done = Array.from({ length: file.chunks }, (_, i) => i);
      // Cut short (or longer than the package said): its pieces go; the page fetches it by chunks.
      else await deleteChunks([file]);
    }
  } catch (error) {
    if (!(error instanceof StorageFull)) throw error;
    problem = OFFLINE_MESSAGES.quotaExceeded;
  } finally {
    // Whatever happened, what was stored is marked and the mark of a running fetch is cleared.
    await settle(courseId, course, problem, aborted);
  }
}

/** Reads a file's body as it streams in (never the whole video in memory), storing each chunk as it fills; whether all of it arrived. */
async function storeInChunks(cache: Cache, file: StoredFile, body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  let chunk = new Uint8Array(DOWNLOAD_CHUNK_BYTES);
  let filled = 0;
  let index = 0;
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > file.bytes) return reader.cancel().then(() => false);
    for (let offset = 0; offset < value.length;) {
      const take = Math.min(value.length - offset, DOWNLOAD_CHUNK_BYTES - filled);
      chunk.set(value.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === DOWNLOAD_CHUNK_BYTES) {
        await putChunk(cache, file, index++, chunk);
        chunk = new Uint8Array(DOWNLOAD_CHUNK_BYTES);
        filled = 0;
      }
    }
  }
  if (filled > 0) await putChunk(cache, file, index, chunk.slice(0, filled));
  return total === file.bytes;
}

async function settle(courseId: string, course: StoredCourse, problem: string | null, aborted: boolean): Promise<void> {
  const db = downloadsDb();
  await db.transaction('rw', db.courses, async () => {
    const now = await db.courses.get(courseId);
    if (!now) return;
    for (const f of now.files) {
      const stored = course.files.find((c) => c.lessonId === f.lessonId && c.file === f.file && c.bytes === f.bytes);
      if (stored && isComplete(stored)) f.done = stored.done;
      delete f.fetchedBytes;
    }
    const complete = now.files.every(isComplete);
    await db.courses.put({
      ...now,
      backgroundFetch: undefined,
      state: problem ? 'failed' : complete ? 'complete' : aborted ? 'paused' : now.state,
      problem: problem ?? (complete ? null : aborted ? DOWNLOAD_CANCELLED : now.problem),
    });
  });
}
