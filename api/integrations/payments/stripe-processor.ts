/**
 * Stripe: PaymentIntents for course orders, subscriptions for memberships. Fulfilment happens
 * only when Stripe's signed webhook says a payment succeeded (see StripeWebhookService). Refunds
 * through the Refunds API (`POST /v1/refunds`) with an Idempotency-Key, so a repeat is the same
 * refund; a membership's payment is found through its invoice's payments.
 */
import Stripe from 'stripe';
import {
  RefundRefused,
  type CreateIntentInput,
  type PaymentProcessor,
  type ProcessorIntent,
  type ProcessorRefund,
  type RefundInput,
} from './payment-processor';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Stripe price ids behind the two membership plans. */
  prices: Record<string, string | undefined>;
  /** For tests against a local fake of Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'api'>): Stripe {
  return new Stripe(settings.secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...(settings.api ?? {}) });
}

export class StripePaymentProcessor implements PaymentProcessor {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = createStripeClient(settings);
  }

  async createPaymentIntent(input: CreateIntentInput): Promise<ProcessorIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        description: input.description,
        receipt_email: input.email ?? undefined,
        metadata: { orderId: input.orderId, purpose: input.purpose },
      },
      { idempotencyKey: `order-${input.orderId}` },
    );
    if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async createMembershipPayment(input: CreateIntentInput & { priceId: string; discountCents?: number }): Promise<ProcessorIntent> {
    const price = this.settings.prices[input.priceId];
    if (!price) throw new Error(`No Stripe price is configured for ${input.priceId}`);
    const customer = await this.stripe.customers.create({
      email: input.email ?? undefined,
      name: input.name ?? undefined,
      metadata: { orderId: input.orderId },
    });
    // A coupon's part: a Stripe coupon of that amount, once, on the first invoice only.
    const discount = input.discountCents
      ? await this.stripe.coupons.create(
          { amount_off: input.discountCents, currency: 'usd', duration: 'once', max_redemptions: 1, metadata: { orderId: input.orderId } },
          { idempotencyKey: `membership-coupon-${input.orderId}` },
        )
      : null;
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price }],
        ...(discount ? { discounts: [{ coupon: discount.id }] } : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { orderId: input.orderId, purpose: 'membership' },
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `membership-${input.orderId}` },
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new Error('Stripe returned a subscription without a payment to confirm');
    return { id: subscription.id, clientSecret };
  }

  async isPaid(intentId: string): Promise<boolean> {
    if (intentId.startsWith('sub_')) return (await this.stripe.subscriptions.retrieve(intentId)).status === 'active';
    return (await this.stripe.paymentIntents.retrieve(intentId)).status === 'succeeded';
  }

  async cancel(intentId: string): Promise<void> {
    if (intentId.startsWith('sub_')) await this.stripe.subscriptions.cancel(intentId);
    else await this.stripe.paymentIntents.cancel(intentId);
  }

  async refund(input: RefundInput): Promise<ProcessorRefund> {
    try {
      const target = await this.refundTarget(input.paymentId);
      const refund = await this.stripe.refunds.create(
        { ...target, amount: input.amountCents, reason: 'requested_by_customer', metadata: { orderId: input.orderId, refundId: input.refundId } },
        { idempotencyKey: input.idempotencyKey },
      );
      if (refund.status === 'succeeded' || refund.status === 'pending') return { id: refund.id, status: refund.status };
      throw new RefundRefused(`Stripe answered the refund as ${refund.status ?? 'unknown'}.`);
    } catch (error) {
      // Stripe said no (4xx): its message says why. Anything else (network, 5xx) is thrown as is.
      if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) < 500) throw new RefundRefused(error.message);
      throw error;
    }
  }

  /** What Stripe refunds: a PaymentIntent or Charge as it is; a membership's invoice through its paid payment. */
  private async refundTarget(paymentId: string): Promise<{ payment_intent: string } | { charge: string }> {
    if (paymentId.startsWith('ch_')) return { charge: paymentId };
    if (!paymentId.startsWith('in_')) return { payment_intent: paymentId };
    const payments = await this.stripe.invoicePayments.list({ invoice: paymentId, status: 'paid', limit: 1 });
    const payment = payments.data[0]?.payment;
    const intent = typeof payment?.payment_intent === 'string' ? payment.payment_intent : payment?.payment_intent?.id;
    const charge = typeof payment?.charge === 'string' ? payment.charge : payment?.charge?.id;
    if (intent) return { payment_intent: intent };
    if (charge) return { charge };
    throw new RefundRefused(`Invoice ${paymentId} has no paid payment to refund.`);
  }
}
