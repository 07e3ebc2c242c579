/**
 * An order that will not be paid (declined, expired, replaced, or its payment could not be set
 * up) becomes failed or expired: once, whoever calls. What it held is given back by the
 * cancellation steps (`order-steps.ts`: its seat holds, …), in the same transaction.
 */
import { Order } from '@db/models';
import { transaction } from '@db/transaction';
import type { CheckoutServiceOptions } from './options';
import { lockSteps, prepareSteps, runAfterCommit, runCancelSteps, type AfterCommitRun } from './order-step-runner';

/** A failed payment: the order becomes failed and the cancellation steps run. */
export async function failOrder(o: CheckoutServiceOptions, orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
  await prepareSteps(o, false, o.clock());
  const after = await transaction(o.knex, async (trx): Promise<AfterCommitRun | null> => {
    const now = o.clock();
    await lockSteps(o, trx, false, now);
    const changed = await Order.query(trx).modify('pending').where('id', orderId).patch({ status, clientSecretSealed: null, updatedAt: now.toISOString() });
    return changed === 1 ? runCancelSteps(o, trx, orderId, status, now) : null;
  });
  if (after) await runAfterCommit(o, after);
  return after !== null;
}
