/**
 * In-person check-in (issue 30, point 5): the holder's ticket, the scanner's attendee list and
 * its check-ins (staff who manage courses). A check-in is a staff write: an Idempotency-Key is
 * answered in its transaction, and (ticket, kind, at) makes any repeat one row whatever its key;
 * the first answer is 201, a repeat the same body with 200.
 */
import { checkInSchema } from '@contracts/check-in';
import type { ApiRouter } from '../middleware/access';
import type { CheckInServices } from '../services/check-in';
import type { CheckInResult } from '../services/check-in/check-ins';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { staffWrite } from './staff-write';

export function checkInRoutes(api: ApiRouter, { tickets, checkIns, idempotency }: CheckInServices & Pick<PlatformServices, 'idempotency'>): void {
  api.get('/api/me/courses/:id/ticket', 'signed_in', async (ctx) => {
    const ticket = await tickets.ticketFor(ctx.state.user, idParam(ctx, 'Course'));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = ticket;
  });

  api.get('/api/admin/courses/:id/check-in-list', 'course-management', async (ctx) => {
    const list = await tickets.list(idParam(ctx, 'Course'));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = list;
  });

  api.post(
    '/api/admin/courses/:id/check-ins',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: checkInSchema,
      run: ({ actor, id, body }, record) => checkIns.record(actor, id, body, record),
      answer: (result: CheckInResult) => ({ status: result.created ? 201 : 200, body: result.checkIn }),
    }),
  );
}
