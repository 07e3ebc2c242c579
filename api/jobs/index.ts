/**
 * Every job of the product, with its schedule — the one list the processes read:
 * - `npm start` (api/server.ts) runs all of them, unless `JOBS=off`: then only the work on its
 *   own memory (`claim: 'process'`, the catalogue warming) and it serves HTTP;
 * - `npm run worker` (api/worker.ts) runs the database's jobs (periodic and queued) and no HTTP.
 * Any number of processes may run them on one database (`runner.ts`).
 *
 * A new periodic job: one entry in `periodicJobs`. A new kind of queued job: declare it with
 * `queuedJob(name, schema)` in its domain (enqueue with `enqueue(trx, kind, payload, key)` from
 * `jobs/queue.ts`), and add its handler (`handleQueued(kind, { handle })`) to `queuedJobs`.
 */
import type { Knex } from 'knex';
import type { AppConfig } from '../config';
import type { Clock } from '../lib/clock';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { PeriodicJob, QueuedJobHandler } from './definitions';
import { pruningJob } from './prune';
import { checkoutRecoveryJob } from './recover-checkouts';
import { JobRunner } from './runner';
import { courseMailJob } from './send-course-mail';
import { sessionRemindersJob } from './send-session-reminders';
import { seminarSweepJob } from './sweep-seminars';
import { catalogueWarmingJob } from './warm-catalogue-snapshot';

export interface JobDependencies {
  knex: Knex;
  services: Services;
  config: Pick<AppConfig, 'seminarSweepMinutes' | 'reminderSweepSeconds'>;
}

/** The periodic jobs; those with `atStart` run at start in this order. */
export function periodicJobs({ knex, services, config }: JobDependencies): PeriodicJob[] {
  return [
    seminarSweepJob(knex, config.seminarSweepMinutes),
    checkoutRecoveryJob(services.checkout),
    courseMailJob(services),
    sessionRemindersJob(services.reminders, config.reminderSweepSeconds),
    pruningJob(knex, services),
    catalogueWarmingJob(services),
  ];
}

/** The handlers of queued jobs (none yet: the next issue's video transcoding is the first). */
export function queuedJobs(_dependencies: JobDependencies): Array<QueuedJobHandler<any>> {
  return [];
}

/**
 * What a process runs: `serving` — an API process with jobs (everything); `serving-only` — an API
 * process with `JOBS=off` (its own memory's work only); `worker` — the database's jobs, no HTTP.
 */
export type JobRole = 'serving' | 'serving-only' | 'worker';

export function createJobRunner(dependencies: JobDependencies & { role: JobRole; logger: Logger; clock?: Clock; pollMs?: number }): JobRunner {
  const { role } = dependencies;
  const periodic = periodicJobs(dependencies).filter((job) => {
    const ownMemory = job.claim === 'process';
    return role === 'serving' || (role === 'serving-only' ? ownMemory : !ownMemory);
  });
  return new JobRunner({
    knex: dependencies.knex,
    logger: dependencies.logger,
    clock: dependencies.clock,
    pollMs: dependencies.pollMs,
    periodic,
    queued: role === 'serving-only' ? [] : queuedJobs(dependencies),
  });
}
