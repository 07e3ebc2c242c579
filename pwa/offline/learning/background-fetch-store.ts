/**
 * In the service worker, what a course's background fetch brought (issue 34;
 * `background-fetch.ts` hands the rest of a download to the browser when the app goes out of
 * view): each file's part stored as the same chunks the page's own fetch stores, from the chunk
 * it began at, and marked done; the course's mark of a running fetch then cleared.
 */
import { DOWNLOAD_CHUNK_BYTES, OFFLINE_MESSAGES } from '@contracts/offline-learning';
import { CHUNK_CACHE, StorageFull, chunkPath, putChunk } from './chunks';
import { downloadsDb, isComplete, type StoredCourse, type StoredFile } from './downloads-db';

/** Said beside Resume when the download was cancelled from the browser's own download notice. */
export const DOWNLOAD_CANCELLED = 'Paused: the download was cancelled. Resume to go on.';

/** The chunk a fetched part begins at: 0 for a whole file (200); for a part (206), its Content-Range must run from a chunk's start to the file's end. */
function firstChunkOf(response: Response, file: StoredFile): number | null {
  if (response.status === 200) return 0;
  if (response.status !== 206) return null;
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '');
  if (!range) return null;
  const [start, end, size] = range.slice(1).map(Number) as [number, number, number];
  return size === file.bytes && end === file.bytes - 1 && start % DOWNLOAD_CHUNK_BYTES === 0 ? start / DOWNLOAD_CHUNK_BYTES : null;
}

/**
 * In the service worker, when a background fetch has ended: what arrived of each file is stored as
 * its chunks and marked done (a part cut short keeps its whole chunks); the course's mark of a
 * running background fetch is cleared (the page, once in view, fetches by chunks whatever is
 * missing). Out of room, the download stops with the message, as the page's own fetch does.
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
      const first = file && response?.body ? firstChunkOf(response, file) : null;
      if (!file || first === null) continue;
      const stored = await storeInChunks(cache, file, response!.body!, first);
      file.done = [...new Set([...file.done, ...stored])];
    }
  } catch (error) {
    if (!(error instanceof StorageFull)) throw error;
    problem = OFFLINE_MESSAGES.quotaExceeded;
  } finally {
    // Whatever happened, what was stored is marked and the mark of a running fetch is cleared.
    await settle(courseId, course, problem, aborted);
  }
}

/**
 * Reads a part of a file as it streams in (never the whole video in memory), from chunk `first`,
 * storing each chunk as it fills; the chunks stored. The last, short chunk only if the part reached
 * the file's end; a part longer than the file has changed: what it stored goes, and none counts.
 */
async function storeInChunks(cache: Cache, file: StoredFile, body: ReadableStream<Uint8Array>, first: number): Promise<number[]> {
  const expected = file.bytes - first * DOWNLOAD_CHUNK_BYTES;
  const reader = body.getReader();
  const stored: number[] = [];
  let chunk = new Uint8Array(DOWNLOAD_CHUNK_BYTES);
  let filled = 0;
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > expected) {
      await reader.cancel();
      await Promise.all(stored.map((index) => cache.delete(chunkPath(file.lessonId, file.file, index))));
      return [];
    }
    for (let offset = 0; offset < value.length;) {
      const take = Math.min(value.length - offset, DOWNLOAD_CHUNK_BYTES - filled);
      chunk.set(value.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === DOWNLOAD_CHUNK_BYTES) {
        const index = first + stored.length;
        await putChunk(cache, file, index, chunk);
        stored.push(index);
        chunk = new Uint8Array(DOWNLOAD_CHUNK_BYTES);
        filled = 0;
      }
    }
  }
  if (filled > 0 && total === expected) {
    const index = first + stored.length;
    await putChunk(cache, file, index, chunk.slice(0, filled));
    stored.push(index);
  }
  return stored;
}

async function settle(courseId: string, course: StoredCourse, problem: string | null, aborted: boolean): Promise<void> {
  const db = downloadsDb();
  await db.transaction('rw', db.courses, async () => {
    const now = await db.courses.get(courseId);
    if (!now) return;
    for (const f of now.files) {
      // The chunks stored here beside those the page stored meanwhile (the file unchanged).
      const stored = course.files.find((c) => c.lessonId === f.lessonId && c.file === f.file && c.bytes === f.bytes);
      if (stored) f.done = [...new Set([...f.done, ...stored.done])];
      delete f.fetchedBytes;
      delete f.backgroundFrom;
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
