/**
 * Refund recovery, every minute: a refund a crash (or a processor that never answered) left
 * `pending` is asked of the processor again with its own Idempotency-Key — the same refund, never
 * a second one — and finished by the same steps as its request (`RefundService.recoverStuck`).
 * One run per minute across processes (claimed through `job_schedules`); a run that overlaps
 * another after a lost lease still finishes each refund once (only the transaction that finds it
 * pending completes it).
 */
import type { RefundService } from '../services/orders/refunds/refund-service';
import type { PeriodicJob } from './definitions';

export function refundRecoveryJob(refunds: RefundService): PeriodicJob {
  return {
    name: 'refund-recovery',
    everySeconds: 60,
    async run({ logger, signal }) {
      const { finished, refused, unanswered, tooOld } = await refunds.recoverStuck(signal);
      if (finished || refused || unanswered || tooOld)
        logger.warn(
          `Refund recovery: ${finished} finished, ${refused} refused by the processor, ${unanswered} still unanswered, ${tooOld} too old to ask again`,
        );
    },
  };
}
