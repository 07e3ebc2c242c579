/**
 * A job runner as a child process, for tests that SIGKILL it mid-job: it runs `SLOW_WORK` jobs and
 * the periodic `HANGING_PERIODIC` job, says `started <job id or name>` on stdout when one starts,
 * and never finishes it. Settings: DATABASE_URL, LEASE_SECONDS.
 */
import { handleQueued } from '@api/jobs/definitions';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { openDatabase } from '@db/knex';
import { HANGING_PERIODIC, SLOW_WORK } from './test-jobs';

const database = openDatabase(process.env.DATABASE_URL);
const forever = () => new Promise<void>(() => undefined);

const runner = new JobRunner({
  knex: database.knex,
  logger: createLogger('warn'),
  leaseSeconds: Number(process.env.LEASE_SECONDS ?? 30),
  pollMs: 20,
  periodic: [
    {
      name: HANGING_PERIODIC,
      everySeconds: 3600,
      async run() {
        process.stdout.write(`started ${HANGING_PERIODIC}\n`);
        await forever();
      },
    },
  ],
  queued: [
    handleQueued(SLOW_WORK, {
      async handle(_payload, { jobId }) {
        process.stdout.write(`started ${jobId}\n`);
        await forever();
      },
    }),
  ],
});
runner.start();
