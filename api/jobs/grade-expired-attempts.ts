/**
 * Every minute: open attempts whose time limit and grace ran out are graded as they stood (the
 * attempts domain also grades one lazily whenever it is read, saved, submitted or a new one is
 * started). Safe in any number of processes: each attempt is graded by a conditional UPDATE on its
 * still being open, so it is graded once; a run stops between attempts when its signal aborts.
 */
import type { AttemptServices } from '../services/attempts';
import type { PeriodicJob } from './definitions';

export function expiredAttemptGradingJob({ attempts }: Pick<AttemptServices, 'attempts'>): PeriodicJob {
  return {
    name: 'grade-expired-attempts',
    everySeconds: 60,
    async run({ now, signal, logger }) {
      let graded = 0;
      // Batches until none are left (or the run is asked to stop).
      for (;;) {
        const batch = await attempts.gradeExpired(now, 200, signal);
        graded += batch;
        if (batch < 200 || signal.aborted) break;
      }
      if (graded) logger.info(`Graded ${graded} attempt(s) whose time ran out`);
    },
  };
}
