/** The queued job that transcodes one video upload (declared by the video domain, run by any job runner). */
import { z } from 'zod';
import { queuedJob } from '../../jobs/definitions';

export const TRANSCODE_VIDEO = queuedJob('transcode-video', z.object({ assetId: z.string().min(1).max(64) }));

/** Attempts of one transcode job; ffmpeg's own failures are not retried (the admin's Retry is), a store or database error is. */
export const TRANSCODE_MAX_ATTEMPTS = 3;

/** The binaries and how many transcodes one process runs at once (TRANSCODE_CONCURRENCY, FFMPEG_PATH, FFPROBE_PATH). */
export interface TranscodeSettings {
  concurrency: number;
  ffmpegPath: string;
  ffprobePath: string;
}
