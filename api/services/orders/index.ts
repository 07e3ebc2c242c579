/**
 * Orders: checkout and fulfilment (`checkout/`), the payment processor and its confirmations
 * (`payments/`), refunds (`refunds/`), coupons (`coupons/`), and the back office's order report.
 */
import type { PaymentProcessor } from '../../integrations/payments/payment-processor';
import { createStripeClient, StripePaymentProcessor } from '../../integrations/payments/stripe-processor';
import { TestPaymentProcessor } from '../../integrations/payments/test-processor';
import { deriveKey } from '../../lib/crypto';
import type { CheckInServices } from '../check-in';
import type { CalendarServices } from '../calendar';
import type { ServiceDependencies } from '../dependencies';
import type { InvoiceServices } from '../invoices';
import type { JoinLinkServices } from '../join-links';
import type { PlatformServices } from '../platform';
import { CheckoutService, ORDER_STEPS, type CheckoutServiceInit } from './checkout';
import { CouponAdminService } from './coupons/coupon-admin';
import { OrderReportService } from './order-report';
import { StripeWebhookService } from './payments/stripe-webhook-service';
import { TestPaymentService } from './payments/test-payment-service';
import { RefundService } from './refunds/refund-service';

export interface OrderServices {
  processor: PaymentProcessor;
  checkout: CheckoutService;
  orderReport: OrderReportService;
  /** Admins' refunds through the processor, with their credit notes; their recovery, mail and processor failures. */
  refunds: RefundService;
  /** Only with the built-in test processor. */
  testPayments: TestPaymentService | null;
  /** Only with Stripe and a webhook secret. */
  stripeWebhooks: StripeWebhookService | null;
  /** The back office's coupons (issue 35). */
  couponAdmin: CouponAdminService;
}

type Needs = Pick<PlatformServices, 'rateLimiter'> &
  InvoiceServices &
  Pick<CalendarServices, 'calendar'> &
  Pick<JoinLinkServices, 'joinLinks'> &
  Pick<CheckInServices, 'ticketReceiptNotes'>;

export function createOrderServices(d: ServiceDependencies, { rateLimiter, invoices, calendar, joinLinks, ticketReceiptNotes }: Needs): OrderServices {
  const { knex, mailer, clock, logger, stripe } = d;
  const processor: PaymentProcessor = stripe
    ? new StripePaymentProcessor({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey, prices: stripe.prices, api: stripe.api })
    : new TestPaymentProcessor(knex, clock);
  // The receipt mail carries the invoice PDF and the calendar invites of the order's live sessions.
  const receiptAttachments = async (orderId: string) => {
    const invoice = await invoices.pdf(orderId);
    return [{ filename: invoice.filename, content: invoice.content, contentType: 'application/pdf' }, ...(await calendar.receiptAttachments(orderId))];
  };
  const secretKey = deriveKey(d.authSecret, 'checkout-client-secrets');
  const checkoutInit: CheckoutServiceInit = {
    knex,
    processor,
    mailer,
    clock,
    logger,
    publicUrl: d.publicUrl,
    rateLimiter,
    limits: d.limits,
    secretKey,
    receiptAttachments,
    // Each live session's personal join link, each seminar's ticket.
    receiptNotes: async (orderId) => [...(await joinLinks.receiptNotes(orderId)), ...(await ticketReceiptNotes(orderId))],
  };
  const checkout = new CheckoutService(checkoutInit);
  // A full refund runs the same cancellation steps as checkout (`ORDER_STEPS`).
  const refunds = new RefundService({
    checkout: { ...checkoutInit, orderSteps: ORDER_STEPS },
    creditNote: (refundId) => invoices.creditNote(refundId),
    calendarMail: calendar,
  });
  return {
    processor,
    checkout,
    orderReport: new OrderReportService({ knex }),
    couponAdmin: new CouponAdminService({ knex, clock }),
    refunds,
    testPayments: stripe ? null : new TestPaymentService(knex, checkout, clock),
    stripeWebhooks: stripe?.webhookSecret
      ? new StripeWebhookService({ knex, stripe: createStripeClient(stripe), webhookSecret: stripe.webhookSecret, checkout, refunds, clock, logger })
      : null,
  };
}
