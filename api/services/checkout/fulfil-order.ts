/**
 * Fulfilment is one idempotent transaction: whichever confirmation arrives first (test processor,
 * Stripe webhook, the recovery sweep) completes the order; every later or concurrent one changes
 * nothing. The test processor marks its payment succeeded inside that same transaction, so a
 * crash can never leave money taken for an order that is not completed, and `reconcilePayments`
 * (at start and on a schedule) completes any order whose processor holds the money.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Course, Order, SeatHold, User, type MembershipType } from '@db/models';
import { recordCatalogueChanges } from '@db/change-log';
import { transaction } from '@db/transaction';
import { nameFromEmail } from '../../lib/names';
import { createInvitesForOrder } from '../calendar/calendar-invites';
import { enroll } from '../enrollments';
import { assignInvoiceNumber, lockInvoiceCounter, prepareInvoiceCounter } from '../invoices/invoice-numbers';
import type { CheckoutServiceOptions } from './options';
import { sendReceiptOnce } from './receipts';

/**
 * fulfilled: this call completed the order. already_fulfilled: an earlier one did.
 * refund_required: the money arrived after the order had expired or failed and its seats are
 * gone; the order is marked so and logged for a refund. not_payable: no such order.
 */
export type FulfilmentOutcome = 'fulfilled' | 'already_fulfilled' | 'refund_required' | 'not_payable';

/**
 * Completes a paid order, once: the order is flipped from pending with a conditional UPDATE,
 * so of any number of concurrent confirmations exactly one does the work (enrollments,
 * participants, membership, calendar invites, the invoice number, receipt). `markPaid`, when given, records the payment itself in
 * the same transaction (the test processor): it returns false when another call already did,
 * and then nothing changes.
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
    return fulfilIn(o, trx, orderId, paymentId, now);
  });
  if (outcome === 'fulfilled') await sendReceiptOnce(o, orderId);
  return outcome;
}

/**
 * The completion, then — only when this call completed the order — its calendar invites and,
 * last (it serialises invoicing on the year's counter row), its invoice number.
 */
async function fulfilIn(o: CheckoutServiceOptions, trx: Knex.Transaction, orderId: string, paymentId: string, now: Date): Promise<FulfilmentOutcome> {
  const outcome = await completeIn(o, trx, orderId, paymentId, now.toISOString());
  if (outcome === 'fulfilled') {
    await createInvitesForOrder(trx, orderId, now.toISOString());
    await assignInvoiceNumber(trx, orderId, now);
  }
  return outcome;
}

async function completeIn(o: CheckoutServiceOptions, trx: Knex.Transaction, orderId: string, paymentId: string, nowIso: string): Promise<FulfilmentOutcome> {
  let flipped = await Order.query(trx).modify('pending').where('id', orderId).patch({ status: 'completed', stripePaymentIntentId: paymentId, clientSecretSealed: null, updatedAt: nowIso });
  if (flipped !== 1) {
    const current = await Order.query(trx).findById(orderId).select('status', 'total_cents');
    if (!current) return 'not_payable';
    if (current.status !== 'expired' && current.status !== 'failed') return 'already_fulfilled';
    // Paid after the order expired or failed (its seats were released): take the seats
    // again if they are still free, so the payment is honoured without overselling.
    flipped = await Order.query(trx).findById(orderId).whereIn('status', ['expired', 'failed']).patch({ status: 'completed', stripePaymentIntentId: paymentId, updatedAt: nowIso });
    if (flipped !== 1) return 'already_fulfilled';
    if (!(await retakeSeats(trx, orderId))) {
      await Order.query(trx)
        .findById(orderId)
        .patch({ status: 'refund_required', refundDueCents: current.totalCents, refundReason: 'Paid after the checkout expired and its seats were taken', updatedAt: nowIso });
      o.logger.error('A payment arrived for an order whose seats are gone: refund it', { orderId, paymentId });
      return 'refund_required';
    }
  }
  const order = await Order.query(trx).findById(orderId).withGraphFetched('items').throwIfNotFound();
  const userId = await ownerOf(trx, order, nowIso);
  if (order.kind === 'membership') {
    if (userId) await User.query(trx).findById(userId).patch({ membershipType: order.membershipPlan as MembershipType, updatedAt: nowIso });
    return 'fulfilled';
  }
  const lines = order.items ?? [];
  const courseIds = [...new Set(lines.map((l) => l.courseId).filter((id): id is string => !!id))];
  const alreadyOwned = await enroll(trx, userId, orderId, courseIds, nowIso);
  // Held seats become participants, except on courses the buyer already had: those go back.
  const holds = await SeatHold.query(trx).modify('held').where('order_id', orderId).select('id', 'course_id', 'seats');
  const seatsTaken: string[] = [];
  for (const hold of holds) {
    const owned = alreadyOwned.has(hold.courseId);
    const converted = await SeatHold.query(trx).modify('held').where('id', hold.id).patch({ status: owned ? 'released' : 'converted', liveKey: null });
    if (converted !== 1) continue;
    await Course.query(trx)
      .findById(hold.courseId)
      .patch({ seatsHeld: raw('seats_held - ?', [hold.seats]), currentParticipants: raw('current_participants + ?', [owned ? 0 : hold.seats]) });
    if (!owned) seatsTaken.push(hold.courseId);
  }
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

/** Re-holds the seats of an order whose holds were released; false (and nothing held) when any is gone. */
async function retakeSeats(trx: Knex.Transaction, orderId: string): Promise<boolean> {
  const released = await SeatHold.query(trx).where({ order_id: orderId, status: 'released' }).select('id', 'course_id', 'seats');
  const taken: typeof released = [];
  for (const hold of released) {
    const ok = await Course.query(trx).findById(hold.courseId).modify('hasSeatsFor', hold.seats).patch({ seatsHeld: raw('seats_held + ?', [hold.seats]) });
    if (ok !== 1) {
      for (const undo of taken) await Course.query(trx).findById(undo.courseId).decrement('seats_held', undo.seats);
      return false;
    }
    taken.push(hold);
  }
  if (taken.length) await SeatHold.query(trx).whereIn('id', taken.map((h) => h.id)).patch({ status: 'held' });
  return true;
}

/** The account that owns the order: its user, or the account with its e-mail (created for memberships). */
async function ownerOf(trx: Knex.Transaction, order: Order, nowIso: string): Promise<string | null> {
  if (order.userId) return order.userId;
  if (!order.customerEmail) return null;
  const existing = await User.query(trx).where('email', order.customerEmail).first().select('id');
  let userId: string | null = existing?.id ?? null;
  if (!userId && order.kind === 'membership') {
    userId = crypto.randomUUID();
    await User.query(trx).insert({
      id: userId,
      name: order.customerName ?? nameFromEmail(order.customerEmail),
      email: order.customerEmail,
      role: 'customer',
      membershipType: null,
      isActive: true,
      createdAt: nowIso,
      updatedAt: nowIso,
    });
  }
  if (userId) await Order.query(trx).findById(order.id).patch({ userId });
  return userId;
}
