/**
 * Enrollments: one per user and course (unique), written with `INSERT … ON CONFLICT IGNORE` so an
 * existing enrollment always wins. Fulfilment enrolls the buyer of one paid order; sign-in gives
 * a new account the courses of its earlier guest orders.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isMysql } from '@db/errors';
import { Enrollment, OrderItem, User } from '@db/models';

const ENROLLMENT_KEY = ['user_id', 'course_id'];

/**
 * Enrolls the user in the courses of one completed order, never twice (an existing enrollment
 * wins, also against a concurrent fulfilment). Returns the courses the user already had through
 * another order: those lines are duplicates.
 */
export async function enroll(trx: Knex.Transaction, userId: string | null, orderId: string, courseIds: string[], nowIso: string): Promise<Set<string>> {
  if (!userId || courseIds.length === 0) return new Set();
  // Fulfilments for one account queue on its row instead of deadlocking on the enrollment key.
  if (isMysql(trx)) await User.query(trx).findById(userId).forUpdate().select('id');
  await Enrollment.insertMany(
    trx,
    courseIds.map((courseId) => ({ id: crypto.randomUUID(), userId, courseId, orderId, enrolledAt: nowIso })),
    { ignoreConflictsOn: ENROLLMENT_KEY },
  );
  const current = Enrollment.query(trx).where('user_id', userId).whereIn('course_id', courseIds).select('course_id', 'order_id');
  // A locking read sees rows other transactions committed after ours began (MySQL's REPEATABLE READ).
  if (isMysql(trx)) current.forUpdate();
  const rows = await current;
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
