/**
 * Ended live seminars become recorded seminars (`services/seminar-sweep.ts`): at start and every
 * SEMINAR_SWEEP_MINUTES. Idempotent, and safe in several processes at once.
 */
import type { Knex } from 'knex';
import { convertEndedLiveSeminars } from '../services/courses/seminar-sweep';
import type { PeriodicJob } from './definitions';

export function seminarSweepJob(knex: Knex, minutes: number): PeriodicJob {
  return {
    name: 'seminar-sweep',
    everySeconds: minutes * 60,
    atStart: true,
    async run({ now, logger }) {
      const converted = await convertEndedLiveSeminars(knex, now);
      if (converted.length) logger.info(`Moved ${converted.length} ended live seminar(s) to recorded seminars`);
    },
  };
}
