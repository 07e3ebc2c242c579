/**
 * Enrollments: one per user and course (unique), written with `INSERT … ON CONFLICT IGNORE` so an
 * existing enrollment always wins. Fulfilment enrolls the signed-in buyer of one paid order;
 * sign-in — the owner proving the address — gives the account its guest orders (`attachGuestOrders`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Enrollment, Order, OrderItem, User, type MembershipType } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { grantOrder } from './entitlements';
import { applyMembership, higherPlan } from './membership-grants';

const ENROLLMENT_KEY = ['user_id', 'course_id'];

/**
 * Enrolls the user in the courses of one completed order, never twice (an existing enrollment
 * wins, also against a concurrent fulfilment). Returns the courses the user already had through
 * another order: those lines are duplicates.
 */
export async function enroll(trx: Knex.Transaction, userId: string | null, orderId: string, courseIds: string[], nowIso: string): Promise<Set<string>> {
  if (!userId || courseIds.length === 0) return new Set();
  // Fulfilments for one account queue on its row instead of deadlocking on the enrollment key.
  await forUpdate(trx, User.query(trx).findById(userId).select('id'));
  await Enrollment.insertMany(
    trx,
    courseIds.map((courseId) => ({ id: crypto.randomUUID(), userId, courseId, orderId, enrolledAt: nowIso })),
    { ignoreConflictsOn: ENROLLMENT_KEY },
  );
  // A locking read sees rows other transactions committed after ours began (MySQL's REPEATABLE READ).
  const rows = await forUpdate(trx, Enrollment.query(trx).where('user_id', userId).whereIn('course_id', courseIds).select('course_id', 'order_id'));
  return new Set(rows.filter((row) => row.orderId !== orderId).map((row) => row.courseId));
}

/** One enrollment per course of the given completed orders, never twice. */
export async function enrollForCompletedOrders(db: Knex, userId: string | null, orderIds: string[], nowIso: string): Promise<void> {
  if (!userId || orderIds.length === 0) return;
  const lines = await OrderItem.query(db)
    .join('orders', 'orders.id', 'order_items.order_id')
    .whereIn('order_items.order_id', orderIds)
    .where('orders.status', 'completed')
    .whereNotNull('order_items.course_id')
    .select('order_items.course_id', 'order_items.order_id');
  const byCourse = new Map(lines.map((line) => [line.courseId as string, line.orderId]));
  await Enrollment.insertMany(
    db,
    [...byCourse].map(([courseId, orderId]) => ({ id: crypto.randomUUID(), userId, courseId, orderId, enrolledAt: nowIso })),
    { ignoreConflictsOn: ENROLLMENT_KEY },
  );
}

/**
 * Guest orders placed with this e-mail become the account's when its owner signs in (issue 27: a
 * purchase by someone not signed in as the account changes it only once the owner proves the
 * address): their courses (a course the account had through another order is flagged for a
 * refund, unless the order has one flagged already) and their memberships (never a lower plan,
 * never one whose subscription was cancelled). Orders of a deleted account stay with nobody: a
 * new account with that e-mail does not inherit them.
 */
export async function attachGuestOrders(db: Knex, userId: string, email: string, nowIso: string): Promise<void> {
  const guestOrders = await Order.query(db).whereNull('user_id').whereNull('account_deleted_at').where('customer_email', email).select('id');
  if (guestOrders.length === 0) return;
  const ids = guestOrders.map((o) => o.id);
  await transaction(db, async (trx) => {
    await Order.query(trx).patch({ userId }).whereIn('id', ids).whereNull('user_id');
    await enrollForCompletedOrders(trx, userId, ids, nowIso);
    await flagDuplicates(trx, userId, ids);
    const memberships = await Order.query(trx)
      .whereIn('id', ids)
      .where({ user_id: userId, kind: 'membership', status: 'completed' })
      .whereNull('membership_ended_at')
      .select('membership_plan');
    const plan = memberships.reduce<MembershipType | null>((best, o) => higherPlan(best, o.membershipPlan as MembershipType | null), null);
    if (plan) await applyMembership(trx, userId, plan, nowIso);
    // Their rights: the course lines, and the library of a membership the account now holds.
    for (const id of ids) await grantOrder(trx, id, nowIso);
  });
}

/** Completed orders among `orderIds` with lines for courses the user is enrolled in through another order: refund due. */
async function flagDuplicates(trx: Knex.Transaction, userId: string, orderIds: string[]): Promise<void> {
  const lines = await OrderItem.query(trx)
    .join('orders', 'orders.id', 'order_items.order_id')
    .join('enrollments', (j) => j.on('enrollments.course_id', 'order_items.course_id').andOnVal('enrollments.user_id', userId))
    .whereIn('order_items.order_id', orderIds)
    .where('orders.status', 'completed')
    .where('orders.refund_due_cents', 0)
    .where((w) => w.whereNull('enrollments.order_id').orWhereRaw('enrollments.order_id <> order_items.order_id'))
    .select('order_items.order_id', 'order_items.title', 'order_items.price_cents', 'order_items.quantity');
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  for (const [orderId, duplicates] of byOrder) {
    const refund = duplicates.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    await Order.query(trx)
      .findById(orderId)
      .where('refund_due_cents', 0)
      .patch({ refundDueCents: refund, refundReason: `Already enrolled: ${duplicates.map((l) => l.title).join('; ')}`.slice(0, 200) });
  }
}
