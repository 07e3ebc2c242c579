/**
 * Fulfilment is one idempotent transaction: whichever confirmation arrives first (test processor,
 * Stripe webhook, the recovery sweep) completes the order; every later or concurrent one changes
 * nothing. The test processor marks its payment succeeded inside that same transaction, so a
 * crash can never leave money taken for an order that is not completed, and `reconcilePayments`
 * (at start and on a schedule) completes any order whose processor holds the money.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { transaction } from '@db/transaction';
import { nameFromEmail } from '../../lib/names';
import { enroll } from '../enrollments';
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
 * participants, membership, receipt). `markPaid`, when given, records the payment itself in
 * the same transaction (the test processor): it returns false when another call already did,
 * and then nothing changes.
 */
export async function fulfilOrder(
  o: CheckoutServiceOptions,
  orderId: string,
  paymentId: string,
  markPaid?: (trx: Knex.Transaction) => Promise<boolean>,
): Promise<FulfilmentOutcome> {
  const outcome = await transaction(o.knex, async (trx) => {
    if (markPaid && !(await markPaid(trx))) return 'already_fulfilled' as const;
    return fulfilIn(o, trx, orderId, paymentId);
  });
  if (outcome === 'fulfilled') await sendReceiptOnce(o, orderId);
  return outcome;
}

async function fulfilIn(o: CheckoutServiceOptions, trx: Knex.Transaction, orderId: string, paymentId: string): Promise<FulfilmentOutcome> {
  const nowIso = o.clock().toISOString();
  let flipped = await trx('orders').where({ id: orderId, status: 'pending' }).update({ status: 'completed', stripe_payment_intent_id: paymentId, client_secret_sealed: null, updated_at: nowIso });
  if (flipped !== 1) {
    const current = await trx('orders').where({ id: orderId }).first('status', 'total_cents');
    if (!current) return 'not_payable';
    if (current.status !== 'expired' && current.status !== 'failed') return 'already_fulfilled';
    // Paid after the order expired or failed (its seats were released): take the seats
    // again if they are still free, so the payment is honoured without overselling.
    flipped = await trx('orders').where({ id: orderId }).whereIn('status', ['expired', 'failed']).update({ status: 'completed', stripe_payment_intent_id: paymentId, updated_at: nowIso });
    if (flipped !== 1) return 'already_fulfilled';
    if (!(await retakeSeats(trx, orderId))) {
      await trx('orders')
        .where({ id: orderId })
        .update({ status: 'refund_required', refund_due_cents: current.total_cents, refund_reason: 'Paid after the checkout expired and its seats were taken', updated_at: nowIso });
      o.logger.error('A payment arrived for an order whose seats are gone: refund it', { orderId, paymentId });
      return 'refund_required';
    }
  }
  const order = await trx('orders').where({ id: orderId }).first();
  const userId = await ownerOf(trx, order, nowIso);
  if (order.kind === 'membership') {
    await trx('users').where({ id: userId }).update({ membership_type: order.membership_plan, updated_at: nowIso });
    return 'fulfilled';
  }
  const lines: Array<{ course_id: string | null; title: string; price_cents: number; quantity: number }> = await trx('order_items')
    .where({ order_id: orderId })
    .select('course_id', 'title', 'price_cents', 'quantity');
  const courseIds = [...new Set(lines.map((l) => l.course_id).filter((id): id is string => !!id))];
  const alreadyOwned = await enroll(trx, userId, orderId, courseIds, nowIso);
  // Held seats become participants, except on courses the buyer already had: those go back.
  const holds: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'held' }).select('id', 'course_id', 'seats');
  for (const hold of holds) {
    const converted = await trx('seat_holds').where({ id: hold.id, status: 'held' }).update({ status: alreadyOwned.has(hold.course_id) ? 'released' : 'converted', live_key: null });
    if (converted !== 1) continue;
    const participants = alreadyOwned.has(hold.course_id) ? 0 : hold.seats;
    await trx('courses')
      .where({ id: hold.course_id })
      .update({ seats_held: trx.raw('seats_held - ?', [hold.seats]), current_participants: trx.raw('current_participants + ?', [participants]) });
  }
  const duplicates = lines.filter((line) => line.course_id && alreadyOwned.has(line.course_id));
  if (duplicates.length) {
    const refund = duplicates.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
    await trx('orders')
      .where({ id: orderId })
      .update({ refund_due_cents: refund, refund_reason: `Already enrolled: ${duplicates.map((l) => l.title).join('; ')}`.slice(0, 200) });
    o.logger.warn('A buyer paid again for a course they already had: refund the duplicate', { orderId, refundCents: refund });
  }
  return 'fulfilled';
}

/** Re-holds the seats of an order whose holds were released; false (and nothing held) when any is gone. */
async function retakeSeats(trx: Knex.Transaction, orderId: string): Promise<boolean> {
  const released: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'released' }).select('id', 'course_id', 'seats');
  const taken: typeof released = [];
  for (const hold of released) {
    const ok = await trx('courses')
      .where({ id: hold.course_id })
      .where((w) => w.whereNull('max_participants').orWhereRaw('current_participants + seats_held + ? <= max_participants', [hold.seats]))
      .increment('seats_held', hold.seats);
    if (ok !== 1) {
      for (const undo of taken) await trx('courses').where({ id: undo.course_id }).decrement('seats_held', undo.seats);
      return false;
    }
    taken.push(hold);
  }
  if (taken.length) await trx('seat_holds').whereIn('id', taken.map((h) => h.id)).update({ status: 'held' });
  return true;
}

/** The account that owns the order: its user, or the account with its e-mail (created for memberships). */
async function ownerOf(
  trx: Knex.Transaction,
  order: { id: string; user_id: string | null; customer_email: string | null; customer_name: string | null; kind: string },
  nowIso: string,
): Promise<string | null> {
  if (order.user_id) return order.user_id;
  if (!order.customer_email) return null;
  const existing = await trx('users').where({ email: order.customer_email }).first('id');
  let userId: string | null = existing?.id ?? null;
  if (!userId && order.kind === 'membership') {
    userId = crypto.randomUUID();
    await trx('users').insert({
      id: userId,
      name: order.customer_name ?? nameFromEmail(order.customer_email),
      email: order.customer_email,
      role: 'customer',
      membership_type: null,
      is_active: true,
      created_at: nowIso,
      updated_at: nowIso,
    });
  }
  if (userId) await trx('orders').where({ id: order.id }).update({ user_id: userId });
  return userId;
}
