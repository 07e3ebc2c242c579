/**
 * `Idempotency-Key` on staff writes (`services/idempotency-service.ts`): a repeat of a request
 * gets the first answer (with `Idempotent-Replayed: true`) and writes nothing; the key on another
 * request is a 422. Without the header a request runs as usual.
 */
import crypto from 'node:crypto';
import { AppError } from '../errors';
import type { IdempotencyService } from '../services/idempotency-service';
import type { AppContext } from './access';
import { requestBody } from './validate';

type Handler = (ctx: AppContext) => Promise<void>;

export function idempotent(service: IdempotencyService, handler: Handler): Handler {
  return async (ctx) => {
    const key = ctx.get('Idempotency-Key');
    if (!key) return handler(ctx);
    if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw AppError.badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
    const user = ctx.state.user;
    if (!user) return handler(ctx);
    const hash = crypto.createHash('sha256').update(`${ctx.method} ${ctx.path}\n${JSON.stringify(requestBody(ctx) ?? null)}`).digest('hex');
    const claim = await service.claim(user.id, key, hash);
    if (claim.kind === 'replay') {
      ctx.status = claim.status;
      ctx.body = claim.body ?? undefined;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    try {
      await handler(ctx);
    } catch (error) {
      await service.release(claim.id);
      throw error;
    }
    await service.complete(claim.id, ctx.status, ctx.body ?? null);
  };
}

/** The version a client expects, from `If-Match: "3"` (or the ETag form `"v3…"`); undefined without the header. */
export function expectedVersion(ctx: AppContext): number | undefined {
  const header = ctx.get('If-Match');
  if (!header) return undefined;
  const match = /^\s*(?:W\/)?"v?(\d{1,9})(?:-[^"]*)?"\s*$/.exec(header);
  if (!match) throw AppError.badRequest('If-Match must be the course version in quotes, e.g. "3"');
  return Number(match[1]);
}
