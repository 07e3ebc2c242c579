/** The collaborators every part of checkout takes: one options object, wired in `services/orders/index.ts`. */
import type { Knex } from 'knex';
import type { Limits } from '@api/config';
import type { MailAttachment, Mailer } from '@api/integrations/mail';
import type { PaymentProcessor } from '@api/integrations/payments/payment-processor';
import type { Clock } from '@api/lib/clock';
import type { Logger } from '@api/logger';
import type { RateLimiter } from '../../platform/rate-limiter';
import type { OrderSteps } from './order-step-runner';

export interface CheckoutServiceOptions {
  knex: Knex;
  processor: PaymentProcessor;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** Seals the processor's client secrets kept on pending orders (to continue an open checkout). */
  secretKey: Buffer;
  limits: Pick<Limits, 'checkoutPerIp' | 'checkoutPerEmail' | 'maxSeatsPerOrder' | 'maxSeatsPerCheckout'>;
  /** What the receipt mail attaches: the invoice PDF and the calendar invites (`services/orders/index.ts` wires them). */
  receiptAttachments?: (orderId: string) => Promise<MailAttachment[]>;
  /** What runs when an order completes or is cancelled: `ORDER_STEPS` (`order-steps.ts`) unless `CheckoutService` is given its own. */
  orderSteps: OrderSteps;
}
