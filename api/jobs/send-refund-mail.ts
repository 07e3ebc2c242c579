/**
 * The `send-refund-mail` queued job: the buyer's refund mail with its credit note, queued in the
 * refund's transaction (`services/orders/refunds/refund-mail.ts`). A failed send throws, so the
 * runner tries again after its backoff; once sent the job is done, and the refund's id as the
 * job's key means one mail per refund.
 */
import type { RefundService } from '../services/orders/refunds/refund-service';
import { REFUND_MAIL_MAX_ATTEMPTS, SEND_REFUND_MAIL, type RefundMailPayload } from '../services/orders/refunds/refund-mail';
import { handleQueued, type QueuedJobHandler } from './definitions';

export function refundMailJob(refunds: RefundService): QueuedJobHandler<RefundMailPayload> {
  return handleQueued(SEND_REFUND_MAIL, {
    maxAttempts: REFUND_MAIL_MAX_ATTEMPTS,
    handle: async (payload) => void (await refunds.sendMail(payload)),
  });
}
