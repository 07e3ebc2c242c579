/**
 * Background Fetch for downloads (issue 34, point 1), where the browser has it: while the app is
 * in view the page fetches a course by its own chunks (`downloader.ts`: four at once, several times
 * a background fetch's pace); when the app is hidden or closed, the page hands what is left to the
 * browser (`handToBrowser`), which fetches it even with the app closed, with its own progress
 * notification. Each file not yet whole goes from its first missing chunk (a byte range for one
 * the page had begun), and the service worker stores what arrived as the same chunks
 * (`background-fetch-store.ts`). Back in view, the page follows the browser's fetch to its end
 * (`followBackgroundFetch`), then fetches by chunks whatever it did not bring (a failure, a
 * cancel), so a download always finishes the same way.
 */
import { askWorker } from '@pwa/lib/ask-worker';
import { DOWNLOAD_CHUNK_BYTES } from '@contracts/offline-learning';
import { downloadsDb, isComplete, type StoredCourse, type StoredFile } from './downloads-db';

const PREFIX = 'course-download:';

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

const registrationOf = () => navigator.serviceWorker?.getRegistration?.().catch(() => undefined) ?? Promise.resolve(undefined);

/** The browser's Background Fetch with the active worker that stores what it brings; null where either is missing. */
async function backgroundFetchOf(): Promise<{ manager: FetchManager; worker: ServiceWorker } | null> {
  const registration = await registrationOf();
  const manager = managerOf(registration);
  return manager && registration?.active ? { manager, worker: registration.active } : null;
}

/** Whether this browser can take a download over when the app is hidden. */
export const canHandToBrowser = async (): Promise<boolean> => (await backgroundFetchOf()) !== null;

/** Where the browser's fetch of a file begins: at its first chunk not stored (0 for a file not begun). */
export const firstMissingByte = (file: StoredFile) => {
  let index = 0;
  while (file.done.includes(index)) index += 1;
  return index * DOWNLOAD_CHUNK_BYTES;
};

/**
 * Hands what is left of a course to the browser: every file not yet whole, from its first missing
 * chunk (a byte range for a file begun), the course marked with the fetch and each file with where
 * its part begins (`backgroundFrom`). Resolves once the browser has it, without waiting for it to
 * end; null where there is no Background Fetch, nothing left, one already running, or the browser
 * refused (then the download waits for the page, as it always did).
 */
export async function handToBrowser(course: StoredCourse): Promise<FetchRegistration | null> {
  const { manager } = (await backgroundFetchOf()) ?? {};
  if (!manager) return null;
  const id = backgroundFetchId(course.courseId);
  if (await manager.get(id).catch(() => undefined)) return null;
  const parts = course.files.filter((f) => f.bytes > 0 && !isComplete(f)).map((file) => ({ file, from: firstMissingByte(file) }));
  if (parts.length === 0) return null;
  await mark(course.courseId, id, new Map(parts.map(({ file, from }) => [fileKey(file), from])));
  try {
    return await manager.fetch(
      id,
      parts.map(({ file, from }) => new Request(file.url, from > 0 ? { headers: { Range: `bytes=${from}-` } } : {})),
      { title: `Downloading ${course.title}`, downloadTotal: parts.reduce((sum, { file, from }) => sum + file.bytes - from, 0) },
    );
  } catch {
    // No room (the browser checks the total first), or it declined: the page goes on when back in view.
    await mark(course.courseId, undefined);
    return null;
  }
}

/**
 * Follows the course's background fetch, if the app handed it one (hidden or closed meanwhile), to
 * its end and until the worker has stored what it brought, writing its progress onto the files'
 * `fetchedBytes`. Resolves with the fetch, or null when there is none.
 */
export async function followBackgroundFetch(course: StoredCourse): Promise<FetchRegistration | null> {
  const browser = await backgroundFetchOf();
  if (!browser) return null;
  const { manager, worker } = browser;
  const id = backgroundFetchId(course.courseId);
  // The browser has forgotten the fetch and the worker is not storing it.
  const gone = async () => !(await manager.get(id).catch(() => undefined)) && !(await workerStoring(worker, course.courseId));
  const running = await manager.get(id).catch(() => undefined);
  if (running) {
    // One that has ended is the worker's to store, and its mark is not set again.
    if (running.result === '') await markRunning(course.courseId, id);
    await followProgress(course.courseId, running, gone);
    return running;
  }
  // Marked but no longer listed: the browser may have just handed it to the worker.
  if (course.backgroundFetch === id) await untilStored(course.courseId, id, gone);
  return null;
}

/** Whether the worker says it is storing the course's fetched files (no answer within a second: no). */
async function workerStoring(worker: ServiceWorker | null | undefined, courseId: string): Promise<boolean> {
  const answer = await askWorker<{ storing?: unknown }>(worker, { type: STORING_MESSAGE, courseId }, 1000);
  return answer?.storing === true;
}

/** Stops the course's background fetch, if one runs (its download is being deleted). */
export async function abortBackgroundFetch(courseId: string): Promise<void> {
  const running = await managerOf(await registrationOf())
    ?.get(backgroundFetchId(courseId))
    .catch(() => undefined);
  await running?.abort().catch(() => false);
}

const PROGRESS_WRITE_MS = 400;

const fileKey = (file: Pick<StoredFile, 'lessonId' | 'file'>) => `${file.lessonId}/${file.file}`;

/** The course's mark of a running background fetch (cleared by the worker once it has stored what arrived). */
const markRunning = (courseId: string, id: string | undefined) => downloadsDb().courses.update(courseId, { backgroundFetch: id });

/** Marks the course with its fetch and each file with where its part begins (`from`); without an id, clears both. */
const mark = (courseId: string, id: string | undefined, from = new Map<string, number>()) =>
  downloadsDb()
    .courses.where('courseId')
    .equals(courseId)
    .modify((course) => {
      course.backgroundFetch = id;
      for (const f of course.files) {
        const begins = from.get(fileKey(f));
        if (begins === undefined) delete f.backgroundFrom;
        else f.backgroundFrom = begins;
      }
    });

/** Writes the fetch's progress onto its files (its parts in file order) until it ends, then waits for the worker to store them. */
async function followProgress(courseId: string, fetch: FetchRegistration, gone: () => Promise<boolean>): Promise<void> {
  const write = () =>
    downloadsDb()
      .courses.where('courseId')
      .equals(courseId)
      .modify((course) => {
        // Once the worker has stored what arrived (its mark cleared), progress is no longer written.
        if (course.backgroundFetch !== fetch.id) return;
        let left = fetch.downloaded;
        for (const f of course.files) {
          if (f.backgroundFrom === undefined) continue;
          const got = Math.max(0, Math.min(f.bytes - f.backgroundFrom, left));
          left -= got;
          f.fetchedBytes = f.backgroundFrom + got;
        }
      });
  // At most one write per PROGRESS_WRITE_MS (the browser reports often), the last one always.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await new Promise<void>((resolve) => {
    const onProgress = () => {
      if (fetch.result !== '') {
        clearTimeout(timer);
        fetch.removeEventListener('progress', onProgress);
        void write()
          .catch(() => undefined)
          .then(() => resolve());
      } else
        timer ??= setTimeout(() => {
          timer = undefined;
          void write().catch(() => undefined);
        }, PROGRESS_WRITE_MS);
    };
    fetch.addEventListener('progress', onProgress);
    onProgress();
  });
  await untilStored(courseId, fetch.id, gone);
}

/**
 * The worker stores what arrived once the browser tells it (`backgroundfetchsuccess`/`fail`): waits
 * for it to clear the mark, or for the browser to have forgotten the fetch with the worker not
 * storing it for FORGOTTEN_GRACE_MS (then clears the mark itself: the page fetches the rest).
 */
async function untilStored(courseId: string, id: string, gone: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 120_000;
  let goneSince: number | undefined;
  for (;;) {
    const course = await downloadsDb().courses.get(courseId);
    if (!course || course.backgroundFetch !== id) return;
    goneSince = (await gone()) ? (goneSince ?? Date.now()) : undefined;
    if ((goneSince !== undefined && Date.now() - goneSince >= FORGOTTEN_GRACE_MS) || Date.now() > until) return void (await mark(courseId, undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
