/**
 * The `transcode-video` queued job (issue 29, point 4): one upload made into HLS renditions, an
 * MP4 and a poster (`services/video/transcoder.ts`). At most TRANSCODE_CONCURRENCY run at once in
 * a process (the handler's own limit in the runner); a runner that dies mid-transcode leaves a
 * lease that runs out, and another runner starts the transcode again.
 */
import type { VideoServices } from '../services/video';
import { TRANSCODE_VIDEO, TRANSCODE_MAX_ATTEMPTS, type TranscodeSettings } from '../services/video/transcode-kind';
import { handleQueued, type QueuedJobHandler } from './definitions';

export function transcodeVideoJob({ videos }: VideoServices, tools: TranscodeSettings): QueuedJobHandler<{ assetId: string }> {
  return handleQueued(TRANSCODE_VIDEO, {
    maxAttempts: TRANSCODE_MAX_ATTEMPTS,
    concurrency: tools.concurrency,
    handle: ({ assetId }, { signal, attempt }) => videos.transcode(assetId, { signal, attempt, tools }),
  });
}
