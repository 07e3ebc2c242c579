/** Cancelling or transferring one's own booked seat (issue 35), and the admins' cancellation policies. */
import { cancellationPolicySchema, transferSchemaFor } from '@contracts/bookings';
import { COURSE_TYPES, isCourseType } from '@contracts/course-types';
import { AppError } from '../errors';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { BookingServices } from '../services/bookings';
import { actorOf, idParam } from './route-helpers';

export function bookingRoutes(api: ApiRouter, { bookings, cancellationPolicies }: BookingServices): void {
  const holder = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email, name: ctx.state.user!.name });
  api.get('/api/me/bookings', 'signed_in', async (ctx) => {
    ctx.body = await bookings.mine(holder(ctx));
  });
  api.post('/api/me/enrollments/:id/cancel', 'signed_in', async (ctx) => {
    ctx.body = await bookings.cancel(holder(ctx), idParam(ctx, 'Booking'));
  });
  // `{ email }`: to a colleague; `{ courseId }`: to another date of the same course.
  api.post('/api/me/enrollments/:id/transfer', 'signed_in', async (ctx) => {
    const body = parseBody(transferSchemaFor(requestBody(ctx)), requestBody(ctx));
    const id = idParam(ctx, 'Booking');
    ctx.body = 'courseId' in body ? await bookings.move(holder(ctx), id, body.courseId) : await bookings.transfer(holder(ctx), id, body.email);
  });
  api.get('/api/admin/cancellation-policies', 'admin', async (ctx) => {
    ctx.body = await cancellationPolicies.list();
  });
  const courseTypeParam = (ctx: AppContext) => {
    const type = ctx.params.courseType;
    if (!isCourseType(type)) throw AppError.notFound(`Course type must be one of ${COURSE_TYPES.join(', ')}`);
    return type;
  };
  api.put('/api/admin/cancellation-policies/:courseType', 'admin', async (ctx) => {
    const type = courseTypeParam(ctx);
    ctx.body = await cancellationPolicies.update(actorOf(ctx), type, parseBody(cancellationPolicySchema, requestBody(ctx)));
  });
  // Back to the default of the type.
  api.delete('/api/admin/cancellation-policies/:courseType', 'admin', async (ctx) => {
    ctx.body = await cancellationPolicies.reset(actorOf(ctx), courseTypeParam(ctx));
  });
}
