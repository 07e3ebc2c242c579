/** The ffmpeg and ffprobe binaries: FFMPEG_PATH / FFPROBE_PATH, else the ones the npm packages ship (resolved only when needed). */
import { createRequire } from 'node:module';
import type { TranscodeConfig } from '../../config';
import type { TranscodeSettings } from './transcode-kind';

const require = createRequire(import.meta.url);

export function transcodeSettings(config: Partial<TranscodeConfig> | undefined): TranscodeSettings {
  return {
    concurrency: config?.concurrency ?? 1,
    ffmpegPath: config?.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobePath: config?.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
}
