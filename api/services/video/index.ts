/** The video domain's services: resumable uploads, the transcode queue and the job's work. */
import type { ServiceDependencies } from '../dependencies';
import { incomingVideosFor } from './incoming';
import { Transcoder } from './transcoder';
import { VideoService } from './video-service';

export { VideoService, VIDEO_MESSAGES, type VideoAssetState } from './video-service';
export { TRANSCODE_VIDEO, type TranscodeSettings } from './transcode-kind';
export { VIDEO_UPLOAD_PATH } from './tus-uploads';

export interface VideoServices {
  videos: VideoService;
}

export function createVideoServices({ knex, clock, logger, mediaStore, limits }: ServiceDependencies): VideoServices {
  const incoming = incomingVideosFor(mediaStore);
  const transcoder = new Transcoder({ knex, clock, logger, store: mediaStore, incoming });
  return { videos: new VideoService({ knex, clock, logger, incoming, transcoder, maxBytes: Math.floor(limits.videoMaxMb * 1024 * 1024) }) };
}
