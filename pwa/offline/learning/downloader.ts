/**
 * Downloading a course for offline use (issue 34, point 1): the page's own chunked fetch — each
 * chunk a byte range of the file's short-lived address, a few at once (PARALLEL_CHUNKS), each
 * stored as it arrives, so a dropped connection or a closed tab loses at most the chunks in
 * flight and the download resumes where it stopped.
 * The first download asks the browser to keep the app's storage (`navigator.storage.persist()`).
 * Out of space: the download stops with a clear message, what is stored stays, and Resume goes on
 * once space is freed. An address that ran out is asked for again (the package answers fresh ones).
 * One run per course at a time, across tabs (a Web Lock). Where the browser has Background Fetch,
 * the app hidden or closed hands what is left to the browser (`background-fetch.ts`: the chunks in
 * flight are dropped, the rest goes on without the app); back in view, the page follows the
 * browser's fetch to its end and fetches by chunks whatever it did not bring. While the app is in
 * view the page's chunks do it all: they run at several times a background fetch's pace (the
 * offline bench). The course's final exams come with it as papers to take offline (`papers.ts`).
 */
import { DOWNLOAD_CHUNK_BYTES, OFFLINE_MESSAGES, type DownloadPackage, type LicenceKeyAnswer } from '@contracts/offline-learning';
import { apiRequest, getJson } from '@pwa/lib/api-client';
import { abortBackgroundFetch, canHandToBrowser, followBackgroundFetch, handToBrowser } from './background-fetch';
import { CHUNK_CACHE, StorageFull, deleteChunks, putChunk } from './chunks';
import { downloadsDb, isComplete, type StoredCourse, type StoredFile } from './downloads-db';
import { deletePapersOf, fetchPapers } from './papers';

export const WAITING_FOR_CONNECTION = 'Paused: waiting for a connection.';

const running = new Map<string, Promise<void>>();

async function fetchPackage(courseId: string): Promise<DownloadPackage> {
  return (await (await apiRequest('POST', `/api/courses/${encodeURIComponent(courseId)}/download`)).json()) as DownloadPackage;
}

/** The licences' public key, fetched once and kept with the downloads. */
export async function ensureKey(): Promise<void> {
  const db = downloadsDb();
  if (await db.keys.get('licence')) return;
  const { jwk } = await getJson<LicenceKeyAnswer>('/api/offline-licence-key');
  await db.keys.put({ id: 'licence', jwk });
}

/** The package's files merged with what is already stored (chunks of an unchanged file are kept). */
function mergeFiles(fresh: DownloadPackage, held: StoredCourse | undefined): StoredFile[] {
  return fresh.files.map((file) => {
    const before = held?.files.find((f) => f.lessonId === file.lessonId && f.file === file.file && f.bytes === file.bytes);
    // A part the browser is fetching (the app was hidden meanwhile) stays marked, so its progress shows.
    const fetching = before?.backgroundFrom === undefined ? {} : { backgroundFrom: before.backgroundFrom, fetchedBytes: before.fetchedBytes };
    return { ...file, chunks: Math.ceil(file.bytes / DOWNLOAD_CHUNK_BYTES), done: before?.done ?? [], ...fetching };
  });
}

async function savePackage(fresh: DownloadPackage, userId: string): Promise<void> {
  const db = downloadsDb();
  const stale = await db.transaction('rw', db.courses, async () => {
    const held = await db.courses.get(fresh.courseId);
    const files = mergeFiles(fresh, held);
    const now = new Date().toISOString();
    await db.courses.put({
      courseId: fresh.courseId,
      userId,
      title: fresh.title,
      syllabus: fresh.syllabus,
      lessonIds: [...new Set([...fresh.syllabus.modules.flatMap((m) => m.lessons.map((l) => l.id)), ...fresh.files.map((f) => f.lessonId)])],
      licence: fresh.licence,
      licenceExpiresAt: fresh.licenceExpiresAt,
      files,
      totalBytes: fresh.totalBytes,
      state: 'downloading',
      problem: null,
      savedAt: held?.savedAt ?? now,
      checkedAt: now,
      backgroundFetch: held?.backgroundFetch,
    });
    return (held?.files ?? []).filter((old) => !files.some((f) => f.lessonId === old.lessonId && f.file === old.file && f.bytes === old.bytes));
  });
  // Chunks of files the course no longer has (or that changed) go.
  if (stale.length) await deleteChunks(stale);
}

async function setState(courseId: string, state: StoredCourse['state'], problem: string | null = null): Promise<void> {
  await downloadsDb().courses.update(courseId, { state, problem });
}

class Stopped extends Error {}

/** Fetches and stores one chunk; 'renew' when the address ran out. `hidden` aborts it (the app went out of view). */
async function fetchChunk(courseId: string, file: StoredFile, index: number, cache: Cache, hidden: AbortSignal): Promise<'ok' | 'renew'> {
  const start = index * DOWNLOAD_CHUNK_BYTES;
  const end = Math.min(file.bytes, start + DOWNLOAD_CHUNK_BYTES) - 1;
  let response: Response;
  try {
    response = await fetch(file.url, { headers: { Range: `bytes=${start}-${end}` }, cache: 'no-store', signal: hidden });
  } catch {
    throw new Stopped(WAITING_FOR_CONNECTION);
  }
  if (response.status === 403 || response.status === 401) return 'renew';
  if (response.status >= 500) throw new Stopped(WAITING_FOR_CONNECTION);
  if (response.status !== 206 && !(response.status === 200 && start === 0 && end === file.bytes - 1))
    throw new Error(`The server answered ${response.status}.`);
  const bytes = await response.arrayBuffer().catch(() => {
    throw new Stopped(WAITING_FOR_CONNECTION);
  });
  if (bytes.byteLength !== end - start + 1) throw new Stopped(WAITING_FOR_CONNECTION);
  try {
    await putChunk(cache, file, index, bytes);
  } catch (error) {
    if (error instanceof StorageFull) throw new Stopped(OFFLINE_MESSAGES.quotaExceeded, { cause: 'quota' });
    throw error;
  }
  const db = downloadsDb();
  await db.transaction('rw', db.courses, async () => {
    const course = await db.courses.get(courseId);
    if (!course) throw new Stopped('deleted');
    const stored = course.files.find((f) => f.lessonId === file.lessonId && f.file === file.file);
    if (stored && !stored.done.includes(index)) stored.done.push(index);
    await db.courses.put(course);
  });
  return 'ok';
}

/** Chunks fetched at once: one request at a time left the connection idle between chunks (the bench measured a quarter of a plain fetch's throughput). */
export const PARALLEL_CHUNKS = 4;

type Pending = { file: StoredFile; index: number };

/**
 * The pending chunks, PARALLEL_CHUNKS at a time, in file order. The first problem stops the round
 * (the chunks in flight finish, nothing new starts): `renew` when an address ran out, else thrown.
 */
async function fetchRound(courseId: string, queue: Pending[], cache: Cache, hidden: AbortSignal): Promise<{ stored: number; renew: boolean }> {
  let next = 0;
  let stored = 0;
  let renew = false;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!renew && !failure && !hidden.aborted && next < queue.length) {
      const { file, index } = queue[next++]!;
      try {
        if ((await fetchChunk(courseId, file, index, cache, hidden)) === 'renew') renew = true;
        else stored += 1;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, queue.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return { stored, renew };
}

/** Fetches the missing chunks until the course is complete, paused or failed; 'hidden' when the app went out of view first. */
async function run(courseId: string, hidden: AbortSignal): Promise<'hidden' | void> {
  const db = downloadsDb();
  const cache = await caches.open(CHUNK_CACHE);
  let renewed = false;
  for (;;) {
    if (hidden.aborted) return 'hidden';
    const course = await db.courses.get(courseId);
    if (!course) return;
    const queue = course.files.flatMap((f) =>
      Array.from({ length: f.chunks }, (_, i) => i)
        .filter((i) => !f.done.includes(i))
        .map((i) => ({ file: f, index: i })),
    );
    if (!queue.length) return setState(courseId, 'complete');
    try {
      const round = await fetchRound(courseId, queue, cache, hidden);
      if (round.stored > 0) renewed = false;
      if (round.renew) {
        // Fresh addresses once; a second refusal in a row without progress: the course is not theirs any more.
        if (renewed) throw new Error('This course is no longer yours to download.');
        renewed = true;
        await savePackage(await fetchPackage(courseId), course.userId);
      }
    } catch (error) {
      // The chunks in flight were dropped as the app went out of view: nothing went wrong.
      if (hidden.aborted) return 'hidden';
      if (error instanceof Stopped) {
        if (error.message === 'deleted') return;
        return setState(courseId, error.cause === 'quota' ? 'failed' : 'paused', error.message);
      }
      return setState(courseId, 'failed', (error as Error).message);
    }
  }
}

/**
 * A signal aborted when the app goes out of view (hidden, or being closed), where the browser can
 * take the download over; never aborted elsewhere (the page's chunks go on while the page runs).
 */
async function untilHidden(): Promise<{ signal: AbortSignal; dispose: () => void }> {
  const hidden = new AbortController();
  if (typeof document === 'undefined' || !(await canHandToBrowser())) return { signal: hidden.signal, dispose: () => undefined };
  const check = () => {
    if (document.visibilityState === 'hidden') hidden.abort();
  };
  document.addEventListener('visibilitychange', check);
  check();
  return { signal: hidden.signal, dispose: () => document.removeEventListener('visibilitychange', check) };
}

/**
 * A fetch handed to the browser earlier (the app was hidden or closed meanwhile) followed to its
 * end, then the page's chunks; 'handed' when the app went out of view and the browser took the rest.
 */
async function runAll(courseId: string): Promise<'handed' | void> {
  const course = await downloadsDb().courses.get(courseId);
  if (!course) return;
  await followBackgroundFetch(course);
  const after = await downloadsDb().courses.get(courseId);
  // Stopped by the worker (out of room, or cancelled from the browser's notice): Resume goes on.
  if (!after || ((after.state === 'failed' || after.state === 'paused') && after.problem)) return;
  const hidden = await untilHidden();
  try {
    if ((await run(courseId, hidden.signal)) !== 'hidden') return;
  } finally {
    hidden.dispose();
  }
  const left = await downloadsDb().courses.get(courseId);
  if (!left) return;
  if (await handToBrowser(left)) return 'handed';
  // The browser declined it (no room, say): the page goes on while it runs.
  await run(courseId, new AbortController().signal);
}

/** Once the app is in view again: `then` (at once if it already is). */
function whenVisible(then: () => void): void {
  if (document.visibilityState !== 'hidden') return then();
  const check = () => {
    if (document.visibilityState === 'hidden') return;
    document.removeEventListener('visibilitychange', check);
    then();
  };
  document.addEventListener('visibilitychange', check);
}

/** Downloads (or resumes) a course for `userId`; resolves when it is complete, paused or failed, or handed to the browser as the app went out of view. */
export function downloadCourse(courseId: string, userId: string): Promise<void> {
  const active = running.get(courseId);
  if (active) return active;
  const work = (async () => {
    if (navigator.storage?.persist && !(await navigator.storage.persisted?.())) await navigator.storage.persist().catch(() => false);
    await ensureKey();
    await savePackage(await fetchPackage(courseId), userId);
    // The course's final exams, to take offline; without them the download still plays.
    await fetchPapers(courseId, userId).catch(() => undefined);
    const locks = navigator.locks;
    return locks ? await locks.request(`download-${courseId}`, () => runAll(courseId)) : await runAll(courseId);
  })().finally(() => running.delete(courseId));
  running.set(
    courseId,
    work.then(() => undefined),
  );
  // Handed to the browser: back in view, this page follows its fetch and finishes the download.
  void work.then((outcome) => outcome === 'handed' && whenVisible(() => void downloadCourse(courseId, userId).catch(() => undefined)));
  return running.get(courseId)!;
}

/** Resumes every download that was paused for want of a connection (the app calls it when back online). */
export async function resumePausedDownloads(): Promise<void> {
  const paused = (await downloadsDb().courses.toArray()).filter((c) => c.state === 'paused' || c.state === 'downloading');
  await Promise.all(paused.map((c) => downloadCourse(c.courseId, c.userId).catch(() => undefined)));
}

/** Deletes a course's download: its bytes and its record. */
export async function deleteDownload(courseId: string): Promise<void> {
  const db = downloadsDb();
  const course = await db.courses.get(courseId);
  if (!course) return;
  // A background fetch still running stops too (the browser would go on fetching and say so).
  await abortBackgroundFetch(courseId);
  await db.courses.delete(courseId);
  await deleteChunks(course.files);
  await deletePapersOf(courseId);
}

export async function deleteAllDownloads(): Promise<void> {
  for (const course of await downloadsDb().courses.toArray()) await deleteDownload(course.courseId);
}

export const downloadedFile = (course: StoredCourse | undefined, lessonId: string, file: StoredFile['file']) =>
  course?.files.find((f) => f.lessonId === lessonId && f.file === file && isComplete(f));
