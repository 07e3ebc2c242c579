/**
 * The one way a back-office write is declared. A staff write names the `:id` it acts on (its word
 * for the 404), the contract its body must pass, whether it honours `If-Match`, the service call
 * and the answer; `staffWrite` reads who acts, checks the id, parses the body (a 400 that changes
 * nothing) and runs it through `keyedWrite`, so an Idempotency-Key's answer is recorded in the
 * write's own transaction. The route's access rule stays on its declaration (`ApiRouter`).
 */
import type { z } from 'zod';
import { parseIfMatch, type IfMatch } from '../lib/if-match';
import { keyedWrite, type Answer } from '../middleware/idempotency';
import { parseBody, requestBody } from '../middleware/validate';
import type { Actor } from '../services/platform/audit';
import type { IdempotencyService, RecordAnswer } from '../services/platform/idempotency-service';
import { actorOf, idParam } from './route-helpers';

export interface StaffWriteRequest<B> {
  actor: Actor;
  /** The path's `:id` (empty when the write names none). */
  id: string;
  body: B;
  /** The parsed `If-Match` (only when the write honours it). */
  ifMatch: IfMatch | undefined;
}

export interface StaffWrite<B, R> {
  /** The `:id` parameter's noun, for its 404 ("Course" → "Course not found"). */
  id?: string;
  /** The contract the body must pass; without it the body is not read. */
  body?: z.ZodType<B>;
  /** Honour `If-Match` (course writes). */
  ifMatch?: boolean;
  run(request: StaffWriteRequest<B>, record: RecordAnswer<R> | undefined): Promise<R>;
  answer(result: R): Answer;
}

export function staffWrite<B = undefined, R = unknown>(idempotency: IdempotencyService, write: StaffWrite<B, R>) {
  return keyedWrite<R>(
    idempotency,
    (ctx, record) => {
      const actor = actorOf(ctx);
      const id = write.id ? idParam(ctx, write.id) : '';
      const body = write.body ? parseBody(write.body, requestBody(ctx)) : (undefined as B);
      const ifMatch = write.ifMatch ? parseIfMatch(ctx.get('If-Match')) : undefined;
      return write.run({ actor, id, body, ifMatch }, record);
    },
    write.answer,
  );
}

/** The common answers: the created row (201), the changed row, nothing (204). */
export const created = (result: unknown): Answer => ({ status: 201, body: result });
export const changed = (result: unknown): Answer => ({ body: result });
export const noContent = (): Answer => ({ status: 204, body: null });
