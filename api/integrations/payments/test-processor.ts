/**
 * The built-in test processor, the embedded default: no keys, works offline. Intents live in the
 * database; the PWA confirms them with a card form (see TestPaymentService), and its test cards
 * behave like Stripe's. Refunds too: the same Idempotency-Key is the same refund, and a payment
 * made with 4000 0000 0000 5126 cannot be refunded (Stripe's "refund fails" test card).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { TestPaymentIntent } from '@db/models';
import { sha256Hex } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';
import {
  RefundRefused,
  type CreateIntentInput,
  type PaymentProcessor,
  type ProcessorIntent,
  type ProcessorRefund,
  type RefundInput,
} from './payment-processor';

/** Payments with a card ending in these digits cannot be refunded (as Stripe's test card 4000 0000 0000 5126). */
export const REFUND_FAILS_LAST4 = '5126';

export class TestPaymentProcessor implements PaymentProcessor {
  readonly kind = 'test' as const;
  readonly publishableKey = null;

  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
  ) {}

  async createPaymentIntent(input: CreateIntentInput): Promise<ProcessorIntent> {
    const id = `pi_test_${crypto.randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${crypto.randomBytes(18).toString('base64url')}`;
    const now = this.clock().toISOString();
    await TestPaymentIntent.query(this.knex).insert({
      id,
      clientSecretHash: sha256Hex(clientSecret),
      orderId: input.orderId,
      amountCents: input.amountCents,
      currency: 'usd',
      status: 'requires_payment_method',
      createdAt: now,
      updatedAt: now,
    });
    return { id, clientSecret };
  }

  createMembershipPayment(input: CreateIntentInput & { priceId: string; discountCents?: number }): Promise<ProcessorIntent> {
    return this.createPaymentIntent(input);
  }

  async cancel(intentId: string): Promise<void> {
    const changed = await TestPaymentIntent.query(this.knex)
      .patch({ status: 'canceled', updatedAt: this.clock().toISOString() })
      .where('id', intentId)
      .whereIn('status', ['requires_payment_method', 'requires_action']);
    if (changed === 1) return;
    const intent = await TestPaymentIntent.query(this.knex).findById(intentId);
    if (intent?.status === 'succeeded') throw new Error(`You cannot cancel this PaymentIntent because it has a status of succeeded.`);
  }

  async isPaid(intentId: string): Promise<boolean> {
    const intent = await TestPaymentIntent.query(this.knex).findById(intentId);
    return intent?.status === 'succeeded';
  }

  async refund(input: RefundInput): Promise<ProcessorRefund> {
    const intent = await TestPaymentIntent.query(this.knex).findById(input.paymentId);
    if (!intent || intent.status !== 'succeeded') throw new RefundRefused(`No succeeded payment ${input.paymentId} to refund.`);
    if (input.amountCents > intent.amountCents) throw new RefundRefused('The refund is larger than the payment.');
    if (intent.cardLast4 === REFUND_FAILS_LAST4) throw new RefundRefused("The card's bank refused the refund.");
    // The key names the refund: asked again with it, the test processor answers the same refund.
    return { id: `re_test_${sha256Hex(input.idempotencyKey).slice(0, 24)}`, status: 'succeeded' };
  }
}
