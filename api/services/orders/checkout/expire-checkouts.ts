/**
 * The scheduled sweeps (`server.ts`): unpaid checkouts past their hold expire and give their
 * seats back, and recovery completes what the processor says is paid. Both are safe to run in
 * several processes at once: every change they make goes through the same conditional UPDATEs
 * as fulfilment and failure.
 */
import { Order } from '@db/models';
import { SEAT_HOLD_MS } from './pending-order';
import { failOrder } from './fail-order';
import { fulfilOrder } from './fulfil-order';
import type { CheckoutServiceOptions } from './options';
import { sendReceiptOnce } from './receipts';

/** A pending order younger than this is left to its own confirmation by the recovery sweep. */
const RECONCILE_AFTER_MS = 60_000;

/**
 * Unpaid checkouts older than the hold time are cancelled at the processor first — so they can
 * no longer be paid — and only then expire and give their seats back. One whose payment did
 * succeed is completed instead: an order whose payment succeeded is never expired.
 */
export async function expireStaleCheckouts(o: CheckoutServiceOptions): Promise<string[]> {
  const { knex, clock, processor, logger } = o;
  const cutoff = new Date(clock().getTime() - SEAT_HOLD_MS).toISOString();
  const stale = await Order.query(knex).modify('pending').where('created_at', '<', cutoff).select('id', 'processor_intent_id');
  const expired: string[] = [];
  for (const order of stale) {
    if (order.processorIntentId) {
      try {
        if (await processor.isPaid(order.processorIntentId)) {
          await fulfilOrder(o, order.id, order.processorIntentId);
          continue;
        }
        await processor.cancel(order.processorIntentId);
      } catch (error) {
        // Most likely paid a moment ago: leave it for the payment confirmation or the next sweep.
        logger.warn('Could not cancel an unpaid checkout; leaving it pending', { orderId: order.id, error: String(error) });
        continue;
      }
    }
    if (await failOrder(o, order.id, 'expired')) expired.push(order.id);
  }
  return expired;
}

/**
 * Recovery, at start and on a schedule: every pending order whose processor already holds the
 * money is completed (a confirmation that was lost to a crash or a missed webhook), and every
 * completed order whose receipt was never sent gets it. Returns the ids of the orders completed.
 */
export async function reconcilePayments(o: CheckoutServiceOptions): Promise<string[]> {
  const { knex, clock, processor, logger } = o;
  const settledBefore = new Date(clock().getTime() - RECONCILE_AFTER_MS).toISOString();
  const pending = await Order.query(knex)
    .modify('pending')
    .whereNotNull('processor_intent_id')
    .where('created_at', '<', settledBefore)
    .select('id', 'processor_intent_id');
  const completed: string[] = [];
  for (const order of pending) {
    try {
      const intentId = order.processorIntentId as string;
      if (!(await processor.isPaid(intentId))) continue;
      if ((await fulfilOrder(o, order.id, intentId)) === 'fulfilled') completed.push(order.id);
    } catch (error) {
      logger.warn('Could not check a pending payment', { orderId: order.id, error: String(error) });
    }
  }
  const unsent = await Order.query(knex).where('status', 'completed').whereNull('receipt_sent_at').where('updated_at', '<', settledBefore).select('id');
  for (const order of unsent) await sendReceiptOnce(o, order.id);
  return completed;
}
