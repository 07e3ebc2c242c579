/**
 * The Content tab's small facts about files and media: a PDF known by its first bytes (as the
 * server checks it), times for people (sizes: `formatBytes` in lib/format), a lesson video's state in words, the tus upload
 * id of an upload address, and the caption language codes the server takes.
 */
import { CAPTIONS_LIMITS, CAPTIONS_MESSAGES, captionsBytes, LEARNING_MESSAGES, type VideoState } from '@contracts/learning';

/** True when the file's bytes start like a PDF ("%PDF-" within its first KB, as the server checks). */
export async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  return String.fromCharCode(...head).includes('%PDF-');
}

/** The refusal of a file that is not a PDF, or undefined for one that is. */
export async function pdfProblem(file: Blob): Promise<string | undefined> {
  return (await isPdf(file)) ? undefined : LEARNING_MESSAGES.notPdf;
}

/** 83 → "1:23", 3723 → "1:02:03". */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A lesson video's state as the admin reads it: "Queued", "Processing 37 %", "Ready (1:23)", "Failed: <reason>". */
export function videoStateText(video: VideoState | undefined): string {
  if (!video) return 'No video yet';
  switch (video.status) {
    case 'uploaded':
    case 'queued':
      return 'Queued';
    case 'processing':
      return `Processing ${Math.round(video.progress)} %`;
    case 'ready':
      return video.durationSeconds !== null ? `Ready (${clockTime(video.durationSeconds)})` : 'Ready';
    case 'failed':
      return `Failed: ${video.error ?? 'the video could not be processed'}`;
  }
}

/** While the server is still at it: the screen reads the state again. */
export const videoInProgress = (video: VideoState | undefined) => video?.status === 'queued' || video?.status === 'processing' || video?.status === 'uploaded';

/** The upload id tus answers: the last path segment of its address. */
export function uploadIdOf(url: string): string {
  const path = new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A caption language code such as "en" or "pt-BR" (the server's rule). */
export { CAPTION_LANG } from '@contracts/learning';

/** The refusal of a captions file, or undefined for WebVTT text within the server's size limit. */
export function captionsProblem(text: string): string | undefined {
  if (!/^\uFEFF?WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) return 'Captions must be a WebVTT file (starting with "WEBVTT")';
  return captionsBytes(text) > CAPTIONS_LIMITS.fileBytes ? CAPTIONS_MESSAGES.fileSize : undefined;
}

/** The refusal of a captions label (the server's rule and words), or undefined. */
export function captionsLabelProblem(label: string): string | undefined {
  if (!label.trim()) return CAPTIONS_MESSAGES.labelRequired;
  return label.trim().length > CAPTIONS_LIMITS.labelLength ? CAPTIONS_MESSAGES.labelLength : undefined;
}
