/** The platform: rate limits, Idempotency-Keys, the audit log; pruning what expires. */
import type { JobDependencies } from '../jobs/definitions';
import { pruningJob } from '../jobs/prune';
import { createPlatformServices, type PlatformServices } from '../services/platform';
import type { UploadServices } from '../services/uploads';
import { defineDomain } from './domain';

export const platformDomain = defineDomain({
  name: 'platform',
  services: createPlatformServices,
  jobs: ({ knex, services }: JobDependencies<PlatformServices & UploadServices>) => [pruningJob(knex, services)],
});
