/**
 * The one job runner of every process, with the jobs the domains declare (`domains/`, each
 * domain's `jobs` and `queuedJobs`, in the order of `DOMAINS`):
 * - `npm start` (api/server.ts) runs all of them, unless `JOBS=off`: then only the work on its
 *   own memory (`claim: 'process'`, the catalogue warming) and it serves HTTP;
 * - `npm run worker` (api/worker.ts) runs the database's jobs (periodic and queued) and no HTTP.
 * Any number of processes may run them on one database (`runner.ts`).
 *
 * A new periodic job: one entry in its domain's `jobs`. A new kind of queued job: declare it with
 * `queuedJob(name, schema)` in its domain (enqueue with `enqueue(trx, kind, payload, key)` from
 * `jobs/queue.ts`), and add its handler (`handleQueued(kind, { handle })`) to the domain's `queuedJobs`.
 */
import type { Clock } from '../lib/clock';
import type { Logger } from '../logger';
import { periodicJobs, queuedJobs, type Services } from '../domains';
import type { JobDependencies } from './definitions';
import { JobRunner } from './runner';

export { periodicJobs, queuedJobs };
export type { JobDependencies };

/**
 * What a process runs: `serving` — an API process with jobs (everything); `serving-only` — an API
 * process with `JOBS=off` (its own memory's work only); `worker` — the database's jobs, no HTTP.
 */
export type JobRole = 'serving' | 'serving-only' | 'worker';

export function createJobRunner(dependencies: JobDependencies<Services> & { role: JobRole; logger: Logger; clock?: Clock; pollMs?: number }): JobRunner {
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
