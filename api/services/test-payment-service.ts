/**
 * Card confirmation for the built-in test processor. Its test cards behave like Stripe's:
 * 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 needs an extra
 * authentication step. A success goes through the same fulfilment as a Stripe webhook. Only the
 * brand and last four digits of a card are kept.
 */
import type { Knex } from 'knex';
import type { PaymentStatus, TestPaymentResult } from '../contracts/checkout';
import { AppError } from '../errors';
import { cardBrand, isExpiryInFuture, passesLuhn, TEST_CARDS } from '../lib/cards';
import { sha256Hex } from '../lib/crypto';
import { centsToDecimal } from '../lib/money';
import type { CheckoutService } from './checkout';
import type { Clock } from '../lib/clock';

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

interface IntentRow {
  id: string;
  order_id: string;
  amount_cents: number;
  status: PaymentStatus;
  failure_message: string | null;
}

export class TestPaymentService {
  constructor(
    private readonly knex: Knex,
    private readonly checkout: CheckoutService,
    private readonly clock: Clock,
  ) {}

  private async intentFor(clientSecret: string): Promise<IntentRow & { kind: string; order_status: string }> {
    const row = await this.knex('test_payment_intents')
      .join('orders', 'orders.id', 'test_payment_intents.order_id')
      .where('test_payment_intents.client_secret_hash', sha256Hex(clientSecret))
      .first('test_payment_intents.*', 'orders.kind', 'orders.status as order_status');
    if (!row) throw AppError.notFound('Payment not found');
    return row;
  }

  private result(intent: IntentRow & { kind: string }, status: PaymentStatus, clientSecret: string, message: string | null = null): TestPaymentResult {
    return {
      paymentIntentId: intent.id,
      status,
      nextActionUrl:
        status === 'requires_action'
          ? `/payment-authentication?payment_intent=${encodeURIComponent(intent.id)}&payment_intent_client_secret=${encodeURIComponent(clientSecret)}`
          : null,
      message,
      amount: centsToDecimal(intent.amount_cents),
      purpose: intent.kind === 'membership' ? 'membership' : 'courses',
    };
  }

  private async setStatus(id: string, from: PaymentStatus[], to: PaymentStatus, extra: Record<string, unknown> = {}, db: Knex | Knex.Transaction = this.knex): Promise<boolean> {
    const changed = await db('test_payment_intents').where({ id }).whereIn('status', from).update({ status: to, updated_at: this.clock().toISOString(), ...extra });
    return changed === 1;
  }

  /** The payment succeeds and the order is fulfilled in one transaction: never one without the other. */
  private succeed(intent: IntentRow, from: PaymentStatus[], extra: Record<string, unknown> = {}) {
    return this.checkout.fulfilOrder(intent.order_id, intent.id, (trx) => this.setStatus(intent.id, from, 'succeeded', extra, trx));
  }

  /** The answer after a confirmation: a checkout that expired meanwhile says so. */
  private async settled(clientSecret: string): Promise<TestPaymentResult> {
    const result = await this.status(clientSecret);
    if (result.status === 'canceled') throw AppError.conflict('This checkout has expired. Please check out again.');
    return result;
  }

  async status(clientSecret: string): Promise<TestPaymentResult> {
    const intent = await this.intentFor(clientSecret);
    return this.result(intent, intent.status, clientSecret, intent.failure_message);
  }

  async confirm(clientSecret: string, card: { number: string; expiry: string; cvc: string; name: string }): Promise<TestPaymentResult> {
    const intent = await this.intentFor(clientSecret);
    if (intent.status === 'succeeded' || intent.status === 'requires_action') return this.result(intent, intent.status, clientSecret);
    if (intent.status === 'canceled' || intent.order_status === 'expired') throw AppError.conflict('This checkout has expired. Please check out again.');
    if (intent.status === 'failed' || intent.order_status !== 'pending') throw new AppError('payment_required', intent.failure_message ?? DECLINED_MESSAGE);

    if (!passesLuhn(card.number)) throw AppError.badRequest('Your card number is invalid.');
    if (!isExpiryInFuture(card.expiry, this.clock())) throw AppError.badRequest("Your card's expiration date is in the past.");
    const brand = cardBrand(card.number);
    if (card.cvc.length !== (brand === 'amex' ? 4 : 3)) throw AppError.badRequest("Your card's security code is invalid.");
    const cardColumns = { card_brand: brand, card_last4: card.number.slice(-4) };

    if (card.number === TEST_CARDS.declined) {
      if (await this.setStatus(intent.id, ['requires_payment_method'], 'failed', { ...cardColumns, failure_message: DECLINED_MESSAGE })) await this.checkout.failOrder(intent.order_id);
      throw new AppError('payment_required', DECLINED_MESSAGE);
    }
    if (card.number === TEST_CARDS.authentication) {
      await this.setStatus(intent.id, ['requires_payment_method'], 'requires_action', cardColumns);
      return this.result(intent, 'requires_action', clientSecret);
    }
    await this.succeed(intent, ['requires_payment_method'], cardColumns);
    return this.settled(clientSecret);
  }

  /** The extra authentication step: approved, the payment succeeds; failed, nothing is charged. */
  async authenticate(clientSecret: string, outcome: 'approve' | 'fail'): Promise<TestPaymentResult> {
    const intent = await this.intentFor(clientSecret);
    if (intent.status !== 'requires_action') {
      if (intent.status === 'succeeded' || intent.status === 'failed') return this.result(intent, intent.status, clientSecret, intent.failure_message);
      throw AppError.conflict('This payment does not need authentication.');
    }
    if (outcome === 'approve') {
      if (intent.order_status !== 'pending') throw AppError.conflict('This checkout has expired. Please check out again.');
      await this.succeed(intent, ['requires_action']);
      return this.settled(clientSecret);
    } else if (await this.setStatus(intent.id, ['requires_action'], 'failed', { failure_message: AUTHENTICATION_FAILED_MESSAGE })) {
      await this.checkout.failOrder(intent.order_id);
    }
    return this.status(clientSecret);
  }
}
