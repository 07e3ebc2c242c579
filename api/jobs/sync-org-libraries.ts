/**
 * An organisation's BUSINESS membership library reaches all its members, also courses added to the
 * library later (a new recorded webinar) and members who joined in between: every few minutes,
 * once per period across processes; each right once (the entitlements' unique key).
 */
import type { Knex } from 'knex';
import { grantOrgLibraries } from '../services/orgs/org-membership';
import type { PeriodicJob } from './definitions';
import { LIBRARY_SYNC_SECONDS } from './sync-membership-libraries';

export function orgLibrarySyncJob(knex: Knex): PeriodicJob {
  return {
    name: 'sync-org-libraries',
    everySeconds: LIBRARY_SYNC_SECONDS,
    async run({ logger, now }) {
      const granted = await grantOrgLibraries(knex, now.toISOString());
      if (granted > 0) logger.info('Organisation libraries: new courses granted', { granted });
    },
  };
}
