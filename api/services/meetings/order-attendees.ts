/**
 * The order steps of the meetings domain (`orders/checkout/order-steps.ts`): in the transaction
 * that completed an order, its buyer is registered for the Zoom meeting of each live course it
 * bought; in the one that refunded it (or ended its membership), the registrations whose right
 * ended are cancelled. Both only queue jobs (`attendees.ts`): Zoom is called after the commit.
 */
import type { Knex } from 'knex';
import { Entitlement, Meeting, Order } from '@db/models';
import { syncCourseAttendees } from './attendees';

export async function followOrderAttendees(trx: Knex.Transaction, order: Order, now: Date): Promise<void> {
  // Read again: fulfilment may just have given a guest's new address its account.
  const userId = (await Order.query(trx).findById(order.id).select('user_id'))?.userId;
  if (!userId) return;
  const courseIds = [...new Set((order.items ?? []).map((item) => item.courseId).filter((id): id is string => !!id))];
  const rights = Entitlement.query(trx).where('source_id', order.id).select('course_id');
  const withMeetings = await Meeting.query(trx)
    .where({ provider: 'zoom', status: 'ready' })
    // A membership order's library: any course it gave may have a meeting.
    .modify((q) => (order.kind === 'membership' ? q.whereIn('course_id', rights) : q.whereIn('course_id', courseIds)))
    .select('course_id');
  for (const { courseId } of withMeetings) await syncCourseAttendees(trx, courseId, now, [userId]);
}
