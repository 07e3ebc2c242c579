/**
 * The downloaded bytes (issue 34): each file of a lesson kept in Cache Storage as chunks of
 * DOWNLOAD_CHUNK_BYTES, so a download resumes chunk by chunk and a seek reads only the chunks it
 * needs. `rangeResponse` answers the player's byte ranges (HTTP 206) from them — in the service
 * worker, which serves `/offline/lessons/{lessonId}/{file}`.
 */
import { DOWNLOAD_CHUNK_BYTES } from '@contracts/offline-learning';
import type { StoredFile } from './downloads-db';

export const CHUNK_CACHE = 'lesson-downloads';
export const OFFLINE_MEDIA_PREFIX = '/offline/lessons/';

export const offlineMediaPath = (lessonId: string, file: string) => `${OFFLINE_MEDIA_PREFIX}${lessonId}/${file}`;
export const chunkPath = (lessonId: string, file: string, index: number) => `${offlineMediaPath(lessonId, file)}/chunk/${index}`;

/** The type a stored file is served with, by its extension. */
const TYPES: Record<string, string> = { mp4: 'video/mp4', pdf: 'application/pdf', vtt: 'text/vtt; charset=utf-8' };

/** `bytes=a-b` / `bytes=a-` / `bytes=-n` within `size`; null when there is no Range (the whole file); 'invalid' when unsatisfiable. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'invalid';
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'invalid' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start >= size || end < start ? 'invalid' : { start, end };
}

/** A stream of bytes start..end (inclusive) of a stored file, read chunk by chunk as the player asks. */
function streamOf(cache: Cache, file: StoredFile, start: number, end: number): ReadableStream<Uint8Array> {
  let at = start;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at > end) return controller.close();
      const index = Math.floor(at / DOWNLOAD_CHUNK_BYTES);
      const stored = await cache.match(chunkPath(file.lessonId, file.file, index));
      if (!stored) return controller.error(new Error('A chunk of this download is missing.'));
      const bytes = new Uint8Array(await stored.arrayBuffer());
      const from = at - index * DOWNLOAD_CHUNK_BYTES;
      const to = Math.min(bytes.length, end - index * DOWNLOAD_CHUNK_BYTES + 1);
      controller.enqueue(bytes.subarray(from, to));
      at = index * DOWNLOAD_CHUNK_BYTES + to;
    },
  });
}

/** The answer to a request for a stored file: 200 whole, 206 a range, 416 a range outside it. */
export async function rangeResponse(file: StoredFile, rangeHeader: string | null): Promise<Response> {
  const cache = await caches.open(CHUNK_CACHE);
  const range = parseRange(rangeHeader, file.bytes);
  const type = TYPES[file.file.slice(file.file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  if (range === 'invalid') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${file.bytes}` } });
  const { start, end } = range ?? { start: 0, end: file.bytes - 1 };
  const headers = { 'Content-Type': type, 'Content-Length': String(end - start + 1), 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store' };
  if (!range) return new Response(streamOf(cache, file, start, end), { status: 200, headers });
  return new Response(streamOf(cache, file, start, end), { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${file.bytes}` } });
}

/** The device has no room left for a chunk (the browser's QuotaExceededError). */
export class StorageFull extends Error {}

/** Stores one chunk of a file (the page's chunked fetch and the worker's Background Fetch alike); throws StorageFull when the device is out of room. */
export async function putChunk(cache: Cache, file: Pick<StoredFile, 'lessonId' | 'file'>, index: number, bytes: BufferSource): Promise<void> {
  try {
    await cache.put(chunkPath(file.lessonId, file.file, index), new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'QuotaExceededError') throw new StorageFull(error.message);
    throw error;
  }
}

/** Forgets the stored chunks of these files. */
export async function deleteChunks(files: StoredFile[]): Promise<void> {
  const cache = await caches.open(CHUNK_CACHE);
  await Promise.all(files.flatMap((f) => Array.from({ length: f.chunks }, (_, i) => cache.delete(chunkPath(f.lessonId, f.file, i)))));
}
