/**
 * People, messages and the activity log in the back office (back-office spec §2, §5, §6, §7).
 * Admins only, except the activity log, where a contributor reads their own entries. Writes may
 * carry an Idempotency-Key.
 */
import { activityQuerySchema } from '../contracts/admin-activity';
import { messageListQuerySchema, messagePatchSchema } from '../contracts/admin-messages';
import { contributorWriteSchema, customerWriteSchema, userListQuerySchema } from '../contracts/admin-people';
import type { ApiRouter } from '../middleware/access';
import { idempotent } from '../middleware/idempotency';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { Services } from '../services';
import { actorOf, idParam, sendPage } from './route-helpers';

export function peopleAdminRoutes(api: ApiRouter, { people, messages, activity, idempotency }: Services): void {
  api.get('/api/users', 'admin', async (ctx) => {
    const page = await people.listUsers(parseQuery(userListQuerySchema, ctx.query));
    sendPage(ctx, page.users, page.nextCursor);
  });

  api.get('/api/admin/contributor-stats', 'admin', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await people.contributorStats();
  });

  api.post(
    '/api/admin/customers',
    'admin',
    idempotent(idempotency, async (ctx) => {
      ctx.status = 201;
      ctx.body = await people.createCustomer(actorOf(ctx), parseBody(customerWriteSchema, requestBody(ctx)));
    }),
  );
  api.put(
    '/api/admin/customers/:id',
    'admin',
    idempotent(idempotency, async (ctx) => {
      const id = idParam(ctx, 'User');
      ctx.body = await people.updateCustomer(actorOf(ctx), id, parseBody(customerWriteSchema, requestBody(ctx)));
    }),
  );
  api.post(
    '/api/admin/contributors',
    'admin',
    idempotent(idempotency, async (ctx) => {
      ctx.status = 201;
      ctx.body = await people.createContributor(actorOf(ctx), parseBody(contributorWriteSchema, requestBody(ctx)));
    }),
  );
  api.put(
    '/api/admin/contributors/:id',
    'admin',
    idempotent(idempotency, async (ctx) => {
      const id = idParam(ctx, 'User');
      ctx.body = await people.updateContributor(actorOf(ctx), id, parseBody(contributorWriteSchema, requestBody(ctx)));
    }),
  );
  for (const screen of ['customers', 'contributors'] as const) {
    api.delete(
      `/api/admin/${screen}/:id`,
      'admin',
      idempotent(idempotency, async (ctx) => {
        await people.deletePerson(actorOf(ctx), idParam(ctx, 'User'), screen);
        ctx.status = 204;
      }),
    );
  }

  api.get('/api/admin/messages', 'admin', async (ctx) => {
    const page = await messages.list(parseQuery(messageListQuerySchema, ctx.query));
    sendPage(ctx, page.messages, page.nextCursor);
  });
  api.patch(
    '/api/admin/messages/:id',
    'admin',
    idempotent(idempotency, async (ctx) => {
      const id = idParam(ctx, 'Message');
      ctx.body = await messages.mark(actorOf(ctx), id, parseBody(messagePatchSchema, requestBody(ctx)));
    }),
  );

  // Admins read everyone's entries; a contributor only their own (the contributor dashboard).
  api.get('/api/admin/activity', 'staff', async (ctx) => {
    const user = ctx.state.user!;
    const page = await activity.list(parseQuery(activityQuerySchema, ctx.query), user.role === 'admin' ? null : user.id);
    sendPage(ctx, page.entries, page.nextCursor);
  });
}
