import { BaseModel } from './base-model';

/**
 * One periodic job's schedule, shared by every process on the database: a run is taken with a
 * conditional UPDATE (due, and no live lease) that writes the runner's `leaseToken`; the run's end
 * moves `nextRunAt` on by the period. A lease that ran out (its runner died) lets another take it.
 */
export class JobSchedule extends BaseModel {
  static override tableName = 'job_schedules';
  static override get idColumn() {
    return 'name';
  }

  name!: string;
  nextRunAt!: string;
  leaseToken!: string | null;
  leaseUntil!: string | null;
  runs!: number;
  lastStartedAt!: string | null;
  lastFinishedAt!: string | null;
  lastError!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
