/**
 * Stripe: PaymentIntents for course orders, subscriptions for memberships. Fulfilment happens
 * only when Stripe's signed webhook says a payment succeeded (see StripeWebhookService).
 */
import Stripe from 'stripe';
import type { CreateIntentInput, PaymentProcessor, ProcessorIntent } from './payment-processor';

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

  async createMembershipPayment(input: CreateIntentInput & { priceId: string }): Promise<ProcessorIntent> {
    const price = this.settings.prices[input.priceId];
    if (!price) throw new Error(`No Stripe price is configured for ${input.priceId}`);
    const customer = await this.stripe.customers.create({
      email: input.email ?? undefined,
      name: input.name ?? undefined,
      metadata: { orderId: input.orderId },
    });
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price }],
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
}
