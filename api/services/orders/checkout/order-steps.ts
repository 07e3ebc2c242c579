/**
 * What happens when an order completes, and when it is cancelled or refunded: the one ordered
 * list (issue 28). A new domain adds its step here — a name and the parts it needs (see
 * `order-step-runner.ts` for what each part may do and when it runs) — and does not edit
 * fulfilment. `CheckoutService` runs these unless it is given its own list (tests).
 *
 * The invoice counter's rule holds by the list's shape: every fulfilment takes the year's counter
 * row first (the invoice step's `lock`, run before the order is touched), and the number is the
 * transaction's last write (the invoice step is `last`; `defineOrderSteps` refuses a step that
 * writes in the transaction after it). Steps that only act after commit (the receipt) may follow.
 */
import { createInvitesForOrder } from '../../calendar/calendar-invites';
import { assignInvoiceNumber, lockInvoiceCounter, prepareInvoiceCounter } from '../../invoices/invoice-numbers';
import { endLibrary, grantOrder, revokeOrder } from '../../enrollments/entitlements';
import { followOrderAttendees } from '../../meetings/order-attendees';
import { createOrderSeats, voidOrderSeats } from '../../orgs/org-order-steps';
import { fulfilCourseOrder } from './course-orders';
import { cancelInvites, endEnrollments, returnSeats } from '../refunds/refund-steps';
import { endMembershipPlan, fulfilMembership } from './memberships';
import { defineOrderSteps, type OrderCancelStep, type OrderCompletionStep } from './order-step-runner';
import { sendReceiptOnce } from './receipts';
import { redeemCouponUse, releaseCouponUse } from '../coupons/coupon-uses';
import { acceptOrderOffers, returnOrderOffers } from '../../waitlists/waitlist-seats';
import { releaseHolds } from './seat-holds';

/** When an order completes (in the transaction that flipped it to `completed`, then after its commit). */
const COMPLETED: OrderCompletionStep[] = [
  // Course orders: the signed-in buyer's enrollments, held seats become participants, a course already owned flagged for a refund.
  { name: 'enrollments', inTransaction: fulfilCourseOrder },
  // Membership orders: the plan (never to an account its buyer has not proven, never a lower one).
  { name: 'membership', inTransaction: ({ trx, order, now }) => fulfilMembership(trx, order, now.toISOString()) },
  // The rights the order gives its account (course lines; BUSINESS's library), read by every access decision.
  { name: 'entitlements', inTransaction: ({ trx, order, now }) => grantOrder(trx, order.id, now.toISOString()) },
  // The buyer of a live course with a Zoom meeting is registered for it (a queued job, once).
  { name: 'meeting registrations', inTransaction: ({ trx, order, now }) => followOrderAttendees(trx, order, now) },
  // One invite per dated live course (mailed with the receipt).
  { name: 'calendar invites', inTransaction: ({ trx, order, now }) => createInvitesForOrder(trx, order.id, now.toISOString()) },
  // Bought for an organisation: one unassigned seat per unit in its pool (the buyer gets none themselves).
  { name: 'organisation seats', inTransaction: ({ trx, order, now }) => createOrderSeats(trx, order, now) },
  // Waitlist offers the order took are accepted; its buyer leaves the lists of courses they now have (issue 35).
  {
    name: 'waitlists',
    inTransaction: ({ trx, order, now }) =>
      acceptOrderOffers(
        trx,
        order.id,
        order.userId,
        [...new Set((order.items ?? []).map((i) => i.courseId).filter((id): id is string => !!id))],
        now.toISOString(),
      ),
  },
  // The coupon's use held by the checkout counts now (issue 35).
  { name: 'coupon', inTransaction: ({ trx, order, now }) => redeemCouponUse(trx, order.id, now.toISOString()) },
  // New steps go here, before the invoice number.
  {
    name: 'invoice number',
    last: true,
    prepare: (knex, now) => prepareInvoiceCounter(knex, now.getUTCFullYear()),
    lock: (trx, now) => lockInvoiceCounter(trx, now.getUTCFullYear()),
    inTransaction: async ({ trx, order, now }) => void (await assignInvoiceNumber(trx, order.id, now)),
  },
  // The receipt with the invoice PDF and the invites, once; a failed mail is retried by `reconcilePayments`.
  { name: 'receipt', afterCommit: ({ checkout, order }) => sendReceiptOnce(checkout, order.id) },
];

/**
 * When an order is cancelled or refunded (`OrderCancellation`: failed, expired, refund_required,
 * membership_ended), in the transaction that changed it, once.
 */
const CANCELLED: OrderCancelStep[] = [
  // Seats an open checkout held go back.
  { name: 'seat holds', inTransaction: ({ trx, order }) => releaseHolds(trx, order.id) },
  // A waitlist offer's seat the checkout had taken is held for its person again while the offer lasts (issue 35).
  { name: 'waitlist offers', inTransaction: ({ trx, order, now }) => returnOrderOffers(trx, order.id, now.toISOString()) },
  // So does its coupon's use; a refunded order gives its use back too (the customer may use the code again).
  { name: 'coupon', inTransaction: ({ trx, order, how }) => (how === 'membership_ended' ? Promise.resolve() : releaseCouponUse(trx, order.id)) },
  // A cancelled subscription, or a membership refunded in full: the plan that order gave ends.
  {
    name: 'membership',
    inTransaction: ({ trx, order, how, now }) =>
      how === 'membership_ended' || how === 'refunded' ? endMembershipPlan(trx, order, now.toISOString()) : Promise.resolve(),
  },
  // A full refund revokes the order's rights at once; an ended membership ends its library.
  {
    name: 'entitlements',
    inTransaction: async ({ trx, order, how, now, cause }) => {
      if (how === 'refunded') await revokeOrder(trx, order.id, cause ?? { reason: 'Refunded', actorId: null }, now.toISOString());
      if (how === 'membership_ended') await endLibrary(trx, order.id, now.toISOString());
    },
  },
  // An organisation's order refunded in full: its seats are void and the rights they gave revoked.
  {
    name: 'organisation seats',
    inTransaction: ({ trx, order, how, now, cause }) =>
      how === 'refunded' ? voidOrderSeats(trx, order, cause ?? { reason: 'Refunded', actorId: null }, now) : Promise.resolve(),
  },
  // Rights revoked or ended: their Zoom registrations are cancelled (a queued job).
  { name: 'meeting registrations', inTransaction: ({ trx, order, now }) => followOrderAttendees(trx, order, now) },
  // A full refund (`services/orders/refunds`): the seats it took go back, its enrollments end, its calendar invites are cancelled.
  { name: 'refund: seats', inTransaction: returnSeats },
  { name: 'refund: enrollments', inTransaction: endEnrollments },
  { name: 'refund: calendar invites', inTransaction: cancelInvites },
];

export const ORDER_STEPS = defineOrderSteps({ completed: COMPLETED, cancelled: CANCELLED });
