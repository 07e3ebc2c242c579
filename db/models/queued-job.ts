import { BaseModel } from './base-model';

export type QueuedJobStatus = 'queued' | 'running' | 'done' | 'dead';

/**
 * A one-off job (`api/jobs/queue.ts`), one per `(name, jobKey)`: `queued` from `runAt`, `running`
 * while leased to `leaseToken` until `leaseUntil` (taken over once it has run out), then `done`, or
 * `queued` again after a failure (with a backoff), or `dead` after its handler's
 * attempts with `lastError`. `attempts` counts the claims (a runner that died mid-job used one).
 */
export class QueuedJob extends BaseModel {
  static override tableName = 'queued_jobs';
  id!: string;
  name!: string;
  jobKey!: string;
  /** The payload as JSON text (read through the job's schema). */
  payload!: string;
  status!: QueuedJobStatus;
  attempts!: number;
  runAt!: string;
  leaseToken!: string | null;
  leaseUntil!: string | null;
  lastError!: string | null;
  createdAt!: string;
  updatedAt!: string;
  finishedAt!: string | null;
}
