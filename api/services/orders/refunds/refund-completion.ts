/**
 * A refund's last steps, shared by the admin's request (`refund-service.ts`) and the recovery of a
 * refund a crash left pending (`RefundService.recoverStuck`): once the processor has refunded,
 * the refund's transaction (step 3) and what follows its commit (step 4); when the processor said
 * no, the amount given back.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Order, Refund } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import type { RefundResult } from '@contracts/admin-orders';
import type { ProcessorRefund } from '@api/integrations/payments/payment-processor';
import { centsToDecimal } from '@api/lib/money';
import { lockCreditNoteCounter, nextCreditNoteNumber, prepareCreditNoteCounter } from '../../invoices/credit-note-numbers';
import { recordAudit, type Actor } from '../../platform/audit';
import type { RecordAnswer } from '../../platform/idempotency-service';
import type { CheckoutServiceOptions } from '../checkout/options';
import { lockSteps, prepareSteps, runAfterCommit, runCancelSteps, type AfterCommitRun } from '../checkout/order-step-runner';
import { queueRefundMail } from './refund-mail';
import { REFUNDABLE_STATUSES, refundResult } from './refund-view';

export interface RefundServiceOptions {
  /** Checkout's collaborators (knex, processor, mailer, clock, logger, the order steps). */
  checkout: CheckoutServiceOptions;
  /** The refund's credit note PDF (`services/invoices`). */
  creditNote(refundId: string): Promise<{ filename: string; content: Buffer }>;
  /** Mails the due calendar cancellations now (the course-mail job would within a minute). */
  calendarMail?: { sendDue(): Promise<number> };
}

export interface Completed {
  result: RefundResult;
  after: AfterCommitRun;
  /** This call completed it (another one — a request with the key, the recovery job — may have). */
  fresh: boolean;
  full: boolean;
  subscriptionId: string | null;
}

/** Who completes a refund: the admin who asked for it (null: no longer known); `note` is added to the audit summary (e.g. finished by the recovery). */
export interface RefundCompleter {
  actor: Actor | null;
  note?: string;
}

async function succeededCents(db: Knex, orderId: string): Promise<number> {
  const row = await Refund.query(db)
    .where({ order_id: orderId, status: 'succeeded' })
    .sum('amount_cents as cents')
    .first()
    .castTo<{ cents: number | string | null } | undefined>();
  return Number(row?.cents ?? 0);
}

/** The processor said no: the refund is `failed` and its amount is given back to the order, once. */
export async function giveBackRefund(o: CheckoutServiceOptions, refund: Refund): Promise<boolean> {
  return transaction(o.knex, async (trx) => {
    const nowIso = o.clock().toISOString();
    const failed = await Refund.query(trx).findById(refund.id).where('status', 'pending').patch({ status: 'failed', updatedAt: nowIso });
    if (failed === 1)
      await Order.query(trx)
        .findById(refund.orderId)
        .patch({ refundedCents: raw('refunded_cents - ?', [refund.amountCents]), updatedAt: nowIso });
    return failed === 1;
  });
}

/**
 * Step 3: the refund's transaction, with its credit note number, its mail queued and, for a full
 * refund, the cancellation steps. Only the transaction that finds the refund still `pending` does
 * it (the refund row is read under the counter's lock, and on MySQL locked): whoever else
 * completes the same refund gets its answer.
 */
export async function completeRefund(
  o: CheckoutServiceOptions,
  refund: Refund,
  done: ProcessorRefund,
  by: RefundCompleter,
  record?: RecordAnswer<RefundResult>,
): Promise<Completed> {
  await prepareCreditNoteCounter(o.knex, o.clock().getUTCFullYear());
  await prepareSteps(o, false, o.clock());
  return transaction(o.knex, async (trx): Promise<Completed> => {
    const now = o.clock();
    const nowIso = now.toISOString();
    // The counter first (every refund takes it first, so they queue instead of deadlocking), then the steps' locks.
    await lockCreditNoteCounter(trx, now.getUTCFullYear());
    await lockSteps(o, trx, false, now);
    if ((await forUpdate(trx, Refund.query(trx).findById(refund.id).throwIfNotFound())).status !== 'pending') {
      // Completed by another request with this key or by the recovery (or failed meanwhile): its answer.
      const result = await refundResult(trx, refund.id);
      await record?.(trx, result);
      return { result, after: [], fresh: false, full: false, subscriptionId: null };
    }
    const creditNoteNumber = await nextCreditNoteNumber(trx, now.getUTCFullYear());
    await Refund.query(trx).findById(refund.id).patch({ status: 'succeeded', processorRefundId: done.id, creditNoteNumber, updatedAt: nowIso });
    const order = await Order.query(trx).findById(refund.orderId).throwIfNotFound();
    const refunded = await succeededCents(trx, order.id);
    // A "refund due" flag (already enrolled in part of the order) is lowered by what was refunded.
    if (order.refundDueCents > 0) {
      const due = Math.max(0, order.refundDueCents - refund.amountCents);
      await Order.query(trx)
        .findById(order.id)
        .patch({ refundDueCents: due, ...(due === 0 ? { refundReason: null } : {}) });
    }
    const full = refunded >= order.totalCents;
    let after: AfterCommitRun = [];
    if (full) {
      await Order.query(trx)
        .findById(order.id)
        .whereIn('status', [...REFUNDABLE_STATUSES])
        .patch({ status: 'refunded', updatedAt: nowIso });
      // A refund_required order never gave anything (its cancellation steps ran then); a completed one gives it all back now.
      if (order.status === 'completed')
        after = await runCancelSteps(o, trx, order.id, 'refunded', now, { reason: `Refunded: ${refund.reason}`, actorId: by.actor?.id ?? null });
    }
    await recordAudit(
      trx,
      by.actor,
      {
        entity: 'order',
        entityId: order.id,
        action: 'update',
        before: { status: order.status, refunded: centsToDecimal(refunded - refund.amountCents) },
        after: { status: full ? 'refunded' : order.status, refunded: centsToDecimal(refunded), creditNote: creditNoteNumber },
        summary: `Refunded $${centsToDecimal(refund.amountCents)} of order ${order.id.slice(0, 8)} (${creditNoteNumber}): ${refund.reason}${by.note ?? ''}`,
      },
      nowIso,
    );
    // The buyer's mail: queued with the refund, sent (and retried) by the job runner.
    await queueRefundMail(trx, { refundId: refund.id, full }, now);
    const result = await refundResult(trx, refund.id);
    await record?.(trx, result);
    const subscriptionId = full && order.kind === 'membership' && order.processorIntentId?.startsWith('sub_') ? order.processorIntentId : null;
    return { result, after, fresh: true, full, subscriptionId };
  });
}

/** Step 4: what follows the commit; a failure here is logged and undoes nothing (the mail is a queued job already). */
export async function afterRefundCommit(o: RefundServiceOptions, refundId: string, completed: Completed): Promise<void> {
  const checkout = o.checkout;
  await runAfterCommit(checkout, completed.after);
  const log = (what: string) => (error: unknown) => checkout.logger.error(what, { refundId, error: String(error) });
  if (completed.full) await o.calendarMail?.sendDue().catch(log('Could not mail the calendar cancellations of a refund; the course-mail job will'));
  // A membership refunded in full does not renew.
  if (completed.subscriptionId)
    await checkout.processor.cancel(completed.subscriptionId).catch(log('Could not cancel the subscription of a refunded membership'));
}
