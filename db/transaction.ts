/**
 * Transactions that survive lock contention. MySQL/MariaDB may pick a transaction as a deadlock
 * victim (errno 1213) or give up waiting for a lock (1205), and SQLite may answer BUSY; in each
 * case nothing was written, so the whole transaction is run again, a bounded number of times,
 * after a short random pause. Anything else is thrown as is.
 */
import type { Knex } from 'knex';
import { isMysql } from './errors';

const RETRYABLE_MYSQL = new Set([1213, 1205]);

/** Also through Objection's wrapping: a model query throws a DBError that keeps the driver's error as `nativeError`. */
export function isRetryableLockError(error: unknown): boolean {
  const outer = error as { errno?: number; code?: string; nativeError?: { errno?: number; code?: string } } | null;
  if (!outer) return false;
  const e = outer.nativeError ?? outer;
  if (typeof e.errno === 'number' && RETRYABLE_MYSQL.has(e.errno)) return true;
  return e.code === 'ER_LOCK_DEADLOCK' || e.code === 'ER_LOCK_WAIT_TIMEOUT' || e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_BUSY_SNAPSHOT';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` again while it fails with a retryable lock error (at most `attempts` times in all). */
export async function retryOnLockError<T>(work: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableLockError(error)) throw error;
      await pause(5 + Math.random() * 25 * attempt);
    }
  }
}

/** `knex.transaction(fn)`, retried as a whole on a deadlock, lock-wait timeout or SQLITE_BUSY. */
export function transaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>, attempts = 8): Promise<T> {
  return retryOnLockError(() => knex.transaction(work), attempts);
}

/**
 * `query`, read `FOR UPDATE` on MySQL/MariaDB: the rows stay this transaction's until it ends, and
 * the read sees what other transactions committed after it began (REPEATABLE READ). SQLite runs one
 * writing transaction at a time and has no locking read, so there it is the plain read.
 */
export function forUpdate<Q extends { forUpdate(): unknown }>(trx: Knex | Knex.Transaction, query: Q): Q {
  if (isMysql(trx)) query.forUpdate();
  return query;
}
