/**
 * The lock of a resumable video upload (tus's `locker`), held in the database (`video_upload_locks`)
 * so that it holds across every API process and machine on it, SQLite and MySQL/MariaDB alike: two
 * PATCHes of one upload (or a PATCH and a HEAD) never work on it at once, wherever they arrive.
 *
 * - A request takes the lock by writing its lease into the upload's row: the row is inserted if
 *   there is none (an existing one wins), or taken over when its lease ran out (its holder died);
 *   the request holds the lock when the row carries its token.
 * - While it works, the holder renews its lease (every third of it) and looks, every `checkMs`,
 *   whether a newer request asked for the lock (`release_requested_at`): then it calls tus's
 *   `requestRelease`, which ends the older request gracefully (tus keeps what it received) after
 *   the server's lock drain time. Losing the row (another took it over) does the same.
 * - A waiting request asks for the release and tries again every `pollMs`; when `acquireTimeoutMs`
 *   passes it is answered 423 (tus clients try again later); when its own request ends, 400.
 * - `unlock` deletes the row if it still carries the token.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { VideoUploadLock } from '@db/models';
import { retryOnLockError } from '@db/transaction';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';

export interface UploadLockerOptions {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  /** How long a lock is its holder's without renewal (default 15 s): a holder that died blocks the upload this long. */
  leaseMs?: number;
  /** How often a holder renews its lease when due and looks for a release request (default 1 s). */
  checkMs?: number;
  /** How often a waiting request tries again (default 100 ms). */
  pollMs?: number;
  /** How long a request waits for the lock before it is answered 423 (default 30 s, tus's own). */
  acquireTimeoutMs?: number;
}

/** The answer to a request that waited `acquireTimeoutMs` for an upload another request kept. */
export const UPLOAD_LOCKED = { status_code: 423, body: 'Another request is still writing this upload. Try again in a moment.\n' };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export class DatabaseUploadLocker implements Locker {
  readonly leaseMs: number;
  readonly checkMs: number;
  readonly pollMs: number;
  readonly acquireTimeoutMs: number;

  constructor(readonly o: UploadLockerOptions) {
    this.leaseMs = o.leaseMs ?? 15_000;
    this.checkMs = o.checkMs ?? 1000;
    this.pollMs = o.pollMs ?? 100;
    this.acquireTimeoutMs = o.acquireTimeoutMs ?? 30_000;
  }

  newLock(id: string): Lock {
    return new DatabaseUploadLock(this, id);
  }

  /** Deletes the rows of leases that ran out `olderThanMs` ago (their holders died); answers how many. */
  async pruneStale(olderThanMs: number): Promise<number> {
    const before = new Date(this.o.clock().getTime() - olderThanMs).toISOString();
    return retryOnLockError(async () => VideoUploadLock.query(this.o.knex).where('lease_until', '<', before).delete());
  }
}

class DatabaseUploadLock implements Lock {
  private readonly token = crypto.randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> = Promise.resolve();
  private held = false;
  private released = false;
  private renewedAt = 0;

  constructor(
    private readonly locker: DatabaseUploadLocker,
    private readonly id: string,
  ) {}

  private get knex() {
    return this.locker.o.knex;
  }

  private now() {
    return this.locker.o.clock();
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      if (await this.take()) break;
      await this.askRelease();
      if (Date.now() >= deadline) throw UPLOAD_LOCKED;
      await sleep(Math.min(this.locker.pollMs, Math.max(0, deadline - Date.now())), signal);
    }
    this.held = true;
    this.schedule(requestRelease);
  }

  async unlock(): Promise<void> {
    this.held = false;
    clearTimeout(this.timer);
    await this.checking;
    await retryOnLockError(async () => VideoUploadLock.query(this.knex).where('upload_id', this.id).where('lease_token', this.token).delete());
  }

  /** Inserts the row with this lease, or takes over one whose lease ran out; true when the row is this lock's. */
  private async take(): Promise<boolean> {
    const now = this.now();
    const nowIso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + this.locker.leaseMs).toISOString();
    const row = { uploadId: this.id, leaseToken: this.token, leaseUntil, releaseRequestedAt: null, createdAt: nowIso };
    await retryOnLockError(() => VideoUploadLock.insertMany(this.knex, [row], { ignoreConflictsOn: ['upload_id'] }));
    await retryOnLockError(async () =>
      VideoUploadLock.query(this.knex)
        .where('upload_id', this.id)
        .where('lease_until', '<=', nowIso)
        .patch({ leaseToken: this.token, leaseUntil, releaseRequestedAt: null }),
    );
    const holder = await VideoUploadLock.query(this.knex).findById(this.id).select('lease_token');
    if (holder?.leaseToken !== this.token) return false;
    this.renewedAt = now.getTime();
    return true;
  }

  /** Tells the holder a newer request waits (once per holder: a request already made stands). */
  private async askRelease(): Promise<void> {
    await retryOnLockError(async () =>
      VideoUploadLock.query(this.knex).where('upload_id', this.id).whereNull('release_requested_at').patch({ releaseRequestedAt: this.now().toISOString() }),
    );
  }

  private schedule(requestRelease: RequestRelease) {
    this.timer = setTimeout(() => {
      this.checking = this.check(requestRelease).catch((error) => {
        this.locker.o.logger.warn('Could not check a video upload lock', { id: this.id, error: String(error) });
        if (this.held) this.schedule(requestRelease);
      });
    }, this.locker.checkMs);
    this.timer.unref();
  }

  /** Renews the lease when a third of it passed; asks tus to end this request when another waits or took the row. */
  private async check(requestRelease: RequestRelease): Promise<void> {
    if (!this.held) return;
    const now = this.now();
    if (now.getTime() - this.renewedAt >= this.locker.leaseMs / 3) {
      const leaseUntil = new Date(now.getTime() + this.locker.leaseMs).toISOString();
      await retryOnLockError(async () => VideoUploadLock.query(this.knex).where('upload_id', this.id).where('lease_token', this.token).patch({ leaseUntil }));
      this.renewedAt = now.getTime();
    }
    const row = await VideoUploadLock.query(this.knex).findById(this.id).select('lease_token', 'release_requested_at');
    if (!this.held) return;
    const lost = !row || row.leaseToken !== this.token;
    if ((lost || row.releaseRequestedAt) && !this.released) {
      this.released = true;
      await requestRelease();
    }
    // Lost: nothing more to renew. Asked: the lease is kept until tus ends the request and unlocks.
    if (!lost && this.held) this.schedule(requestRelease);
  }
}
