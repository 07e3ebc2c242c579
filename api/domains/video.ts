/** Lesson videos: resumable (tus) uploads (abandoned ones pruned hourly), and transcoding as the queued job `transcode-video`. */
import { videoUploadPruningJob } from '../jobs/prune-video-uploads';
import { transcodeVideoJob } from '../jobs/transcode-video';
import { VIDEO_UPLOAD_BODY_PATH, videoRoutes } from '../routes/video-routes';
import type { PlatformServices } from '../services/platform';
import { createVideoServices, type VideoServices } from '../services/video';
import { transcodeSettings } from '../services/video/tools';
import { defineDomain } from './domain';

export const videoDomain = defineDomain<VideoServices, object, VideoServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'video',
  services: createVideoServices,
  routes: (api, services) => videoRoutes(api, services),
  jobs: ({ services }) => [videoUploadPruningJob(services)],
  queuedJobs: ({ services, config }) => [transcodeVideoJob(services, transcodeSettings(config.transcode))],
  // A tus request's body is the video's bytes, streamed to the upload store by the tus server.
  unparsedBodies: [
    { method: 'POST', path: VIDEO_UPLOAD_BODY_PATH, keep: 'stream' },
    { method: 'PATCH', path: VIDEO_UPLOAD_BODY_PATH, keep: 'stream' },
  ],
});
