/**
 * The receipt's lines for a live seminar's ticket (issue 30, point 5: "in the receipt and My
 * Training"): for each seminar of the order, the buyer's ticket code (typed at the door when the
 * phone cannot show the QR) and where the QR is. A guest's order has no seat until its buyer signs
 * in, so it gets no line; My Training shows the ticket from then on.
 */
import type { Knex } from 'knex';
import { Course, Entitlement, Order, OrderItem } from '@db/models';
import type { Clock } from '../../lib/clock';
import { whereLive } from '../enrollments/entitlements';
import type { TicketService } from './tickets';

export async function ticketReceiptNotes(o: { knex: Knex; clock: Clock; tickets: TicketService; publicUrl: string }, orderId: string): Promise<string[]> {
  const order = await Order.query(o.knex).findById(orderId).select('user_id');
  if (!order?.userId) return [];
  const seminars = await Course.query(o.knex)
    .whereIn('id', OrderItem.query(o.knex).where('order_id', orderId).whereNotNull('course_id').select('course_id'))
    .where('type', 'live_seminar')
    .select('id', 'title')
    .orderBy('title');
  const notes: string[] = [];
  for (const seminar of seminars) {
    const live = Entitlement.query(o.knex).where({ user_id: order.userId, course_id: seminar.id }).orderBy('created_at').orderBy('id');
    whereLive(live, o.clock().toISOString());
    const [seat] = await live;
    if (!seat) continue;
    await o.tickets.ensure([seat]);
    notes.push(
      `Your ticket for “${seminar.title}”: ${o.tickets.codeOf(seat)}. Show its QR code at the door from My Training: ${o.publicUrl}/learn/${seminar.id}`,
    );
  }
  return notes;
}
