/**
 * A refund the processor reports failed after accepting it (Stripe: `refund.failed`,
 * `charge.refund.updated` / `refund.updated` with `status: failed` — the customer's card was
 * closed, lost, …: the money went back to the merchant's balance, not to the customer).
 *
 * What it does, once per refund (a conditional UPDATE of the refund's status):
 * - a `succeeded` refund becomes `failed`. Its credit note stays (its number is spent and the
 *   amount is still owed to the customer); nothing new is issued, `orders.refunded_cents` keeps
 *   the amount (the same money is not refundable twice through the processor) and the order keeps
 *   its status: what the refund ended (access, seats, enrollments, invites) stays ended — access is
 *   never silently given back. The order reads "refund failed" in the back office (`refundFailed`
 *   in `refund-view.ts`) and the audit log says what happened and what to do: pay the customer
 *   another way.
 * - a `pending` refund (its request had not finished) becomes `failed` and gives its amount back,
 *   as a refusal does: nothing was refunded, nothing had been ended, no credit note exists.
 * - a refund already `failed`, or one not made here (at the processor's dashboard), changes nothing.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Order, Refund } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import type { Logger } from '@api/logger';
import type { Clock } from '@api/lib/clock';
import { centsToDecimal } from '@api/lib/money';
import { recordAudit } from '../../platform/audit';

export interface ProcessorRefundFailure {
  /** The processor's id of the refund (`re_…`). */
  processorRefundId: string;
  /** Ours, from the refund's metadata (a refund whose request had not finished has no processor id stored yet). */
  refundId: string | null;
  orderId: string | null;
  /** The processor's reason (Stripe: `expired_or_canceled_card`, `lost_or_stolen_card`, …). */
  reason: string | null;
}

export type RefundFailureOutcome = 'failed' | 'unchanged' | 'unknown';

/**
 * Which of our refunds the report is about: by the processor's id, else (not completed yet) by our
 * id from its metadata. Locked on MySQL, so a completion of the same refund running meanwhile is
 * waited for and its outcome read.
 */
async function findRefund(trx: Knex.Transaction, failure: ProcessorRefundFailure): Promise<Refund | undefined> {
  const byProcessorId = await forUpdate(trx, Refund.query(trx).where('processor_refund_id', failure.processorRefundId)).first();
  if (byProcessorId || !failure.refundId || !failure.orderId) return byProcessorId;
  return forUpdate(trx, Refund.query(trx).where({ id: failure.refundId, order_id: failure.orderId }).whereNull('processor_refund_id')).first();
}

export async function recordRefundFailure(o: { knex: Knex; clock: Clock; logger: Logger }, failure: ProcessorRefundFailure): Promise<RefundFailureOutcome> {
  const outcome = await transaction(o.knex, async (trx): Promise<RefundFailureOutcome> => {
    const nowIso = o.clock().toISOString();
    const refund = await findRefund(trx, failure);
    if (!refund) return 'unknown';
    if (refund.status === 'failed') return 'unchanged';
    const was = refund.status;
    // An issued refund keeps its `updated_at`: it is the date its credit note was issued (the audit entry says when it failed).
    const changed = await Refund.query(trx)
      .findById(refund.id)
      .where('status', was)
      .patch({ status: 'failed', processorRefundId: failure.processorRefundId, ...(was === 'pending' ? { updatedAt: nowIso } : {}) });
    if (changed !== 1) return 'unchanged';
    const amount = `$${centsToDecimal(refund.amountCents)}`;
    const why = failure.reason ? ` (${failure.reason})` : '';
    const order = refund.orderId.slice(0, 8);
    if (was === 'pending') {
      // Never completed: nothing was refunded or ended, so the amount may be refunded again.
      await Order.query(trx)
        .findById(refund.orderId)
        .patch({ refundedCents: raw('refunded_cents - ?', [refund.amountCents]), updatedAt: nowIso });
    }
    const summary =
      was === 'pending'
        ? `Refund failed at the payment processor${why}: ${amount} of order ${order} was not refunded; the amount may be refunded again`
        : `Refund failed at the payment processor${why}: ${amount} of order ${order} (${refund.creditNoteNumber}) did not reach the customer. Access stays ended; pay the customer back another way`;
    await recordAudit(
      trx,
      null,
      {
        entity: 'order',
        entityId: refund.orderId,
        action: 'update',
        before: { refund: refund.id, refundStatus: was },
        after: { refund: refund.id, refundStatus: 'failed', failureReason: failure.reason },
        summary,
      },
      nowIso,
    );
    return 'failed';
  });
  if (outcome === 'unknown')
    o.logger.info('The processor reported a failed refund not made here; nothing changed', { processorRefundId: failure.processorRefundId });
  if (outcome === 'failed') o.logger.warn('A refund failed at the payment processor', { ...failure });
  return outcome;
}
