/**
 * Queued one-off jobs (`queued_jobs`), safe with any number of runners on one database:
 * - `enqueue` inserts `(name, key)` unless it exists: the same key twice is one job, whatever state
 *   it is in. Given a transaction, the job exists exactly when the write that asked for it does.
 * - `claim` takes due jobs (`queued` from `run_at`, or `running` with a lease that ran out) for a
 *   runner's lease token: on MySQL/MariaDB with `SELECT … FOR UPDATE SKIP LOCKED` then an UPDATE
 *   of those rows, so runners never wait for each other's rows; on SQLite (one writer) with one
 *   conditional UPDATE. Each claim counts an attempt.
 * - the runner then marks it `done`, or `queued` again after a backoff, or `dead` with the reason;
 *   each of these only while the lease is still its own.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { QueuedJob } from '@db/models';
import { retryOnLockError, transaction } from '@db/transaction';
import type { QueuedJobKind } from './definitions';

/** How long finished jobs are kept (their key still makes a second enqueue the same job). */
export const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;
export const KEEP_DEAD_MS = 30 * 24 * 60 * 60_000;

export interface EnqueueOptions {
  now?: Date;
  /** Not before (default: now). */
  runAt?: Date;
}

/** The row of one queued job (the payload checked by its kind, the key bounded). */
function jobRow<P>(kind: QueuedJobKind<P>, payload: P, key: string, nowIso: string, options: EnqueueOptions) {
  if (key.length === 0 || key.length > 191) throw new Error(`A queued job's key must be 1–191 characters (${kind.name})`);
  return {
    id: crypto.randomUUID(),
    name: kind.name,
    jobKey: key,
    payload: JSON.stringify(kind.payload.parse(payload)),
    status: 'queued' as const,
    attempts: 0,
    runAt: options.runAt?.toISOString() ?? nowIso,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

/** Queues `payload` under `key`; `created` is false when the key was already queued (that job stays as it is). */
export async function enqueue<P>(
  db: Knex,
  kind: QueuedJobKind<P>,
  payload: P,
  key: string,
  options: EnqueueOptions = {},
): Promise<{ id: string; created: boolean }> {
  const row = jobRow(kind, payload, key, (options.now ?? new Date()).toISOString(), options);
  await retryOnLockError(async () => QueuedJob.insertMany(db, [row], { ignoreConflictsOn: ['name', 'job_key'] }));
  const stored = await QueuedJob.query(db).where({ name: kind.name, job_key: key }).select('id').first();
  return { id: stored!.id, created: stored!.id === row.id };
}

/** Queues many jobs of one kind at once (chunks of 500 rows); keys already queued stay as they are. */
export async function enqueueMany<P>(db: Knex, kind: QueuedJobKind<P>, jobs: Array<{ payload: P; key: string }>, options: EnqueueOptions = {}): Promise<void> {
  const nowIso = (options.now ?? new Date()).toISOString();
  const rows = jobs.map(({ payload, key }) => jobRow(kind, payload, key, nowIso, options));
  for (let start = 0; start < rows.length; start += 500) {
    await retryOnLockError(() => QueuedJob.insertMany(db, rows.slice(start, start + 500), { ignoreConflictsOn: ['name', 'job_key'] }));
  }
}

const claimable = (nowIso: string) => (query: Knex.QueryBuilder) =>
  query.where((q) => q.where('status', 'queued').where('run_at', '<=', nowIso)).orWhere((q) => q.where('status', 'running').where('lease_until', '<=', nowIso));

export class QueueClaims {
  constructor(private readonly knex: Knex) {}

  /** Takes up to `limit` due jobs of `names` under a new lease token (each row's `leaseToken`). */
  async claim(names: string[], limit: number, leaseMs: number, now: Date, skip: string[] = []): Promise<QueuedJob[]> {
    if (names.length === 0 || limit <= 0) return [];
    const nowIso = now.toISOString();
    const token = crypto.randomUUID();
    const claim = {
      status: 'running',
      lease_token: token,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: this.knex.raw('attempts + 1'),
      updated_at: nowIso,
    };
    const due = (db: Knex) =>
      db('queued_jobs').select('id').whereIn('name', names).whereNotIn('id', skip).where(claimable(nowIso)).orderBy('run_at').limit(limit);
    if (this.knex.client.config.client === 'mysql2') {
      await transaction(this.knex, async (trx) => {
        const rows: Array<{ id: string }> = await due(trx).forUpdate().skipLocked();
        if (rows.length)
          await trx('queued_jobs')
            .whereIn(
              'id',
              rows.map((row) => row.id),
            )
            .update(claim);
      });
    } else {
      await retryOnLockError(async () => this.knex('queued_jobs').whereIn('id', due(this.knex)).where(claimable(nowIso)).update(claim));
    }
    return QueuedJob.query(this.knex).where('lease_token', token).where('status', 'running');
  }

  /** The job succeeded. */
  async complete(job: QueuedJob, now: Date): Promise<boolean> {
    const nowIso = now.toISOString();
    return (await this.mine(job).patch({ status: 'done', leaseToken: null, leaseUntil: null, lastError: null, finishedAt: nowIso, updatedAt: nowIso })) === 1;
  }

  /** The attempt failed: queued again after `retryInMs`, or `dead` (null) with the reason. */
  async fail(job: QueuedJob, reason: string, retryInMs: number | null, now: Date): Promise<boolean> {
    const nowIso = now.toISOString();
    const lastError = reason.slice(0, 4000);
    const patch =
      retryInMs === null
        ? { status: 'dead' as const, leaseToken: null, leaseUntil: null, lastError, finishedAt: nowIso, updatedAt: nowIso }
        : {
            status: 'queued' as const,
            leaseToken: null,
            leaseUntil: null,
            lastError,
            runAt: new Date(now.getTime() + retryInMs).toISOString(),
            updatedAt: nowIso,
          };
    return (await this.mine(job).patch(patch)) === 1;
  }

  /** The runner stopped before the job ended: queued again at once, the attempt not counted. */
  async release(job: QueuedJob, now: Date): Promise<boolean> {
    const nowIso = now.toISOString();
    return (
      (await this.mine(job).patch({
        status: 'queued',
        attempts: this.knex.raw('attempts - 1') as unknown as number,
        leaseToken: null,
        leaseUntil: null,
        runAt: nowIso,
        updatedAt: nowIso,
      })) === 1
    );
  }

  /** Extends the leases of `jobs`; returns the ids of those still held. */
  async renew(jobs: QueuedJob[], leaseUntil: Date, now: Date): Promise<Set<string>> {
    const tokens = [...new Set(jobs.map((job) => job.leaseToken!))];
    if (tokens.length === 0) return new Set();
    const held = () => QueuedJob.query(this.knex).whereIn('lease_token', tokens).where('status', 'running');
    await retryOnLockError(async () => held().patch({ leaseUntil: leaseUntil.toISOString(), updatedAt: now.toISOString() }));
    return new Set((await held().select('id')).map((row) => row.id));
  }

  private mine(job: QueuedJob) {
    return QueuedJob.query(this.knex).where('id', job.id).where('lease_token', job.leaseToken!).where('status', 'running');
  }
}

/** Deletes done jobs after `KEEP_DONE_MS` and dead ones after `KEEP_DEAD_MS` (the pruning job). */
export async function pruneQueuedJobs(knex: Knex, now: Date): Promise<number> {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return retryOnLockError(async () =>
    QueuedJob.query(knex)
      .where((q) => q.where('status', 'done').where('finished_at', '<', before(KEEP_DONE_MS)))
      .orWhere((q) => q.where('status', 'dead').where('finished_at', '<', before(KEEP_DEAD_MS)))
      .delete(),
  );
}
