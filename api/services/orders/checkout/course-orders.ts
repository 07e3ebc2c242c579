/**
 * What a paid course order gives, in the fulfilment transaction (the `enrollments` step of
 * `order-steps.ts`): the signed-in buyer's enrollments, held seats turned into participants, and
 * a line for a course the buyer already had flagged for a refund.
 */
import { Order } from '@db/models';
import { recordCatalogueChanges } from '@db/change-log';
import { enroll } from '../../enrollments/enrollments';
import type { OrderStepContext } from './order-step-runner';
import { ownedCourses } from './owned-courses';
import { convertHolds } from './seat-holds';

export async function fulfilCourseOrder({ trx, order, now, checkout }: OrderStepContext): Promise<void> {
  if (order.kind !== 'courses') return;
  const nowIso = now.toISOString();
  const lines = order.items ?? [];
  const courseIds = [...new Set(lines.map((l) => l.courseId).filter((id): id is string => !!id))];
  // The signed-in buyer is enrolled now; a guest's courses wait for the owner of the address to
  // sign in, but what that address owns already still makes a line a duplicate.
  // Seats bought for an organisation are assigned later (`orgs/seats.ts`): nobody is enrolled now.
  const alreadyOwned = order.orgId
    ? new Set<string>()
    : order.userId
      ? await enroll(trx, order.userId, order.id, courseIds, nowIso)
      : await ownedCourses(trx, { userId: null, email: order.customerEmail }, courseIds, order.id);
  // Held seats become participants, except on courses the buyer already had: those go back.
  const seatsTaken = await convertHolds(trx, order.id, alreadyOwned);
  // A course's participant count is catalogue data ("seats left"): offline copies and cached
  // catalogue answers learn of it through the change log, like any other catalogue write.
  await recordCatalogueChanges(
    trx,
    seatsTaken.map((id) => ({ entity: 'course' as const, entityId: id, action: 'upsert' as const })),
    now,
  );
  const duplicates = lines.filter((line) => line.courseId && alreadyOwned.has(line.courseId));
  if (duplicates.length) {
    const refund = duplicates.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    await Order.query(trx)
      .findById(order.id)
      .patch({ refundDueCents: refund, refundReason: `Already enrolled: ${duplicates.map((l) => l.title).join('; ')}`.slice(0, 200) });
    checkout.logger.warn('A buyer paid again for a course they already had: refund the duplicate', { orderId: order.id, refundCents: refund });
  }
}
