/**
 * Enrollments: one per user and course (unique), written with `INSERT … ON CONFLICT IGNORE` so an
 * existing enrollment always wins. Fulfilment enrolls the buyer of one paid order; sign-in gives
 * a new account the courses of its earlier guest orders.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isMysql } from '../../db/errors';

/**
 * Enrolls the user in the courses of one completed order, never twice (an existing enrollment
 * wins, also against a concurrent fulfilment). Returns the courses the user already had through
 * another order: those lines are duplicates.
 */
export async function enroll(trx: Knex.Transaction, userId: string | null, orderId: string, courseIds: string[], nowIso: string): Promise<Set<string>> {
  if (!userId || courseIds.length === 0) return new Set();
  // Fulfilments for one account queue on its row instead of deadlocking on the enrollment key.
  if (isMysql(trx)) await trx('users').where({ id: userId }).forUpdate().first('id');
  await trx('enrollments')
    .insert(courseIds.map((courseId) => ({ id: crypto.randomUUID(), user_id: userId, course_id: courseId, order_id: orderId, enrolled_at: nowIso })))
    .onConflict(['user_id', 'course_id'])
    .ignore();
  let current = trx('enrollments').where({ user_id: userId }).whereIn('course_id', courseIds).select('course_id', 'order_id');
  // A locking read sees rows other transactions committed after ours began (MySQL's REPEATABLE READ).
  if (isMysql(trx)) current = current.forUpdate();
  const rows: Array<{ course_id: string; order_id: string | null }> = await current;
  return new Set(rows.filter((row) => row.order_id !== orderId).map((row) => row.course_id));
}

/** One enrollment per course of the given completed orders, never twice. */
export async function enrollForCompletedOrders(trx: Knex | Knex.Transaction, userId: string | null, orderIds: string[], nowIso: string): Promise<void> {
  if (!userId || orderIds.length === 0) return;
  const lines: Array<{ course_id: string; order_id: string }> = await trx('order_items')
    .join('orders', 'orders.id', 'order_items.order_id')
    .whereIn('order_items.order_id', orderIds)
    .where('orders.status', 'completed')
    .whereNotNull('order_items.course_id')
    .select('order_items.course_id', 'order_items.order_id');
  const byCourse = new Map(lines.map((l) => [l.course_id, l.order_id]));
  if (byCourse.size === 0) return;
  await trx('enrollments')
    .insert([...byCourse].map(([courseId, orderId]) => ({ id: crypto.randomUUID(), user_id: userId, course_id: courseId, order_id: orderId, enrolled_at: nowIso })))
    .onConflict(['user_id', 'course_id'])
    .ignore();
}
