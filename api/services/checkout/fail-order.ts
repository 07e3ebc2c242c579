/**
 * An order that will not be paid (declined, expired, replaced, or its payment could not be set
 * up) becomes failed or expired and gives its held seats back: once, whoever calls.
 */
import type { Knex } from 'knex';
import { Course, Order, SeatHold } from '@db/models';
import { transaction } from '@db/transaction';
import type { CheckoutServiceOptions } from './options';

/** Releases an order's held seats; each hold is released at most once. */
async function releaseHolds(trx: Knex.Transaction, orderId: string): Promise<void> {
  const holds = await SeatHold.query(trx).modify('held').where('order_id', orderId).select('id', 'course_id', 'seats');
  for (const hold of holds) {
    const released = await SeatHold.query(trx).modify('held').where('id', hold.id).patch({ status: 'released', liveKey: null });
    if (released === 1) await Course.query(trx).where('id', hold.courseId).decrement('seats_held', hold.seats);
  }
}

/** A failed payment: the order becomes failed and releases what it held. */
export async function failOrder(o: CheckoutServiceOptions, orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
  return transaction(o.knex, async (trx) => {
    const changed = await Order.query(trx).modify('pending').where('id', orderId).patch({ status, clientSecretSealed: null, updatedAt: o.clock().toISOString() });
    if (changed === 1) await releaseHolds(trx, orderId);
    return changed === 1;
  });
}
