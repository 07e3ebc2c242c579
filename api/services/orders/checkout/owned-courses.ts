/**
 * Paying twice for a course you own (issue 27): a checkout naming a course its buyer already owns
 * is refused before anything is held or charged, with the course to go to instead. A signed-in
 * buyer owns the courses they are enrolled in; a guest e-mail owns those of the account with that
 * address and those of its completed guest orders that wait for that account's sign-in. (A race
 * that still gets through is completed and flagged for a refund: `fulfil-order.ts`.)
 */
import type { Knex } from 'knex';
import { Course, Enrollment, OrderItem, User } from '@db/models';
import { OWNED_COURSE_MESSAGE, ownedCoursePath, type OwnedCourseConflict } from '@contracts/checkout';
import { AppError } from '@api/errors';

export interface Owner {
  userId: string | null;
  email: string | null;
}

/** The account behind a buyer: the signed-in one, else the one with the buyer's e-mail. */
export async function accountOf(db: Knex, buyer: Owner): Promise<string | null> {
  if (buyer.userId) return buyer.userId;
  if (!buyer.email) return null;
  return (await User.query(db).findOne({ email: buyer.email.toLowerCase() }).select('id'))?.id ?? null;
}

/** Which of `courseIds` the buyer owns already (through orders other than `exceptOrderId`). */
export async function ownedCourses(db: Knex, buyer: Owner, courseIds: string[], exceptOrderId?: string): Promise<Set<string>> {
  const owned = new Set<string>();
  if (courseIds.length === 0) return owned;
  const accountId = await accountOf(db, buyer);
  if (accountId) {
    for (const row of await Enrollment.query(db).where('user_id', accountId).whereIn('course_id', courseIds).select('course_id')) owned.add(row.courseId);
  }
  if (!buyer.userId && buyer.email) {
    const lines = OrderItem.query(db)
      .join('orders', 'orders.id', 'order_items.order_id')
      .where('orders.customer_email', buyer.email.toLowerCase())
      .where('orders.status', 'completed')
      .whereNull('orders.user_id')
      .whereNull('orders.account_deleted_at')
      .whereIn('order_items.course_id', courseIds)
      .select('order_items.course_id');
    if (exceptOrderId) lines.whereNot('orders.id', exceptOrderId);
    for (const line of await lines) if (line.courseId) owned.add(line.courseId);
  }
  return owned;
}

/** 409 "You already own this course" for the first course of the cart the buyer owns, naming it and its page. */
export async function refuseOwnedCourses(db: Knex, buyer: Owner, courseIds: string[]): Promise<void> {
  const owned = await ownedCourses(db, buyer, courseIds);
  const courseId = courseIds.find((id) => owned.has(id));
  if (!courseId) return;
  const course = await Course.query(db).findById(courseId).select('title');
  const conflict: Omit<OwnedCourseConflict, 'message'> = { courseId, courseTitle: course?.title ?? null, path: ownedCoursePath(courseId) };
  throw AppError.conflict(OWNED_COURSE_MESSAGE, conflict);
}
