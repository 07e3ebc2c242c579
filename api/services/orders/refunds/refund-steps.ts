/**
 * What a full refund takes back, as cancellation steps of `order-steps.ts` (run for `refunded` only,
 * in the refund's transaction, once): the order's seats, its enrollments and its calendar invites.
 * A course its buyer still holds through another paid order (a duplicate line that was flagged
 * "refund due") stays: its enrollment and invite move to that order, and its seat stays taken.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { CalendarInvite, Course, Enrollment, OrderItem, SeatHold, type Order } from '@db/models';
import type { OrderCancelContext } from '../checkout/order-step-runner';

/** The order's courses its buyer still has through another completed order: course → that order. */
export async function keptThroughOtherOrders(trx: Knex.Transaction, order: Order): Promise<Map<string, string>> {
  const courseIds = [...new Set((order.items ?? []).map((line) => line.courseId).filter((id): id is string => !!id))];
  if (courseIds.length === 0 || (!order.userId && !order.customerEmail)) return new Map();
  const rows = await OrderItem.query(trx)
    .join('orders', 'orders.id', 'order_items.order_id')
    .where('orders.status', 'completed')
    .whereNot('orders.id', order.id)
    .whereIn('order_items.course_id', courseIds)
    .where((w) => {
      if (order.userId) w.orWhere('orders.user_id', order.userId);
      if (order.customerEmail) w.orWhere('orders.customer_email', order.customerEmail.toLowerCase());
    })
    .orderBy('orders.created_at')
    .select('order_items.course_id', 'order_items.order_id');
  const kept = new Map<string, string>();
  for (const row of rows) if (row.courseId && !kept.has(row.courseId)) kept.set(row.courseId, row.orderId);
  return kept;
}

/** The seats the order took (its converted holds) go back: participants − seats, once per hold. */
export async function returnSeats({ trx, order, how, now }: OrderCancelContext): Promise<void> {
  if (how !== 'refunded') return;
  const kept = await keptThroughOtherOrders(trx, order);
  const holds = await SeatHold.query(trx).where({ order_id: order.id, status: 'converted' }).select('id', 'course_id', 'seats');
  const changed: string[] = [];
  for (const hold of holds) {
    if (kept.has(hold.courseId)) continue;
    const released = await SeatHold.query(trx).where({ id: hold.id, status: 'converted' }).patch({ status: 'released' });
    if (released !== 1) continue;
    await Course.query(trx)
      .findById(hold.courseId)
      .patch({ currentParticipants: raw('case when current_participants > ? then current_participants - ? else 0 end', [hold.seats, hold.seats]) });
    changed.push(hold.courseId);
  }
  // "Seats left" is catalogue data: offline copies and cached answers learn of it through the change log.
  if (changed.length)
    await recordCatalogueChanges(
      trx,
      [...new Set(changed)].map((id) => ({ entity: 'course' as const, entityId: id, action: 'upsert' as const })),
      now,
    );
}

/** The buyer is no longer enrolled through the order (no reminders, and the course may be bought again). */
export async function endEnrollments({ trx, order, how }: OrderCancelContext): Promise<void> {
  if (how !== 'refunded') return;
  const kept = await keptThroughOtherOrders(trx, order);
  const enrollments = await Enrollment.query(trx).where('order_id', order.id).select('id', 'course_id');
  for (const enrollment of enrollments) {
    const other = kept.get(enrollment.courseId);
    if (other) await Enrollment.query(trx).findById(enrollment.id).patch({ orderId: other });
    else await Enrollment.query(trx).deleteById(enrollment.id);
  }
}

/**
 * The order's calendar invites are cancelled (SEQUENCE + 1, a CANCEL to mail: `CalendarService.sendDue`),
 * as the calendar does for a cancelled course.
 */
export async function cancelInvites({ trx, order, how, now }: OrderCancelContext): Promise<void> {
  if (how !== 'refunded') return;
  const courseIds = [...new Set((order.items ?? []).map((line) => line.courseId).filter((id): id is string => !!id))];
  if (courseIds.length === 0) return;
  const kept = await keptThroughOtherOrders(trx, order);
  const invites = await CalendarInvite.query(trx)
    .modify('active')
    .whereIn('course_id', courseIds)
    .where((w) => {
      w.where('order_id', order.id);
      if (order.customerEmail) w.orWhere('email', order.customerEmail.toLowerCase());
    })
    .select('id', 'course_id', 'order_id');
  for (const invite of invites) {
    const other = kept.get(invite.courseId);
    if (other) {
      if (invite.orderId === order.id) await CalendarInvite.query(trx).findById(invite.id).patch({ orderId: other });
      continue;
    }
    await CalendarInvite.query(trx)
      .findById(invite.id)
      .modify('active')
      .patch({ status: 'cancelled', sequence: raw('sequence + 1'), mailDue: true, updatedAt: now.toISOString() });
  }
}
