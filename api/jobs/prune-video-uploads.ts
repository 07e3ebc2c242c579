/**
 * Every hour: video uploads never finished whose bytes stopped arriving a day ago are deleted
 * (a client may resume until then). Safe in any number of processes (deleting twice is nothing).
 */
import type { VideoServices } from '../services/video';
import type { PeriodicJob } from './definitions';

export function videoUploadPruningJob({ videos }: VideoServices): PeriodicJob {
  return {
    name: 'prune-video-uploads',
    everySeconds: 60 * 60,
    async run({ logger }) {
      const deleted = await videos.pruneAbandonedUploads();
      if (deleted) logger.info(`Deleted ${deleted} abandoned video upload(s)`);
    },
  };
}
