/**
 * Every hour: video uploads never finished whose bytes stopped arriving a day ago are deleted
 * (a client may resume until then), and so are finished ones no lesson took within 7 days (their
 * assets stay, failed with the reason), and the upload locks of holders that died a day ago.
 * Safe in any number of processes (deleting twice is nothing; an unattached upload is taken by a
 * conditional UPDATE).
 */
import type { VideoServices } from '../services/video';
import { ABANDONED_AFTER_MS } from '../services/video/video-service';
import type { PeriodicJob } from './definitions';

export function videoUploadPruningJob({ videos }: VideoServices): PeriodicJob {
  return {
    name: 'prune-video-uploads',
    everySeconds: 60 * 60,
    async run({ logger }) {
      const deleted = await videos.pruneAbandonedUploads();
      if (deleted) logger.info(`Deleted ${deleted} abandoned video upload(s)`);
      const unattached = await videos.pruneUnattachedUploads();
      if (unattached) logger.info(`Deleted ${unattached} finished video upload(s) no lesson took`);
      await videos.locker.pruneStale(ABANDONED_AFTER_MS);
    },
  };
}
