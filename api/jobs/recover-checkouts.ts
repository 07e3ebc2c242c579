/**
 * Checkout recovery, at start and every minute: payments whose confirmation was lost are completed
 * first, then unpaid checkouts past their hold time give their seats back. Both are safe in
 * several processes (`CheckoutService.reconcilePayments`, `expireStaleCheckouts`).
 */
import type { CheckoutService } from '../services/orders/checkout';
import type { PeriodicJob } from './definitions';

export function checkoutRecoveryJob(checkout: CheckoutService): PeriodicJob {
  return {
    name: 'checkout-recovery',
    everySeconds: 60,
    atStart: true,
    async run({ logger }) {
      const recovered = await checkout.reconcilePayments();
      if (recovered.length) logger.warn(`Completed ${recovered.length} paid order(s) whose confirmation had been lost`);
      const expired = await checkout.expireStaleCheckouts();
      if (expired.length) logger.info(`Released the seats of ${expired.length} unpaid checkout(s)`);
    },
  };
}
