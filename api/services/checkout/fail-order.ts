/**
 * An order that will not be paid (declined, expired, replaced, or its payment could not be set
 * up) becomes failed or expired and gives its held seats back: once, whoever calls.
 */
import { Order } from '@db/models';
import { transaction } from '@db/transaction';
import type { CheckoutServiceOptions } from './options';
import { releaseHolds } from './seat-holds';

/** A failed payment: the order becomes failed and releases what it held. */
export async function failOrder(o: CheckoutServiceOptions, orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
  return transaction(o.knex, async (trx) => {
    const changed = await Order.query(trx).modify('pending').where('id', orderId).patch({ status, clientSecretSealed: null, updatedAt: o.clock().toISOString() });
    if (changed === 1) await releaseHolds(trx, orderId);
    return changed === 1;
  });
}
