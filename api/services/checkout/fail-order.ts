/**
 * An order that will not be paid (declined, expired, replaced, or its payment could not be set
 * up) becomes failed or expired and gives its held seats back: once, whoever calls.
 */
import type { Knex } from 'knex';
import { transaction } from '@db/transaction';
import type { CheckoutServiceOptions } from './options';

/** Releases an order's held seats; each hold is released at most once. */
async function releaseHolds(trx: Knex.Transaction, orderId: string): Promise<void> {
  const holds: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'held' }).select('id', 'course_id', 'seats');
  for (const hold of holds) {
    const released = await trx('seat_holds').where({ id: hold.id, status: 'held' }).update({ status: 'released', live_key: null });
    if (released === 1) await trx('courses').where({ id: hold.course_id }).decrement('seats_held', hold.seats);
  }
}

/** A failed payment: the order becomes failed and releases what it held. */
export async function failOrder(o: CheckoutServiceOptions, orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
  return transaction(o.knex, async (trx) => {
    const changed = await trx('orders').where({ id: orderId, status: 'pending' }).update({ status, client_secret_sealed: null, updated_at: o.clock().toISOString() });
    if (changed === 1) await releaseHolds(trx, orderId);
    return changed === 1;
  });
}
