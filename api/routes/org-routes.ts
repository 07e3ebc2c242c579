/**
 * Organisations (issue 33): create and list one's own, members and invitations (a JSON list or a
 * CSV body, read here up to 2 MB), the seat pool and assigning a seat, a member's training record.
 * Each service checks the caller's place in the organisation (outsiders 404, learners 403).
 */
import {
  acknowledgementSettingSchema,
  adminCreateOrgSchema,
  adminMoveMemberSchema,
  adminMoveSeatSchema,
  assignSeatSchema,
  createOrgSchema,
  dashboardQuerySchema,
  remindSchema,
  seatDueSchema,
  signSchema,
} from '@contracts/orgs';
import { AppError } from '../errors';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import { readLimitedBody } from '../lib/limited-body';
import { readInvitationBody } from '../services/orgs/invitations';
import type { OrgServices } from '../services/orgs';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, created, staffWrite } from './staff-write';
import { keyedWrite } from '../middleware/idempotency';

export const INVITATIONS_PATH = /^\/api\/orgs\/[^/]+\/invitations$/;
const INVITATION_BODY_MAX = 2 * 1024 * 1024;

const param = (ctx: AppContext, name: string) => String(ctx.params[name] ?? '');
const actor = (ctx: AppContext) => ctx.state.user!;

export function orgRoutes(
  api: ApiRouter,
  { orgs, orgInvitations, orgSeats, orgDashboard, orgReminders, orgAdmin, signatures, idempotency }: OrgServices & Pick<PlatformServices, 'idempotency'>,
): void {
  api.post('/api/orgs', 'signed_in', async (ctx) => {
    const { name } = parseBody(createOrgSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = await orgs.create(actor(ctx), name);
  });
  api.get('/api/orgs', 'signed_in', async (ctx) => {
    ctx.body = await orgs.mine(actor(ctx));
  });

  // The back office: every organisation (admins; each one's seats, members and dashboard through the routes above).
  api.get('/api/admin/orgs', 'admin', async (ctx) => {
    ctx.body = await orgs.adminList();
  });
  // The back office's writes (sent through its outbox): an Idempotency-Key's answer is kept in the write's transaction.
  api.post(
    '/api/admin/orgs',
    'admin',
    staffWrite(idempotency, {
      body: adminCreateOrgSchema,
      run: ({ actor, body }, record) => orgAdmin.create(actor, body.name, body.managerEmail, record),
      answer: created,
    }),
  );
  api.post(
    '/api/admin/orgs/:id/seats/:seatId/move',
    'admin',
    keyedWrite(
      idempotency,
      (ctx, record) => {
        const { email, reason } = parseBody(adminMoveSeatSchema, requestBody(ctx));
        return orgAdmin.moveSeat(actor(ctx), param(ctx, 'id'), param(ctx, 'seatId'), email, reason, record);
      },
      changed,
    ),
  );
  api.post(
    '/api/admin/orgs/:id/members/:memberId/move',
    'admin',
    keyedWrite(
      idempotency,
      (ctx, record) => {
        const { toOrgId, reason } = parseBody(adminMoveMemberSchema, requestBody(ctx));
        return orgAdmin.moveMember(actor(ctx), param(ctx, 'id'), param(ctx, 'memberId'), toOrgId, reason, record);
      },
      changed,
    ),
  );
  api.get('/api/orgs/:id/members', 'signed_in', async (ctx) => {
    ctx.body = await orgInvitations.members(param(ctx, 'id'), actor(ctx));
  });
  api.post('/api/orgs/:id/invitations', 'signed_in', async (ctx) => {
    const body = await readLimitedBody(ctx.req, INVITATION_BODY_MAX, 'The invitation list must be at most 2 MB');
    ctx.body = await orgInvitations.invite(param(ctx, 'id'), actor(ctx), readInvitationBody(ctx.get('Content-Type'), body));
  });
  api.post('/api/orgs/:id/members/:memberId/resend', 'signed_in', async (ctx) => {
    ctx.body = await orgInvitations.resend(param(ctx, 'id'), param(ctx, 'memberId'), actor(ctx));
  });
  api.delete('/api/orgs/:id/members/:memberId', 'signed_in', async (ctx) => {
    ctx.body = await orgInvitations.remove(param(ctx, 'id'), param(ctx, 'memberId'), actor(ctx));
  });

  api.get('/api/orgs/:id/seats', 'signed_in', async (ctx) => {
    ctx.body = await orgSeats.list(param(ctx, 'id'), actor(ctx));
  });
  api.post('/api/orgs/:id/seats/:seatId/assign', 'signed_in', async (ctx) => {
    const { email } = parseBody(assignSeatSchema, requestBody(ctx));
    ctx.body = await orgSeats.assign(param(ctx, 'id'), param(ctx, 'seatId'), email, actor(ctx));
  });

  api.put('/api/orgs/:id/seats/:seatId/due', 'signed_in', async (ctx) => {
    const { dueAt } = parseBody(seatDueSchema, requestBody(ctx));
    await orgDashboard.setDue(param(ctx, 'id'), param(ctx, 'seatId'), dueAt, actor(ctx));
    ctx.status = 204;
  });

  // Reminders to chosen members (push and e-mail), at most once a day each.
  api.post('/api/orgs/:id/reminders', 'signed_in', async (ctx) => {
    const { memberIds } = parseBody(remindSchema, requestBody(ctx));
    ctx.body = await orgReminders.remind(param(ctx, 'id'), actor(ctx), memberIds);
  });

  // The manager's dashboard: a page of members × their seats' courses, or (format=csv) all of it, streamed.
  api.get('/api/orgs/:id/dashboard', 'signed_in', async (ctx) => {
    const { format, ...query } = parseQuery(dashboardQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    if (format === 'csv') {
      const stream = await orgDashboard.csv(param(ctx, 'id'), actor(ctx), query);
      ctx.set('Content-Disposition', 'attachment; filename="training-dashboard.csv"');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = stream;
      return;
    }
    ctx.body = await orgDashboard.page(param(ctx, 'id'), actor(ctx), query);
  });

  // The record for an inspector: PDF or CSV (the same access as the record).
  api.get('/api/orgs/:id/members/:userId/record.:format', 'signed_in', async (ctx) => {
    const format = param(ctx, 'format');
    if (format !== 'pdf' && format !== 'csv') throw AppError.notFound('Not found');
    const file = await orgs.recordFile(param(ctx, 'id'), param(ctx, 'userId'), actor(ctx), format);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.type = file.type;
    ctx.body = file.body;
  });
  api.get('/api/orgs/:id/members/:userId/record', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await orgs.record(param(ctx, 'id'), param(ctx, 'userId'), actor(ctx));
  });

  // Signed acknowledgements: staff mark a course; a learner who completed it asks for a code and signs with it.
  api.get('/api/courses/:id/acknowledgement', 'course-management', async (ctx) => {
    ctx.body = { required: await signatures.required(idParam(ctx, 'Course')) };
  });
  api.put(
    '/api/courses/:id/acknowledgement',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: acknowledgementSettingSchema,
      run: ({ actor, id, body }, record) => signatures.setRequired(actor, id, body.required, record),
      answer: changed,
    }),
  );
  api.get('/api/me/courses/:id/signature', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await signatures.status(actor(ctx).id, idParam(ctx, 'Course'));
  });
  api.post('/api/me/courses/:id/signature-code', 'signed_in', async (ctx) => {
    ctx.status = 202;
    ctx.body = await signatures.requestCode(actor(ctx), idParam(ctx, 'Course'));
  });
  api.post('/api/me/courses/:id/signature', 'signed_in', async (ctx) => {
    const { code } = parseBody(signSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = await signatures.sign(actor(ctx), idParam(ctx, 'Course'), code);
  });
}
