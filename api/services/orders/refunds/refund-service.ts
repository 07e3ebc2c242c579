/**
 * Refunds (issue 29, point 11): an admin refunds all or part of a paid order through its payment
 * processor, exactly once per Idempotency-Key.
 *
 * The key names the refund: its id is derived from the admin, the order and the key
 * (`refundIdFor`), and the processor is sent `refund-<id>` as its own Idempotency-Key. So a repeat,
 * a retry after a crash or a lost answer, or a second process that took the key over, finds the
 * same refund and the processor answers the same refund: never a second one.
 *
 * 1. Reserve (a transaction): the order must be paid (`completed`, `refund_required`); the amount
 *    (what remains, when none is given) is added to `orders.refunded_cents` by a conditional
 *    UPDATE that holds only while the total is not exceeded — concurrent refunds of one order can
 *    never pass it — and the refund row is written `pending`.
 * 2. The processor refunds. A refusal marks the refund `failed` and gives the amount back; an
 *    unknown outcome (network, 5xx) leaves it `pending` and reserved: the same key finishes it.
 * 3. Complete (a transaction that takes the year's credit note counter first): `succeeded` with
 *    its credit note number (gapless per year), the "refund due" flag lowered by the amount, and
 *    when the order is refunded in full its status `refunded` and the cancellation steps
 *    (`order-steps.ts`: entitlements revoked, seats returned, enrollments ended, invites
 *    cancelled), the audit entry, and the key's answer.
 * 4. After commit: the steps' after-commit parts, the calendar cancellations, a refunded
 *    membership's subscription cancelled, and the buyer's mail with the credit note.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { isMysql, isUniqueViolation } from '@db/errors';
import { Order, Refund } from '@db/models';
import { transaction } from '@db/transaction';
import { REFUND_TEXTS, type RefundResult } from '@contracts/admin-orders';
import { LEARNING_MESSAGES, type RefundRequest } from '@contracts/learning';
import { AppError } from '@api/errors';
import { RefundRefused, type ProcessorRefund } from '@api/integrations/payments/payment-processor';
import { centsToDecimal } from '@api/lib/money';
import { lockCreditNoteCounter, nextCreditNoteNumber, prepareCreditNoteCounter } from '../../invoices/credit-note-numbers';
import { recordAudit, type Actor } from '../../platform/audit';
import { CLAIM_LOST_MESSAGE, type RecordAnswer } from '../../platform/idempotency-service';
import type { CheckoutServiceOptions } from '../checkout/options';
import { lockSteps, prepareSteps, runAfterCommit, runCancelSteps, type AfterCommitRun } from '../checkout/order-step-runner';
import { refundMail } from './refund-mail';
import { REFUNDABLE_STATUSES, refundResult } from './refund-view';

export interface RefundServiceOptions {
  /** Checkout's collaborators (knex, processor, mailer, clock, logger, the order steps). */
  checkout: CheckoutServiceOptions;
  /** The refund's credit note PDF (`services/invoices`). */
  creditNote(refundId: string): Promise<{ filename: string; content: Buffer }>;
  /** Mails the due calendar cancellations now (the course-mail job would within a minute). */
  calendarMail?: { sendDue(): Promise<number> };
}

export interface RefundCommand {
  orderId: string;
  actor: Actor;
  request: RefundRequest;
  /** The request's Idempotency-Key (required for refunds). */
  idempotencyKey: string;
}

/** The refund an admin's Idempotency-Key names on one order, as a UUID: the same key is the same refund, across retries and processes. */
export function refundIdFor(actorId: string, orderId: string, key: string): string {
  const hex = crypto.createHash('sha256').update(`refund\n${actorId}\n${orderId}\n${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Completed {
  result: RefundResult;
  after: AfterCommitRun;
  /** This request completed it (another one with the key may have, when its claim was taken over). */
  fresh: boolean;
  full: boolean;
  subscriptionId: string | null;
}

export class RefundService {
  constructor(private readonly o: RefundServiceOptions) {}

  async refund(command: RefundCommand, record?: RecordAnswer<RefundResult>): Promise<RefundResult> {
    const { knex, processor, logger } = this.o.checkout;
    const refundId = refundIdFor(command.actor.id, command.orderId, command.idempotencyKey);
    let refund = await Refund.query(knex).findById(refundId);
    // Answered before (the key's kept answer may have been pruned since): the same answer.
    if (refund?.status === 'succeeded') return refundResult(knex, refundId);
    if (!refund || refund.status === 'failed') refund = await this.reserve(command, refundId, refund ?? null);
    const order = await Order.query(knex).findById(refund.orderId).select('stripe_payment_intent_id').throwIfNotFound();
    let done: ProcessorRefund;
    try {
      done = await processor.refund({
        paymentId: order.stripePaymentIntentId!,
        amountCents: refund.amountCents,
        idempotencyKey: `refund-${refund.id}`,
        orderId: refund.orderId,
        refundId: refund.id,
      });
    } catch (error) {
      if (error instanceof RefundRefused) {
        await this.giveBack(refund);
        throw new AppError('unprocessable', `${REFUND_TEXTS.processorFailed}: ${error.message}`);
      }
      logger.error('A refund reached the processor without a known outcome; it stays reserved until its key is sent again', {
        refundId: refund.id,
        orderId: refund.orderId,
        error: String(error),
      });
      throw new AppError('bad_gateway', `${REFUND_TEXTS.processorFailed} now. Please try again: the same request is never refunded twice.`);
    }
    const completed = await this.complete(command, refund, done, record);
    if (completed.fresh) await this.afterCommit(refund.id, completed);
    return completed.result;
  }

  /** Step 1: the order is paid and the amount fits what remains; it is reserved and the refund written `pending`. */
  private async reserve(command: RefundCommand, refundId: string, failed: Refund | null): Promise<Refund> {
    const { knex, clock } = this.o.checkout;
    const { orderId, request, actor } = command;
    try {
      return await transaction(knex, async (trx) => {
        const nowIso = clock().toISOString();
        const order = await Order.query(trx).findById(orderId).select('id', 'status', 'total_cents', 'refunded_cents', 'stripe_payment_intent_id');
        if (!order) throw AppError.notFound('Order not found');
        const paid = (REFUNDABLE_STATUSES as readonly string[]).includes(order.status) && !!order.stripePaymentIntentId;
        if (!paid) throw AppError.conflict(LEARNING_MESSAGES.refundNotPaid);
        const remaining = order.totalCents - order.refundedCents;
        const amount = request.amountCents ?? remaining;
        const tooLarge = () => AppError.conflict(LEARNING_MESSAGES.refundTooLarge, { refundable: centsToDecimal(Math.max(0, remaining)) });
        if (amount <= 0 || amount > remaining) throw tooLarge();
        // The race between refunds of one order is settled here: the total is never exceeded.
        const taken = await Order.query(trx)
          .findById(orderId)
          .whereIn('status', [...REFUNDABLE_STATUSES])
          .whereRaw('refunded_cents + ? <= total_cents', [amount])
          .patch({ refundedCents: raw('refunded_cents + ?', [amount]), updatedAt: nowIso });
        if (taken !== 1) throw tooLarge();
        const fields = { amountCents: amount, reason: request.reason, status: 'pending' as const, createdBy: actor.id, updatedAt: nowIso };
        if (!failed) await Refund.query(trx).insert({ id: refundId, orderId, processorRefundId: null, creditNoteNumber: null, createdAt: nowIso, ...fields });
        else if ((await Refund.query(trx).findById(refundId).where('status', 'failed').patch(fields)) !== 1) throw AppError.conflict(CLAIM_LOST_MESSAGE);
        return Refund.query(trx).findById(refundId).throwIfNotFound();
      });
    } catch (error) {
      // The same refund written by a request that took this key over meanwhile.
      if (isUniqueViolation(error)) throw AppError.conflict(CLAIM_LOST_MESSAGE);
      throw error;
    }
  }

  /** The processor said no: the refund is `failed` and its amount is given back to the order, once. */
  private async giveBack(refund: Refund): Promise<void> {
    const { knex, clock } = this.o.checkout;
    await transaction(knex, async (trx) => {
      const nowIso = clock().toISOString();
      const failed = await Refund.query(trx).findById(refund.id).where('status', 'pending').patch({ status: 'failed', updatedAt: nowIso });
      if (failed === 1)
        await Order.query(trx)
          .findById(refund.orderId)
          .patch({ refundedCents: raw('refunded_cents - ?', [refund.amountCents]), updatedAt: nowIso });
    });
  }

  /** Step 3: the refund's transaction, with its credit note number and, for a full refund, the cancellation steps. */
  private async complete(command: RefundCommand, refund: Refund, done: ProcessorRefund, record?: RecordAnswer<RefundResult>): Promise<Completed> {
    const o = this.o.checkout;
    await prepareCreditNoteCounter(o.knex, o.clock().getUTCFullYear());
    await prepareSteps(o, false, o.clock());
    return transaction(o.knex, async (trx): Promise<Completed> => {
      const now = o.clock();
      const nowIso = now.toISOString();
      // The counter first (every refund takes it first, so they queue instead of deadlocking), then the steps' locks.
      await lockCreditNoteCounter(trx, now.getUTCFullYear());
      await lockSteps(o, trx, false, now);
      const current = Refund.query(trx).findById(refund.id).throwIfNotFound();
      if (isMysql(trx)) current.forUpdate();
      if ((await current).status !== 'pending') {
        // Completed by another request with this key (its claim was taken over): its answer.
        const result = await refundResult(trx, refund.id);
        await record?.(trx, result);
        return { result, after: [], fresh: false, full: false, subscriptionId: null };
      }
      const creditNoteNumber = await nextCreditNoteNumber(trx, now.getUTCFullYear());
      await Refund.query(trx).findById(refund.id).patch({ status: 'succeeded', processorRefundId: done.id, creditNoteNumber, updatedAt: nowIso });
      const order = await Order.query(trx).findById(refund.orderId).throwIfNotFound();
      const refunded = await this.succeededCents(trx, order.id);
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
          after = await runCancelSteps(o, trx, order.id, 'refunded', now, { reason: `Refunded: ${command.request.reason}`, actorId: command.actor.id });
      }
      await recordAudit(
        trx,
        command.actor,
        {
          entity: 'order',
          entityId: order.id,
          action: 'update',
          before: { status: order.status, refunded: centsToDecimal(refunded - refund.amountCents) },
          after: { status: full ? 'refunded' : order.status, refunded: centsToDecimal(refunded), creditNote: creditNoteNumber },
          summary: `Refunded $${centsToDecimal(refund.amountCents)} of order ${order.id.slice(0, 8)} (${creditNoteNumber}): ${command.request.reason}`,
        },
        nowIso,
      );
      const result = await refundResult(trx, refund.id);
      await record?.(trx, result);
      const subscriptionId = full && order.kind === 'membership' && order.processorIntentId?.startsWith('sub_') ? order.processorIntentId : null;
      return { result, after, fresh: true, full, subscriptionId };
    });
  }

  private async succeededCents(db: Knex, orderId: string): Promise<number> {
    const row = await Refund.query(db)
      .where({ order_id: orderId, status: 'succeeded' })
      .sum('amount_cents as cents')
      .first()
      .castTo<{ cents: number | string | null } | undefined>();
    return Number(row?.cents ?? 0);
  }

  /** Step 4: what follows the commit; a failure here is logged and undoes nothing. */
  private async afterCommit(refundId: string, completed: Completed): Promise<void> {
    const o = this.o.checkout;
    await runAfterCommit(o, completed.after);
    const log = (what: string) => (error: unknown) => o.logger.error(what, { refundId, error: String(error) });
    if (completed.full) await this.o.calendarMail?.sendDue().catch(log('Could not mail the calendar cancellations of a refund; the course-mail job will'));
    // A membership refunded in full does not renew.
    if (completed.subscriptionId) await o.processor.cancel(completed.subscriptionId).catch(log('Could not cancel the subscription of a refunded membership'));
    try {
      const refund = await Refund.query(o.knex).findById(refundId).throwIfNotFound();
      const message = await refundMail(o.knex, refund, await this.o.creditNote(refundId), o.publicUrl);
      if (message) await o.mailer.send(message);
    } catch (error) {
      log('Could not send the refund mail')(error);
    }
  }
}
