/**
 * Rate limits kept in the database, so they hold across restarts and across every API process
 * sharing it. Each bucket has one counter row for its current window (the window opens at the
 * bucket's first hit). A hit is admitted by a single conditional UPDATE (`hits < limit`), so
 * concurrent requests can never admit more than the limit on either engine; a window that has
 * run out is restarted by another conditional UPDATE, and a bucket's first hit inserts the row
 * (a racing insert falls back to the UPDATE). A refused hit is a 429 saying when to retry;
 * `take` answers instead of throwing, `peek` and `count` read a bucket without counting.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { isUniqueViolation } from '@db/errors';
import { RateLimitCounter } from '@db/models';
import { retryOnLockError } from '@db/transaction';
import { AppError } from '../../errors';

import type { Clock } from '../../lib/clock';

/** "5 minutes" / "1 minute": how 429 messages say when to try again. */
export const retryIn = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** "45 seconds" under a minute, else as `retryIn`. */
export const retryInTime = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : retryIn(Math.ceil(seconds / 60));
};

/** A 429 that says when to try again, in its message and in Retry-After. */
export function tooManyRequests(retryMs: number, message: (retryMinutes: number) => string): AppError {
  const ms = Math.max(1000, retryMs);
  return new AppError('too_many_requests', message(Math.ceil(ms / 60_000)), { retryAfterSeconds: Math.ceil(ms / 1000) });
}

export interface Admission {
  admitted: boolean;
  /** When refused: how long until the bucket's window ends. */
  retryAfterMs: number;
}

/** Keys hold e-mail addresses (up to 320 characters): long ones are stored as a digest. */
const bucketOf = (name: string) => (name.length <= 120 ? name : `${name.slice(0, 40)}#${crypto.createHash('sha256').update(name).digest('hex')}`);

export class RateLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
  ) {}

  async hit(name: string, limit: number, windowMs: number, message: (retryMinutes: number) => string): Promise<void> {
    const { admitted, retryAfterMs } = await this.take(name, limit, windowMs);
    if (!admitted) throw tooManyRequests(retryAfterMs, message);
  }

  /** Counts a hit when the bucket has room; says whether it did. */
  async take(name: string, limit: number, windowMs: number): Promise<Admission> {
    const bucket = bucketOf(name);
    const now = this.clock();
    if (await retryOnLockError(() => this.tryHit(bucket, limit, windowMs, now))) return { admitted: true, retryAfterMs: 0 };
    return { admitted: false, retryAfterMs: await this.retryAfter(bucket, windowMs, now) };
  }

  /** Whether a hit would be admitted now, without counting one (the authoritative check stays `take`). */
  async peek(name: string, limit: number, windowMs: number): Promise<Admission> {
    const now = this.clock();
    const counter = await RateLimitCounter.query(this.knex).findById(bucketOf(name));
    const started = counter ? new Date(counter.windowStartedAt).getTime() : 0;
    if (!counter || started + windowMs <= now.getTime() || counter.hits < limit) return { admitted: true, retryAfterMs: 0 };
    return { admitted: false, retryAfterMs: Math.max(1000, started + windowMs - now.getTime()) };
  }

  /** The hits counted in the bucket's current window (0 once it has run out). */
  async count(name: string, windowMs: number): Promise<number> {
    const counter = await RateLimitCounter.query(this.knex).findById(bucketOf(name));
    if (!counter || new Date(counter.windowStartedAt).getTime() + windowMs <= this.clock().getTime()) return 0;
    return counter.hits;
  }

  private async retryAfter(bucket: string, windowMs: number, now: Date): Promise<number> {
    const counter = await RateLimitCounter.query(this.knex).findById(bucket);
    const started = counter ? new Date(counter.windowStartedAt).getTime() : now.getTime();
    return Math.max(1000, started + windowMs - now.getTime());
  }

  private async tryHit(bucket: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
    const nowIso = now.toISOString();
    const windowOpen = new Date(now.getTime() - windowMs).toISOString();
    const counter = () => RateLimitCounter.query(this.knex).where('bucket', bucket);
    const countHit = () =>
      counter()
        .patch({ hits: raw('hits + ?', [1]) })
        .where('window_started_at', '>', windowOpen)
        .where('hits', '<', limit);
    // The usual case: the window is open and has room.
    if ((await countHit()) === 1) return true;
    // The window has run out: start a new one with this hit.
    if ((await counter().patch({ windowStartedAt: nowIso, hits: 1 }).where('window_started_at', '<=', windowOpen)) === 1) return true;
    try {
      await RateLimitCounter.query(this.knex).insert({ bucket, windowStartedAt: nowIso, hits: 1 });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // Another request created the row first: count this hit against it.
    return (await countHit()) === 1;
  }

  /** Drops counters whose window ended long ago. */
  async prune(olderThanMs: number): Promise<void> {
    await RateLimitCounter.query(this.knex)
      .delete()
      .where('window_started_at', '<', new Date(this.clock().getTime() - olderThanMs).toISOString());
  }
}
