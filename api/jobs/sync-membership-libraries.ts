/**
 * Courses added to a membership's library after its members joined (a new recorded webinar) reach
 * them: every few minutes, each live BUSINESS membership gets the library courses it lacks, once
 * (the entitlements' unique key). Declared by the learning domain; claimed once per period.
 */
import type { Knex } from 'knex';
import { syncLibraries } from '../services/enrollments/entitlements';
import type { PeriodicJob } from './definitions';

export const LIBRARY_SYNC_SECONDS = 300;

export function membershipLibrarySyncJob(knex: Knex): PeriodicJob {
  return {
    name: 'sync-membership-libraries',
    everySeconds: LIBRARY_SYNC_SECONDS,
    async run({ logger, now }) {
      const granted = await syncLibraries(knex, now.toISOString());
      if (granted > 0) logger.info('Membership libraries: new courses granted', { granted });
    },
  };
}
