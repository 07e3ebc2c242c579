/**
 * People, messages and the activity log in the back office (back-office spec §2, §5, §6, §7).
 * Admins only, except the activity log, where a contributor reads their own entries. Writes may
 * carry an Idempotency-Key, whose answer is recorded in the write's own transaction (`staffWrite`).
 */
import { activityQuerySchema } from '@contracts/admin-activity';
import { messageListQuerySchema, messagePatchSchema } from '@contracts/admin-messages';
import { contributorWriteSchema, customerWriteSchema, userListQuerySchema } from '@contracts/admin-people';
import type { ApiRouter } from '../middleware/access';
import { parseQuery } from '../middleware/validate';
import type { ContactServices } from '../services/contact';
import type { PeopleServices } from '../services/people';
import type { PlatformServices } from '../services/platform';
import { sendPage } from './route-helpers';
import { changed, created, noContent, staffWrite } from './staff-write';

export function peopleAdminRoutes(
  api: ApiRouter,
  { people, messages, activity, idempotency }: PeopleServices & Pick<ContactServices, 'messages'> & Pick<PlatformServices, 'activity' | 'idempotency'>,
): void {
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
    staffWrite(idempotency, { body: customerWriteSchema, run: ({ actor, body }, record) => people.createCustomer(actor, body, record), answer: created }),
  );
  api.put(
    '/api/admin/customers/:id',
    'admin',
    staffWrite(idempotency, {
      id: 'User',
      body: customerWriteSchema,
      run: ({ actor, id, body }, record) => people.updateCustomer(actor, id, body, record),
      answer: changed,
    }),
  );
  api.post(
    '/api/admin/contributors',
    'admin',
    staffWrite(idempotency, { body: contributorWriteSchema, run: ({ actor, body }, record) => people.createContributor(actor, body, record), answer: created }),
  );
  api.put(
    '/api/admin/contributors/:id',
    'admin',
    staffWrite(idempotency, {
      id: 'User',
      body: contributorWriteSchema,
      run: ({ actor, id, body }, record) => people.updateContributor(actor, id, body, record),
      answer: changed,
    }),
  );
  for (const screen of ['customers', 'contributors'] as const) {
    api.delete(
      `/api/admin/${screen}/:id`,
      'admin',
      staffWrite<undefined, void>(idempotency, {
        id: 'User',
        run: ({ actor, id }, record) => people.deletePerson(actor, id, screen, record),
        answer: noContent,
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
    staffWrite(idempotency, {
      id: 'Message',
      body: messagePatchSchema,
      run: ({ actor, id, body }, record) => messages.mark(actor, id, body, record),
      answer: changed,
    }),
  );

  // Admins read everyone's entries; a contributor only their own (the contributor dashboard).
  api.get('/api/admin/activity', 'staff', async (ctx) => {
    const user = ctx.state.user!;
    const page = await activity.list(parseQuery(activityQuerySchema, ctx.query), user.role === 'admin' ? null : user.id);
    sendPage(ctx, page.entries, page.nextCursor);
  });
}
