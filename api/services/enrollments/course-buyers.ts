/**
 * Who bought a course: one row per course and buyer e-mail (lower-cased) across its completed
 * orders, the first order found for each. Calendar invites and "the recording is available"
 * notices both go to these people.
 */
import type { Knex } from 'knex';
import { Order } from '@db/models';

export interface CourseBuyer {
  courseId: string;
  orderId: string;
  /** Lower-cased: one person per address whatever its case. */
  email: string;
  name: string | null;
}

export async function courseBuyers(trx: Knex | Knex.Transaction, courseIds: string[]): Promise<CourseBuyer[]> {
  if (courseIds.length === 0) return [];
  const rows = (await Order.query(trx)
    .join('order_items', 'order_items.order_id', 'orders.id')
    .whereIn('order_items.course_id', courseIds)
    .where('orders.status', 'completed')
    // An organisation's order buys seats, not a place for its buyer (the seat holders have invites of their own).
    .whereNull('orders.org_id')
    .whereNotNull('orders.customer_email')
    .select('order_items.course_id as course_id', 'orders.id', 'orders.customer_email', 'orders.customer_name')) as unknown as Array<{
    courseId: string;
    id: string;
    customerEmail: string;
    customerName: string | null;
  }>;
  const buyers = new Map<string, CourseBuyer>();
  for (const row of rows) {
    const email = row.customerEmail.toLowerCase();
    const key = `${row.courseId} ${email}`;
    if (!buyers.has(key)) buyers.set(key, { courseId: row.courseId, orderId: row.id, email, name: row.customerName });
  }
  return [...buyers.values()];
}
