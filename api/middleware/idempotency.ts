/**
 * `Idempotency-Key` on staff writes (`services/idempotency-service.ts`): a repeat of a request
 * gets the first answer (with `Idempotent-Replayed: true`) and writes nothing; the key on another
 * request is a 422. Without the header a request runs as usual.
 *
 * `keyedWrite` hands the write a `RecordAnswer`, which the service calls as the last step of its
 * transaction: the write and its key's answer commit together, so no crash can leave a write whose
 * key is still open (a retry after the claim's 60 s would write again). Every keyed staff write
 * goes through it.
 */
import crypto from 'node:crypto';
import { AppError } from '../errors';
import { CLAIM_LOST_MESSAGE, type IdempotencyService, type RecordAnswer } from '../services/platform/idempotency-service';
import type { AppContext } from './access';
import { requestBody } from './validate';

type Handler = (ctx: AppContext) => Promise<void>;

/** What a keyed write answers: its status (200 unless said), body and headers. */
export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Claimed = { kind: 'none' } | { kind: 'replayed' } | { kind: 'claimed'; id: string };

/** Claims the request's key, or answers a repeat with the first answer; `none` without a key (or a signed-in user). */
async function claimKey(service: IdempotencyService, ctx: AppContext): Promise<Claimed> {
  const key = ctx.get('Idempotency-Key');
  if (!key) return { kind: 'none' };
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw AppError.badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  const user = ctx.state.user;
  if (!user) return { kind: 'none' };
  const body = requestBody(ctx) ?? null;
  // JSON.stringify recurses: app.ts has already refused a body nested deep enough to overflow the stack.
  const hash = crypto
    .createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(body)}`)
    .digest('hex');
  const claim = await service.claim(user.id, key, hash);
  if (claim.kind === 'new') return { kind: 'claimed', id: claim.id };
  ctx.status = claim.status;
  ctx.body = claim.body ?? undefined;
  ctx.set('Idempotent-Replayed', 'true');
  return { kind: 'replayed' };
}

/**
 * A staff write whose key's answer is recorded in the write's transaction: `write` passes `record`
 * to the service (undefined without a key), `answer` turns its result into the response.
 */
export function keyedWrite<T>(
  service: IdempotencyService,
  write: (ctx: AppContext, record: RecordAnswer<T> | undefined) => Promise<T>,
  answer: (result: T) => Answer,
): Handler {
  return async (ctx) => {
    const claim = await claimKey(service, ctx);
    if (claim.kind === 'replayed') return;
    const claimId = claim.kind === 'claimed' ? claim.id : null;
    let recorded = null as string | null;
    const record: RecordAnswer<T> | undefined =
      claimId === null
        ? undefined
        : async (trx, result) => {
            const { status = 200, body } = answer(result);
            // The claim was taken over (this request outlived its 60 s): the write rolls back, the other one stands.
            if (!(await service.complete(claimId, status, body ?? null, trx))) throw AppError.conflict(CLAIM_LOST_MESSAGE);
            recorded = JSON.stringify([status, body ?? null]);
          };
    let result: T;
    try {
      result = await write(ctx, record);
    } catch (error) {
      if (claimId !== null) await service.release(claimId);
      throw error;
    }
    const { status = 200, body, headers = {} } = answer(result);
    // A service that returned without calling `record` (nothing to write): the answer is kept now.
    if (claimId !== null && recorded === null) await service.complete(claimId, status, body ?? null);
    // What the service did after its transaction changed the answer (a welcome e-mail left): the kept answer follows.
    else if (claimId !== null && recorded !== JSON.stringify([status, body ?? null])) await service.amend(claimId, status, body ?? null);
    ctx.status = status;
    ctx.body = body;
    for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  };
}
