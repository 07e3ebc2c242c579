/**
 * What a job is, for the one runner (`runner.ts`):
 * - a **periodic job** runs every `everySeconds`. `claim: 'database'` (the default): one run per
 *   period among every process on the database, taken with a lease on its `job_schedules` row;
 *   `claim: 'process'`: every process that serves HTTP runs its own (work on that process's memory,
 *   such as warming its cache). `atStart`: also once when the process starts, before it serves.
 * - a **queued job** is one-off work with a JSON payload, enqueued under a unique key
 *   (`queue.ts`), run once by whichever runner claims it, retried with a backoff and `dead` after
 *   `maxAttempts`. A domain declares its kind with `queuedJob(name, schema)` (what enqueuers use)
 *   and its handler with `handleQueued(kind, …)`, listed once in `index.ts`.
 * A claim is leased to its runner, which renews the lease while the run goes on; a lease that runs
 * out (the runner died, or lost the database) lets another runner start the job again. So a job
 * runs once per claim, and again only after a crash: every job is written to be safe if it runs
 * twice (its own rows are claimed or conditional).
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';

/** What a domain's jobs are made from (`domains/`): the database, its services, the schedule settings (transcoding's: its defaults when absent). */
export interface JobDependencies<S = unknown> {
  knex: Knex;
  services: S;
  config: Pick<AppConfig, 'seminarSweepMinutes' | 'reminderSweepSeconds'> & Partial<Pick<AppConfig, 'transcode' | 'waitlistSweepSeconds'>>;
}

/** What a run is given. */
export interface JobContext {
  /** The runner's clock at the start of the run. */
  now: Date;
  /** Aborted when the process stops (finish at a safe point) or the lease was lost. */
  signal: AbortSignal;
  logger: Logger;
}

export interface PeriodicJob {
  /** Unique; the `job_schedules` key. */
  name: string;
  everySeconds: number;
  /** 'database' (default): once per period across processes; 'process': each serving process. */
  claim?: 'database' | 'process';
  /** Also run once when the process starts, before it serves (awaited). */
  atStart?: boolean;
  run(context: JobContext): Promise<void>;
}

/** A kind of queued job: its name and its payload's schema. Enqueuers need only this. */
export interface QueuedJobKind<P> {
  name: string;
  payload: z.ZodType<P>;
}

export interface QueuedJobContext extends JobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
}

/** How a runner handles one kind of queued job. */
export interface QueuedJobHandler<P = unknown> {
  kind: QueuedJobKind<P>;
  /** Attempts before the job is `dead` (a runner that died during an attempt counts). Default 5. */
  maxAttempts: number;
  /** The wait after failed attempt `attempt` (1, 2, …). Default 30 s, doubling, at most 1 h. */
  backoffMs(attempt: number): number;
  /** At most this many of this kind run at once in one runner (default: only the runner's own limit). */
  concurrency?: number;
  handle(payload: P, context: QueuedJobContext): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/** 30 s, 1 min, 2 min, … at most 1 h. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

export function queuedJob<P>(name: string, payload: z.ZodType<P>): QueuedJobKind<P> {
  if (name.length > 100) throw new Error(`Queued job name too long: ${name}`);
  return { name, payload };
}

export function handleQueued<P>(
  kind: QueuedJobKind<P>,
  options: { maxAttempts?: number; backoffMs?: (attempt: number) => number; concurrency?: number; handle: QueuedJobHandler<P>['handle'] },
): QueuedJobHandler<P> {
  return {
    kind,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoffMs: options.backoffMs ?? defaultBackoffMs,
    concurrency: options.concurrency,
    handle: options.handle,
  };
}

/** A stored payload read back for its handler: parsed JSON checked by the kind's schema, or why not. */
export function parsePayload<P>(
  handler: QueuedJobHandler<P>,
  text: string,
  describe: (error: unknown) => string,
): { success: true; data: P } | { success: false; error: string } {
  try {
    const parsed = handler.kind.payload.safeParse(JSON.parse(text));
    return parsed.success ? { success: true, data: parsed.data } : { success: false, error: parsed.error.message };
  } catch (error) {
    return { success: false, error: describe(error) };
  }
}
