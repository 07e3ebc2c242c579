/**
 * A lesson video's resumable upload (tus 1.0.0 on /api/uploads/video, api/routes/video-routes.ts)
 * with tus-js-client, loaded only when an upload starts (never in the storefront's code): 8 MB
 * chunks with the bearer token; a dropped connection is retried (0 s, 1 s, 3 s, 5 s, 10 s, 20 s)
 * from the offset the server confirms; the upload's address is kept in localStorage under a
 * fingerprint of the lesson and the file, so after a reload choosing the same file continues
 * where it stopped. When the last byte is in, `onDone` gets the upload id (the last path segment
 * of the upload's address), which the lesson is then saved with.
 */
import type { Upload } from 'tus-js-client';
import { authHeader } from '@pwa/lib/api-client';
import { uploadIdOf } from '../lib/media-files';

export const VIDEO_UPLOAD_ENDPOINT = '/api/uploads/video';
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;
export const VIDEO_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export interface VideoUploadEvents {
  onProgress(sent: number, total: number): void;
  onDone(uploadId: string): void;
  onError(message: string): void;
}

export interface VideoUpload {
  /** True when it continues an earlier upload of the same file to this lesson (before a reload). */
  resumed: boolean;
  pause(): Promise<void>;
  resume(): void;
}

/** Unfinished uploads by lesson: what the screen names after a reload ("choose the same file to continue"). */
const NOTE_PREFIX = 'lesson-video-upload:';

export interface UnfinishedUpload {
  name: string;
  size: number;
}

export function unfinishedUpload(lessonId: string): UnfinishedUpload | undefined {
  try {
    const kept = globalThis.localStorage?.getItem(`${NOTE_PREFIX}${lessonId}`);
    return kept ? (JSON.parse(kept) as UnfinishedUpload) : undefined;
  } catch {
    return undefined;
  }
}

function note(lessonId: string, file?: UnfinishedUpload): void {
  try {
    if (file) globalThis.localStorage?.setItem(`${NOTE_PREFIX}${lessonId}`, JSON.stringify({ name: file.name, size: file.size }));
    else globalThis.localStorage?.removeItem(`${NOTE_PREFIX}${lessonId}`);
  } catch {
    // private mode: the upload still works, only the reminder after a reload is lost
  }
}

const messageOf = (error: Error) => {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const message = body ? (JSON.parse(body) as { message?: unknown }).message : undefined;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON
  }
  return navigator.onLine === false ? 'The connection dropped.' : 'The upload stopped.';
};

export async function startVideoUpload(lessonId: string, file: File, events: VideoUploadEvents): Promise<VideoUpload> {
  const tus = await import('tus-js-client');
  const endpoint = new URL(VIDEO_UPLOAD_ENDPOINT, window.location.origin).href;
  const upload: Upload = new tus.Upload(file, {
    endpoint,
    chunkSize: VIDEO_CHUNK_BYTES,
    retryDelays: VIDEO_RETRY_DELAYS,
    headers: authHeader(),
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', lessonId },
    // One lesson's upload of one file: the same file for another lesson is an upload of its own.
    fingerprint: (f: File, options) => Promise.resolve(['lesson-video', lessonId, f.name, f.type, f.size, f.lastModified, options.endpoint].join('-')),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess: () => {
      note(lessonId);
      events.onDone(uploadIdOf(upload.url!));
    },
    onError: (error) => events.onError(messageOf(error)),
  });
  const previous = (await upload.findPreviousUploads()).sort((a, b) => b.creationTime.localeCompare(a.creationTime));
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  note(lessonId, file);
  upload.start();
  return {
    resumed: !!previous[0],
    pause: () => upload.abort(),
    resume: () => upload.start(),
  };
}
