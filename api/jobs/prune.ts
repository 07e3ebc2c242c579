/**
 * Pruning, every 15 minutes: rate-limit counters older than two hours, expired Idempotency-Keys,
 * the upload sweep (abandoned tickets, images nothing references), and finished queued jobs.
 * Each part goes on when another fails.
 */
import type { Knex } from 'knex';
import type { PlatformServices } from '../services/platform';
import type { UploadServices } from '../services/uploads';
import type { PeriodicJob } from './definitions';
import { pruneQueuedJobs } from './queue';

export function pruningJob(knex: Knex, services: Pick<PlatformServices, 'rateLimiter' | 'idempotency'> & UploadServices): PeriodicJob {
  return {
    name: 'pruning',
    everySeconds: 15 * 60,
    async run({ now, logger }) {
      await services.rateLimiter.prune(2 * 60 * 60_000).catch((error) => logger.error('Rate-limit pruning failed', { error: String(error) }));
      await services.idempotency.prune().catch((error) => logger.error('Idempotency-Key pruning failed', { error: String(error) }));
      await services.uploads.sweep().catch((error) => logger.error('Upload sweep failed', { error: String(error) }));
      await pruneQueuedJobs(knex, now).catch((error) => logger.error('Queued-job pruning failed', { error: String(error) }));
    },
  };
}
