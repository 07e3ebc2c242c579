/**
 * Fulfilment is one idempotent transaction: whichever confirmation arrives first (test processor,
 * Stripe webhook, the recovery sweep) completes the order; every later or concurrent one changes
 * nothing. The test processor marks its payment succeeded inside that same transaction, so a
 * crash can never leave money taken for an order that is not completed, and `reconcilePayments`
 * (at start and on a schedule) completes any order whose processor holds the money.
 *
 * At payment the order is checked again (`payment-checks.ts`): course, price and the seats of a
 * guest checkout. A paid order becomes the signed-in buyer's; a guest's order joins an account
 * only when its owner signs in (issue 27: a purchase never changes an account its buyer has not
 * proven), and a course the buyer already owns is flagged for a refund.
 */
import type { Knex } from 'knex';
import { Order } from '@db/models';
import { recordCatalogueChanges } from '@db/change-log';
import { transaction } from '@db/transaction';
import { createInvitesForOrder } from '../calendar/calendar-invites';
import { enroll } from '../enrollments';
import { assignInvoiceNumber, lockInvoiceCounter, prepareInvoiceCounter } from '../invoices/invoice-numbers';
import { fulfilMembership } from './memberships';
import type { CheckoutServiceOptions } from './options';
import { ownedCourses } from './owned-courses';
import { checkAtPayment } from './payment-checks';
import { sendReceiptOnce } from './receipts';
import { convertHolds, holdAtPayment, releaseHolds } from './seat-holds';

/**
 * fulfilled: this call completed the order. already_fulfilled: an earlier one did.
 * refund_required: the money arrived for an order that can no longer be completed (it had
 * expired or failed and its seats are gone, or its course or price changed); the order is marked
 * so and logged for a refund. not_payable: no such order.
 */
export type FulfilmentOutcome = 'fulfilled' | 'already_fulfilled' | 'refund_required' | 'not_payable';

/**
 * Completes a paid order, once: the order is flipped from pending with a conditional UPDATE,
 * so of any number of concurrent confirmations exactly one does the work (enrollments,
 * participants, membership, calendar invites, the invoice number, receipt). `markPaid`, when given, records the payment itself in
 * the same transaction (the test processor): it returns false when another call already did,
 * and then nothing changes. With `markPaid` an order that no longer stands (`OrderChanged`) is
 * thrown, undoing the payment with everything else; without it the money is in, and the order
 * becomes `refund_required`.
 */
export async function fulfilOrder(
  o: CheckoutServiceOptions,
  orderId: string,
  paymentId: string,
  markPaid?: (trx: Knex.Transaction) => Promise<boolean>,
): Promise<FulfilmentOutcome> {
  await prepareInvoiceCounter(o.knex, o.clock().getUTCFullYear());
  const outcome = await transaction(o.knex, async (trx) => {
    const now = o.clock();
    // Invoicing serialises on the year's counter row: taking it first means fulfilments queue
    // rather than deadlock (the number itself is taken last, only when the order completes).
    await lockInvoiceCounter(trx, now.getUTCFullYear());
    if (markPaid && !(await markPaid(trx))) return 'already_fulfilled' as const;
    return fulfilIn(o, trx, orderId, paymentId, now, !!markPaid);
  });
  if (outcome === 'fulfilled') await sendReceiptOnce(o, orderId);
  return outcome;
}

/**
 * The completion, then — only when this call completed the order — its calendar invites and,
 * last (it serialises invoicing on the year's counter row), its invoice number.
 */
async function fulfilIn(o: CheckoutServiceOptions, trx: Knex.Transaction, orderId: string, paymentId: string, now: Date, refuse: boolean): Promise<FulfilmentOutcome> {
  const outcome = await completeIn(o, trx, orderId, paymentId, now.toISOString(), refuse);
  if (outcome === 'fulfilled') {
    await createInvitesForOrder(trx, orderId, now.toISOString());
    await assignInvoiceNumber(trx, orderId, now);
  }
  return outcome;
}

/** Paid, but not to be completed: everything it held goes back and the whole amount is owed back. */
async function refundWhole(o: CheckoutServiceOptions, trx: Knex.Transaction, order: Order, reason: string, nowIso: string): Promise<FulfilmentOutcome> {
  await releaseHolds(trx, order.id);
  await Order.query(trx).findById(order.id).patch({ status: 'refund_required', refundDueCents: order.totalCents, refundReason: reason.slice(0, 200), updatedAt: nowIso });
  o.logger.error('A payment arrived for an order that can no longer be completed: refund it', { orderId: order.id, reason });
  return 'refund_required';
}

async function completeIn(o: CheckoutServiceOptions, trx: Knex.Transaction, orderId: string, paymentId: string, nowIso: string, refuse: boolean): Promise<FulfilmentOutcome> {
  let flipped = await Order.query(trx).modify('pending').where('id', orderId).patch({ status: 'completed', stripePaymentIntentId: paymentId, clientSecretSealed: null, updatedAt: nowIso });
  if (flipped !== 1) {
    const current = await Order.query(trx).findById(orderId).select('status', 'total_cents');
    if (!current) return 'not_payable';
    if (current.status !== 'expired' && current.status !== 'failed') return 'already_fulfilled';
    // Paid after the order expired or failed (its seats were released): take the seats
    // again if they are still free, so the payment is honoured without overselling.
    flipped = await Order.query(trx).findById(orderId).whereIn('status', ['expired', 'failed']).patch({ status: 'completed', stripePaymentIntentId: paymentId, updatedAt: nowIso });
    if (flipped !== 1) return 'already_fulfilled';
    if (await holdAtPayment(trx, orderId, 'released')) {
      await Order.query(trx)
        .findById(orderId)
        .patch({ status: 'refund_required', refundDueCents: current.totalCents, refundReason: 'Paid after the checkout expired and its seats were taken', updatedAt: nowIso });
      o.logger.error('A payment arrived for an order whose seats are gone: refund it', { orderId, paymentId });
      return 'refund_required';
    }
  }
  const order = await Order.query(trx).findById(orderId).withGraphFetched('items').throwIfNotFound();
  const changed = await checkAtPayment(o, trx, order);
  if (changed) {
    // Nothing charged yet (the test processor): refused, and the transaction, payment included, is undone.
    if (refuse) throw changed;
    return refundWhole(o, trx, order, changed.refundReason, nowIso);
  }
  if (order.kind === 'membership') {
    await fulfilMembership(trx, order, nowIso);
    return 'fulfilled';
  }
  const lines = order.items ?? [];
  const courseIds = [...new Set(lines.map((l) => l.courseId).filter((id): id is string => !!id))];
  // The signed-in buyer is enrolled now; a guest's courses wait for the owner of the address to
  // sign in, but what that address owns already still makes a line a duplicate.
  const alreadyOwned = order.userId
    ? await enroll(trx, order.userId, orderId, courseIds, nowIso)
    : await ownedCourses(trx, { userId: null, email: order.customerEmail }, courseIds, orderId);
  // Held seats become participants, except on courses the buyer already had: those go back.
  const seatsTaken = await convertHolds(trx, orderId, alreadyOwned);
  // A course's participant count is catalogue data ("seats left"): offline copies and cached
  // catalogue answers learn of it through the change log, like any other catalogue write.
  await recordCatalogueChanges(trx, seatsTaken.map((id) => ({ entity: 'course' as const, entityId: id, action: 'upsert' as const })), new Date(nowIso));
  const duplicates = lines.filter((line) => line.courseId && alreadyOwned.has(line.courseId));
  if (duplicates.length) {
    const refund = duplicates.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    await Order.query(trx)
      .findById(orderId)
      .patch({ refundDueCents: refund, refundReason: `Already enrolled: ${duplicates.map((l) => l.title).join('; ')}`.slice(0, 200) });
    o.logger.warn('A buyer paid again for a course they already had: refund the duplicate', { orderId, refundCents: refund });
  }
  return 'fulfilled';
}
