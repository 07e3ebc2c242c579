/** Orders: checkout, payments and fulfilment; coupons; the back office's order report; refunds; checkout and refund recovery, refund mail. */
import { checkoutRecoveryJob } from '../jobs/recover-checkouts';
import { refundRecoveryJob } from '../jobs/recover-refunds';
import { refundMailJob } from '../jobs/send-refund-mail';
import { checkoutRoutes, STRIPE_WEBHOOK_PATH } from '../routes/checkout-routes';
import { couponRoutes } from '../routes/coupon-routes';
import { orderAdminRoutes } from '../routes/order-admin-routes';
import { createOrderServices, type OrderServices } from '../services/orders';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const ordersDomain = defineDomain({
  name: 'orders',
  needs: ['rateLimiter', 'invoices', 'calendar', 'joinLinks', 'ticketReceiptNotes'],
  services: createOrderServices,
  routes: (api, services: OrderServices & PlatformServices) => {
    checkoutRoutes(api, services);
    orderAdminRoutes(api, services);
    couponRoutes(api, services);
  },
  jobs: ({ services }) => [checkoutRecoveryJob(services.checkout), refundRecoveryJob(services.refunds)],
  queuedJobs: ({ services }) => [refundMailJob(services.refunds)],
  // Stripe signs the exact bytes it sent.
  unparsedBodies: [{ method: 'POST', path: STRIPE_WEBHOOK_PATH, keep: 'raw' }],
});
