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
 *    The buyer's mail with the credit note is queued in it (`refund-mail.ts`).
 * 4. After commit: the steps' after-commit parts, the calendar cancellations, a refunded
 *    membership's subscription cancelled (steps 3 and 4: `refund-completion.ts`).
 *
 * A refund a crash left `pending` after step 1 (the processor may or may not have refunded) is
 * finished by the `refund-recovery` job (`recoverStuck`): the processor is asked again with the
 * same key, then the same step 3 runs — which only the first to find it pending does.
 * A refund the processor later reports failed (Stripe's asynchronous failures): `refund-failures.ts`.
 */
import { raw } from 'objection';
import { isUniqueViolation } from '@db/errors';
import { Order, Refund, User } from '@db/models';
import { transaction } from '@db/transaction';
import { paidForRefund, REFUND_TEXTS, type RefundResult } from '@contracts/admin-orders';
import { LEARNING_MESSAGES, type RefundRequest } from '@contracts/learning';
import { AppError } from '@api/errors';
import { RefundRefused, type ProcessorRefund } from '@api/integrations/payments/payment-processor';
import { sha256Hex } from '@api/lib/crypto';
import { centsToDecimal } from '@api/lib/money';
import type { Actor } from '../../platform/audit';
import { CLAIM_LOST_MESSAGE, type RecordAnswer } from '../../platform/idempotency-service';
import { afterRefundCommit, completeRefund, giveBackRefund, type RefundServiceOptions } from './refund-completion';
import { recordRefundFailure, type ProcessorRefundFailure, type RefundFailureOutcome } from './refund-failures';
import { sendRefundMail, type RefundMailPayload } from './refund-mail';
import { REFUNDABLE_STATUSES, refundResult } from './refund-view';

export type { RefundServiceOptions } from './refund-completion';

export interface RefundCommand {
  orderId: string;
  actor: Actor;
  request: RefundRequest;
  /** The request's Idempotency-Key (required for refunds). */
  idempotencyKey: string;
}

/** A pending refund untouched this long is taken for one a crash left behind (a live request answers within its processor timeouts). */
export const STUCK_REFUND_AFTER_MS = 2 * 60_000;
/**
 * Only refunds younger than this are asked again: a processor keeps an Idempotency-Key for a day
 * (Stripe: at least 24 h), after which the same key could make a second refund. Older ones are
 * left pending, and logged, for staff to check at the processor.
 */
export const REFUND_KEY_WINDOW_MS = 23 * 60 * 60_000;
/** At most this many stuck refunds per recovery run (the next run takes the rest). */
const RECOVERY_BATCH = 20;

export interface RecoveryOutcome {
  finished: number;
  refused: number;
  /** Still pending: the processor gave no answer again. */
  unanswered: number;
  /** Pending beyond the key's window: left for staff. */
  tooOld: number;
}

/** The refund an admin's Idempotency-Key names on one order, as a UUID: the same key is the same refund, across retries and processes. */
export function refundIdFor(actorId: string, orderId: string, key: string): string {
  const hex = sha256Hex(`refund\n${actorId}\n${orderId}\n${key}`);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class RefundService {
  constructor(private readonly o: RefundServiceOptions) {}

  async refund(command: RefundCommand, record?: RecordAnswer<RefundResult>): Promise<RefundResult> {
    const { knex, logger } = this.o.checkout;
    const refundId = refundIdFor(command.actor.id, command.orderId, command.idempotencyKey);
    let refund = await Refund.query(knex).findById(refundId);
    // Answered before (the key's kept answer may have been pruned since): the same answer. A
    // refund that failed after it was issued (it has its credit note) is final: never issued again.
    if (refund?.status === 'succeeded' || (refund?.status === 'failed' && refund.creditNoteNumber)) return refundResult(knex, refundId);
    if (!refund || refund.status === 'failed') refund = await this.reserve(command, refundId, refund ?? null);
    let done: ProcessorRefund;
    try {
      done = await this.askProcessor(refund);
    } catch (error) {
      if (error instanceof RefundRefused) {
        await giveBackRefund(this.o.checkout, refund);
        throw new AppError('unprocessable', `${REFUND_TEXTS.processorFailed}: ${error.message}`);
      }
      logger.error('A refund reached the processor without a known outcome; it stays reserved until its key is sent again or the recovery finishes it', {
        refundId: refund.id,
        orderId: refund.orderId,
        error: String(error),
      });
      throw new AppError('bad_gateway', `${REFUND_TEXTS.processorFailed} now. Please try again: the same request is never refunded twice.`);
    }
    const completed = await completeRefund(this.o.checkout, refund, done, { actor: command.actor }, record);
    if (completed.fresh) await afterRefundCommit(this.o, refund.id, completed);
    return completed.result;
  }

  /**
   * The `refund-recovery` job's work: refunds left `pending` by a crash (or an unanswered
   * processor) are asked again with their own key and finished as their request would have.
   */
  async recoverStuck(signal?: AbortSignal): Promise<RecoveryOutcome> {
    const { knex, clock, logger } = this.o.checkout;
    const now = clock().getTime();
    const windowStart = new Date(now - REFUND_KEY_WINDOW_MS).toISOString();
    const pending = () => Refund.query(knex).where('status', 'pending');
    const tooOld = await pending().where('updated_at', '<=', windowStart).orderBy('updated_at').limit(RECOVERY_BATCH).select('id', 'order_id');
    for (const refund of tooOld)
      logger.error('A refund has been pending longer than the processor keeps its key: check it at the processor', {
        refundId: refund.id,
        orderId: refund.orderId,
      });
    const outcome: RecoveryOutcome = { finished: 0, refused: 0, unanswered: 0, tooOld: tooOld.length };
    const stuck = await pending()
      .where('updated_at', '>', windowStart)
      .where('updated_at', '<=', new Date(now - STUCK_REFUND_AFTER_MS).toISOString())
      .orderBy([{ column: 'updated_at' }, { column: 'id' }])
      .limit(RECOVERY_BATCH);
    for (const refund of stuck) {
      if (signal?.aborted) break;
      // One refund that cannot be finished now (its order unreadable, the database busy) does not hold up the others.
      const result = await this.finishPending(refund).catch((error: unknown) => {
        logger.error('Could not finish a pending refund; the next recovery tries again', { refundId: refund.id, error: String(error) });
        return 'unanswered' as const;
      });
      if (result) outcome[result] += 1;
    }
    return outcome;
  }

  /** The queued refund mail (`jobs/send-refund-mail.ts`); throws when it could not be sent. */
  sendMail(payload: RefundMailPayload): Promise<boolean> {
    const { knex, mailer, publicUrl } = this.o.checkout;
    return sendRefundMail({ knex, mailer, publicUrl, creditNote: this.o.creditNote }, payload);
  }

  /** The processor reports a refund failed after it accepted it (`refund-failures.ts`). */
  recordProcessorFailure(failure: ProcessorRefundFailure): Promise<RefundFailureOutcome> {
    return recordRefundFailure(this.o.checkout, failure);
  }

  /** What became of one stuck refund: finished here, refused, unanswered again, or null when another finished it. */
  private async finishPending(refund: Refund): Promise<'finished' | 'refused' | 'unanswered' | null> {
    const { knex, logger } = this.o.checkout;
    let done: ProcessorRefund;
    try {
      done = await this.askProcessor(refund);
    } catch (error) {
      if (!(error instanceof RefundRefused)) {
        logger.warn('A pending refund is still without an answer from the processor; the next recovery asks again', {
          refundId: refund.id,
          error: String(error),
        });
        return 'unanswered';
      }
      if (!(await giveBackRefund(this.o.checkout, refund))) return null;
      logger.warn('The processor refused a refund the recovery asked again for: it is failed and its amount given back', {
        refundId: refund.id,
        error: error.message,
      });
      return 'refused';
    }
    // Finished in the name of the admin who asked for it.
    const admin = refund.createdBy ? await User.query(knex).findById(refund.createdBy).select('id', 'email') : undefined;
    const actor = admin ? { id: admin.id, email: admin.email } : null;
    const completed = await completeRefund(this.o.checkout, refund, done, { actor, note: ' (finished by the refund recovery)' });
    if (!completed.fresh) return null; // finished meanwhile by its request or another recovery
    await afterRefundCommit(this.o, refund.id, completed);
    return 'finished';
  }

  /** The processor refunds, under the refund's own Idempotency-Key: asked again, it answers the same refund. */
  private async askProcessor(refund: Refund): Promise<ProcessorRefund> {
    const { knex, processor } = this.o.checkout;
    const order = await Order.query(knex).findById(refund.orderId).select('stripe_payment_intent_id').throwIfNotFound();
    return processor.refund({
      paymentId: order.stripePaymentIntentId!,
      amountCents: refund.amountCents,
      idempotencyKey: `refund-${refund.id}`,
      orderId: refund.orderId,
      refundId: refund.id,
    });
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
        if (!paidForRefund(order)) throw AppError.conflict(LEARNING_MESSAGES.refundNotPaid);
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
        else if ((await Refund.query(trx).findById(refundId).where('status', 'failed').whereNull('credit_note_number').patch(fields)) !== 1)
          throw AppError.conflict(CLAIM_LOST_MESSAGE);
        return Refund.query(trx).findById(refundId).throwIfNotFound();
      });
    } catch (error) {
      // The same refund written by a request that took this key over meanwhile.
      if (isUniqueViolation(error)) throw AppError.conflict(CLAIM_LOST_MESSAGE);
      throw error;
    }
  }
}
