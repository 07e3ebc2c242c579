/**
 * Idempotency keys for staff writes: the first request with a key claims it (a unique row, so
 * concurrent repeats across processes wait for the first answer instead of writing again); later
 * requests with the key get that answer back; the same key on a different request is refused.
 * The answer is recorded inside the write's own transaction (`RecordAnswer`): the write and its
 * key's answer commit together or not at all, so a process that dies in between leaves neither,
 * and the retry after the claim's 60 s writes once. A request that fails without an answer
 * releases its key, so it can be retried. Keys are kept 48 h.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { IdempotencyKey } from '@db/models';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';

export const KEEP_MS = 48 * 60 * 60_000;
/** A claim this old without an answer belongs to a request that died: it may be taken over. */
const ABANDONED_MS = 60_000;
const WAIT_MS = 15_000;

export type Claim = { kind: 'new'; id: string } | { kind: 'replay'; status: number; body: unknown };

/**
 * Called by a keyed write as the last step of its transaction, with what the write returns: records
 * the key's answer in that transaction. Throws (rolling the write back) when the claim is no longer
 * this request's (taken over after 60 s by a retry, which then writes instead).
 */
export type RecordAnswer<T> = (trx: Knex.Transaction, result: T) => Promise<void>;

export const CLAIM_LOST_MESSAGE = 'A request with this Idempotency-Key took over while this one was still running. Please try again to get its answer.';

export class IdempotencyService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async claim(userId: string, key: string, requestHash: string): Promise<Claim> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const id = crypto.randomUUID();
      try {
        await IdempotencyKey.query(this.o.knex).insert({
          id,
          userId,
          idempotencyKey: key,
          requestHash,
          status: 0,
          responseBody: null,
          createdAt: this.o.clock().toISOString(),
        });
        return { kind: 'new', id };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const existing = await IdempotencyKey.query(this.o.knex).where({ user_id: userId, idempotency_key: key }).first();
      if (!existing) continue;
      if (existing.requestHash !== requestHash) throw new AppError('unprocessable', 'This Idempotency-Key was already used for a different request.');
      if (existing.status > 0)
        return { kind: 'replay', status: existing.status, body: existing.responseBody === null ? null : JSON.parse(existing.responseBody) };
      if (this.o.clock().getTime() - Date.parse(existing.createdAt) > ABANDONED_MS) {
        await IdempotencyKey.query(this.o.knex).where({ id: existing.id, status: 0 }).delete();
        continue;
      }
      if (Date.now() > deadline) throw AppError.conflict('A request with this Idempotency-Key is still being processed. Please try again in a moment.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Records the answer on the claim (in the write's transaction when `db` is one); false when the claim is gone or answered. */
  async complete(id: string, status: number, body: unknown, db: Knex = this.o.knex): Promise<boolean> {
    const written = await IdempotencyKey.query(db)
      .where({ id, status: 0 })
      .patch({ status, responseBody: body === undefined ? null : JSON.stringify(body) });
    return written === 1;
  }

  /**
   * Replaces this request's recorded answer with what it finally answers, when something done after
   * the write's transaction changed it (the answer recorded in the transaction stays true until then).
   */
  async amend(id: string, status: number, body: unknown): Promise<void> {
    await IdempotencyKey.query(this.o.knex)
      .where({ id })
      .patch({ status, responseBody: body === undefined ? null : JSON.stringify(body) });
  }

  async release(id: string): Promise<void> {
    await IdempotencyKey.query(this.o.knex).where({ id, status: 0 }).delete();
  }

  async prune(): Promise<number> {
    return IdempotencyKey.query(this.o.knex)
      .where('created_at', '<', new Date(this.o.clock().getTime() - KEEP_MS).toISOString())
      .delete();
  }
}
