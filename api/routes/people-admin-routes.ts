/**
 * People, messages and the activity log in the back office (back-office spec §2, §5, §6, §7).
 * Admins only, except the activity log, where a contributor reads their own entries. Writes may
 * carry an Idempotency-Key, whose answer is recorded in the write's own transaction (`keyedWrite`).
 */
import { activityQuerySchema } from '@contracts/admin-activity';
import { messageListQuerySchema, messagePatchSchema } from '@contracts/admin-messages';
import { contributorWriteSchema, customerWriteSchema, userListQuerySchema } from '@contracts/admin-people';
import type { ApiRouter } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { ContactServices } from '../services/contact';
import type { PeopleServices } from '../services/people';
import type { PlatformServices } from '../services/platform';
import { actorOf, idParam, sendPage } from './route-helpers';

export function peopleAdminRoutes(api: ApiRouter, { people, messages, activity, idempotency }: PeopleServices & Pick<ContactServices, 'messages'> & Pick<PlatformServices, 'activity' | 'idempotency'>): void {
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
    keyedWrite(idempotency, (ctx, record) => people.createCustomer(actorOf(ctx), parseBody(customerWriteSchema, requestBody(ctx)), record), (created) => ({ status: 201, body: created })),
  );
  api.put(
    '/api/admin/customers/:id',
    'admin',
    keyedWrite(idempotency, (ctx, record) => people.updateCustomer(actorOf(ctx), idParam(ctx, 'User'), parseBody(customerWriteSchema, requestBody(ctx)), record), (user) => ({ body: user })),
  );
  api.post(
    '/api/admin/contributors',
    'admin',
    keyedWrite(idempotency, (ctx, record) => people.createContributor(actorOf(ctx), parseBody(contributorWriteSchema, requestBody(ctx)), record), (created) => ({ status: 201, body: created })),
  );
  api.put(
    '/api/admin/contributors/:id',
    'admin',
    keyedWrite(idempotency, (ctx, record) => people.updateContributor(actorOf(ctx), idParam(ctx, 'User'), parseBody(contributorWriteSchema, requestBody(ctx)), record), (user) => ({ body: user })),
  );
  for (const screen of ['customers', 'contributors'] as const) {
    api.delete(
      `/api/admin/${screen}/:id`,
      'admin',
      keyedWrite<void>(idempotency, (ctx, record) => people.deletePerson(actorOf(ctx), idParam(ctx, 'User'), screen, record), () => ({ status: 204, body: null })),
    );
  }

  api.get('/api/admin/messages', 'admin', async (ctx) => {
    const page = await messages.list(parseQuery(messageListQuerySchema, ctx.query));
    sendPage(ctx, page.messages, page.nextCursor);
  });
  api.patch(
    '/api/admin/messages/:id',
    'admin',
    keyedWrite(idempotency, (ctx, record) => messages.mark(actorOf(ctx), idParam(ctx, 'Message'), parseBody(messagePatchSchema, requestBody(ctx)), record), (message) => ({ body: message })),
  );

  // Admins read everyone's entries; a contributor only their own (the contributor dashboard).
  api.get('/api/admin/activity', 'staff', async (ctx) => {
    const user = ctx.state.user!;
    const page = await activity.list(parseQuery(activityQuerySchema, ctx.query), user.role === 'admin' ? null : user.id);
    sendPage(ctx, page.entries, page.nextCursor);
  });
}
