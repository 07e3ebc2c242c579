/**
 * Periodic jobs' runs, claimed through `job_schedules` so that any number of runners on one
 * database run each due job once per period:
 * - a run is taken with one conditional UPDATE (the row still has the `next_run_at` that was read,
 *   it has passed, and no live lease) that writes the runner's `lease_token` and `lease_until`;
 *   only one runner's UPDATE can match;
 * - the run's end moves `next_run_at` to the first multiple of the period after the run's start
 *   (missed periods are skipped, the cadence does not drift) and clears the lease, if still ours;
 * - a runner that died mid-run leaves its lease, which runs out: the job is then due to anyone.
 */
import type { Knex } from 'knex';
import { JobSchedule } from '@db/models';
import { retryOnLockError } from '@db/transaction';

export interface ScheduleClaim {
  name: string;
  startedAt: Date;
  /** `next_run_at` when the run was taken. */
  plannedAt: string;
  periodMs: number;
}

/** The first `plannedAt + k·period` (k ≥ 0) after `startedAt`. */
export function nextRunAfter(plannedAt: string, periodMs: number, startedAt: Date): string {
  const planned = Date.parse(plannedAt);
  if (planned > startedAt.getTime()) return plannedAt;
  const periods = Math.floor((startedAt.getTime() - planned) / periodMs) + 1;
  return new Date(planned + periods * periodMs).toISOString();
}

const leaseFree = (nowIso: string) => (query: Knex.QueryBuilder) => query.whereNull('lease_until').orWhere('lease_until', '<=', nowIso);

export class ScheduleClaims {
  constructor(
    private readonly knex: Knex,
    /** This runner's lease token. */
    private readonly token: string,
  ) {}

  /** A row for each job that has none yet, due at once (a row that exists keeps its schedule). */
  async register(names: string[], now: Date): Promise<void> {
    const nowIso = now.toISOString();
    await retryOnLockError(async () =>
      JobSchedule.insertMany(
        this.knex,
        names.map((name) => ({ name, nextRunAt: nowIso, runs: 0, createdAt: nowIso, updatedAt: nowIso })),
        { ignoreConflictsOn: ['name'] },
      ),
    );
  }

  /** The rows of `names` that are due at `now` and not leased. */
  async due(names: string[], now: Date): Promise<JobSchedule[]> {
    const nowIso = now.toISOString();
    return JobSchedule.query(this.knex).whereIn('name', names).where('next_run_at', '<=', nowIso).where(leaseFree(nowIso));
  }

  /**
   * Takes the run of `row` (read by `due`) for this runner, or of the job named `row` whatever its
   * `next_run_at` (a run at start); null when another runner has it.
   */
  async claim(row: JobSchedule | string, periodMs: number, leaseMs: number, now: Date): Promise<ScheduleClaim | null> {
    const nowIso = now.toISOString();
    const name = typeof row === 'string' ? row : row.name;
    const taken = await retryOnLockError(async () => {
      const query = JobSchedule.query(this.knex).where('name', name).where(leaseFree(nowIso));
      if (typeof row !== 'string') query.where('next_run_at', row.nextRunAt).where('next_run_at', '<=', nowIso);
      return query.patch({ leaseToken: this.token, leaseUntil: new Date(now.getTime() + leaseMs).toISOString(), lastStartedAt: nowIso, updatedAt: nowIso });
    });
    if (taken !== 1) return null;
    const plannedAt = typeof row === 'string' ? (await JobSchedule.query(this.knex).findById(name).select('next_run_at'))!.nextRunAt : row.nextRunAt;
    return { name, startedAt: now, plannedAt, periodMs };
  }

  /** Ends a claimed run: plans the next one and frees the row (nothing if the lease was lost). */
  async finish(claim: ScheduleClaim, now: Date, error: string | undefined): Promise<boolean> {
    const nowIso = now.toISOString();
    const changed = await retryOnLockError(async () =>
      JobSchedule.query(this.knex)
        .where('name', claim.name)
        .where('lease_token', this.token)
        .patch({
          nextRunAt: nextRunAfter(claim.plannedAt, claim.periodMs, claim.startedAt),
          leaseToken: null,
          leaseUntil: null,
          runs: this.knex.raw('runs + 1') as unknown as number,
          lastFinishedAt: nowIso,
          lastError: error ? error.slice(0, 1000) : null,
          updatedAt: nowIso,
        }),
    );
    return changed === 1;
  }

  /** Extends this runner's leases; returns the names it still holds. */
  async renew(leaseUntil: Date, now: Date): Promise<string[]> {
    await retryOnLockError(async () =>
      JobSchedule.query(this.knex).where('lease_token', this.token).patch({ leaseUntil: leaseUntil.toISOString(), updatedAt: now.toISOString() }),
    );
    return (await JobSchedule.query(this.knex).where('lease_token', this.token).select('name')).map((row) => row.name);
  }
}
