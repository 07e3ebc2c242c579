/** Small pieces every back-office route file shares: who acts, the `:id` parameter, and paged answers. */
import { AppError } from '../errors';
import type { AppContext } from '../middleware/access';
import { isUuid } from '../services/catalogue/catalogue-service';

/** The signed-in person, as the audit log records them. */
export const actorOf = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

/** The `:id` of the path; anything but a UUID is a 404 `{what} not found`, like an unknown id. */
export function idParam(ctx: AppContext, what: string): string {
  const id = ctx.params.id!;
  if (!isUuid(id)) throw AppError.notFound(`${what} not found`);
  return id;
}

/**
 * A page of a list: the body stays the plain array the spec describes; the next page's address
 * comes in `Link: <…>; rel="next"` (the same query with the cursor). Never cached: back-office data.
 */
export function sendPage(ctx: AppContext, page: unknown[], nextCursor: string | null): void {
  if (nextCursor) {
    const next = new URLSearchParams(ctx.querystring);
    next.set('cursor', nextCursor);
    ctx.set('Link', `<${ctx.path}?${next.toString()}>; rel="next"`);
  }
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = page;
}
