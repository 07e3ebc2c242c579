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
 *
 * What a completed order gives (enrollments, membership, calendar invites, the invoice number,
 * the receipt, …) is not written here: it is the declared list of steps in `order-steps.ts`,
 * run by `order-step-runner.ts` in this transaction (and after its commit). An order that is
 * paid but cannot be completed runs the cancellation steps instead (`refund_required`).
 */
import type { Knex } from 'knex';
import { Order } from '@db/models';
import { transaction } from '@db/transaction';
import type { CheckoutServiceOptions } from './options';
import { lockSteps, prepareSteps, runAfterCommit, runCancelSteps, runCompletionSteps, type AfterCommitRun } from './order-step-runner';
import { checkAtPayment } from './payment-checks';
import { holdAtPayment } from './seat-holds';
import { retakeCouponUse } from '../coupons/coupon-uses';

/**
 * fulfilled: this call completed the order. already_fulfilled: an earlier one did.
 * refund_required: the money arrived for an order that can no longer be completed (it had
 * expired or failed and its seats are gone, or its course or price changed); the order is marked
 * so and logged for a refund. not_payable: no such order.
 */
export type FulfilmentOutcome = 'fulfilled' | 'already_fulfilled' | 'refund_required' | 'not_payable';

interface Settled {
  outcome: FulfilmentOutcome;
  after: AfterCommitRun;
}

/**
 * Completes a paid order, once: the order is flipped from pending with a conditional UPDATE,
 * so of any number of concurrent confirmations exactly one runs the completion steps
 * (`order-steps.ts`). `markPaid`, when given, records the payment itself in
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
  await prepareSteps(o, true, o.clock());
  const settled = await transaction(o.knex, async (trx): Promise<Settled> => {
    const now = o.clock();
    // The steps' locks come first (the invoice counter: fulfilments queue rather than deadlock;
    // the number itself is taken last, by the last step, only when the order completes).
    await lockSteps(o, trx, true, now);
    if (markPaid && !(await markPaid(trx))) return { outcome: 'already_fulfilled', after: [] };
    return completeIn(o, trx, orderId, paymentId, now, !!markPaid);
  });
  await runAfterCommit(o, settled.after);
  return settled.outcome;
}

/** Paid, but not to be completed: the whole amount is owed back, and the cancellation steps give back what it held. */
async function refundWhole(
  o: CheckoutServiceOptions,
  trx: Knex.Transaction,
  order: Pick<Order, 'id' | 'totalCents'>,
  reason: string,
  now: Date,
  log: string,
  details: object = {},
): Promise<Settled> {
  await Order.query(trx)
    .findById(order.id)
    .patch({ status: 'refund_required', refundDueCents: order.totalCents, refundReason: reason.slice(0, 200), updatedAt: now.toISOString() });
  o.logger.error(log, { orderId: order.id, reason, ...details });
  return { outcome: 'refund_required', after: await runCancelSteps(o, trx, order.id, 'refund_required', now) };
}

/** The flip from pending (or, paid late, from expired/failed), the checks at payment, then the completion steps. */
async function completeIn(o: CheckoutServiceOptions, trx: Knex.Transaction, orderId: string, paymentId: string, now: Date, refuse: boolean): Promise<Settled> {
  const nowIso = now.toISOString();
  let flipped = await Order.query(trx)
    .modify('pending')
    .where('id', orderId)
    .patch({ status: 'completed', stripePaymentIntentId: paymentId, clientSecretSealed: null, updatedAt: nowIso });
  if (flipped !== 1) {
    const current = await Order.query(trx).findById(orderId).select('id', 'status', 'total_cents');
    if (!current) return { outcome: 'not_payable', after: [] };
    if (current.status !== 'expired' && current.status !== 'failed') return { outcome: 'already_fulfilled', after: [] };
    // Paid after the order expired or failed (its seats were released): take the seats
    // again if they are still free, so the payment is honoured without overselling.
    flipped = await Order.query(trx)
      .findById(orderId)
      .whereIn('status', ['expired', 'failed'])
      .patch({ status: 'completed', stripePaymentIntentId: paymentId, updatedAt: nowIso });
    if (flipped !== 1) return { outcome: 'already_fulfilled', after: [] };
    if (await holdAtPayment(trx, orderId, 'released')) {
      return refundWhole(
        o,
        trx,
        current,
        'Paid after the checkout expired and its seats were taken',
        now,
        'A payment arrived for an order whose seats are gone: refund it',
        { paymentId },
      );
    }
    // Its coupon's use went back with the seats: taken again if one is left.
    const couponGone = await retakeCouponUse(trx, current);
    if (couponGone) {
      return refundWhole(
        o,
        trx,
        current,
        `Paid after the checkout expired: ${couponGone.message}`,
        now,
        'A payment arrived for an order whose coupon has no use left: refund it',
        {
          paymentId,
        },
      );
    }
  }
  const order = await Order.query(trx).findById(orderId).withGraphFetched('items').throwIfNotFound();
  const changed = await checkAtPayment(o, trx, order);
  if (changed) {
    // Nothing charged yet (the test processor): refused, and the transaction, payment included, is undone.
    if (refuse) throw changed;
    return refundWhole(o, trx, order, changed.refundReason, now, 'A payment arrived for an order that can no longer be completed: refund it');
  }
  return { outcome: 'fulfilled', after: await runCompletionSteps(o, trx, order, now) };
}
