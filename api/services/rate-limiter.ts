/**
 * Fixed-window-by-age rate limits kept in the database, so they hold across restarts and across
 * several server processes. `hit` records an event and refuses (429) once `limit` events of the
 * bucket fall within `windowMs`, saying when the oldest of them leaves the window.
 */
import type { Knex } from 'knex';
import { AppError } from '../errors';

export type Clock = () => Date;

export class RateLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: string, limit: number, windowMs: number, message: (retryMinutes: number) => string): Promise<void> {
    const now = this.clock();
    const windowStart = new Date(now.getTime() - windowMs).toISOString();
    const recent: Array<{ created_at: string }> = await this.knex('rate_limit_events')
      .where('bucket', bucket)
      .where('created_at', '>', windowStart)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .select('created_at');
    if (recent.length >= limit) {
      const oldest = new Date(recent[0]!.created_at).getTime();
      const retryMs = Math.max(1000, oldest + windowMs - now.getTime());
      throw new AppError('too_many_requests', message(Math.ceil(retryMs / 60_000)), { retryAfterSeconds: Math.ceil(retryMs / 1000) });
    }
    await this.knex('rate_limit_events').insert({ bucket, created_at: now.toISOString() });
  }

  /** Drops events older than the longest window in use. */
  async prune(olderThanMs: number): Promise<void> {
    await this.knex('rate_limit_events').where('created_at', '<', new Date(this.clock().getTime() - olderThanMs).toISOString()).delete();
  }
}
