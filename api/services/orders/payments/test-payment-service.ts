/**
 * Card confirmation for the built-in test processor. Its test cards behave like Stripe's:
 * 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 needs an extra
 * authentication step. A success goes through the same fulfilment as a Stripe webhook. Only the
 * brand and last four digits of a card are kept.
 */
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { TestPaymentIntent, type OrderKind, type OrderStatus } from '@db/models';
import type { PaymentStatus, TestPaymentResult } from '@contracts/checkout';
import { AppError } from '@api/errors';
import { cardBrand, isExpiryInFuture, passesLuhn, TEST_CARDS } from '@api/lib/cards';
import { sha256Hex } from '@api/lib/crypto';
import { centsToDecimal } from '@api/lib/money';
import { OrderChanged, type CheckoutService } from '../checkout';
import type { Clock } from '@api/lib/clock';

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** An intent with its order's kind and status (read together by one join). */
type IntentWithOrder = Omit<TestPaymentIntent, 'status'> & { status: PaymentStatus; kind: OrderKind; orderStatus: OrderStatus };
type IntentChanges = PartialModelObject<TestPaymentIntent>;

export class TestPaymentService {
  constructor(
    private readonly knex: Knex,
    private readonly checkout: CheckoutService,
    private readonly clock: Clock,
  ) {}

  private async intentFor(clientSecret: string): Promise<IntentWithOrder> {
    const intent = await TestPaymentIntent.query(this.knex)
      .join('orders', 'orders.id', 'test_payment_intents.order_id')
      .where('test_payment_intents.client_secret_hash', sha256Hex(clientSecret))
      .select('test_payment_intents.*', 'orders.kind', 'orders.status as order_status')
      .first()
      .castTo<IntentWithOrder | undefined>();
    if (!intent) throw AppError.notFound('Payment not found');
    return intent;
  }

  private result(intent: IntentWithOrder, status: PaymentStatus, clientSecret: string, message: string | null = null): TestPaymentResult {
    return {
      paymentIntentId: intent.id,
      status,
      nextActionUrl:
        status === 'requires_action'
          ? `/payment-authentication?payment_intent=${encodeURIComponent(intent.id)}&payment_intent_client_secret=${encodeURIComponent(clientSecret)}`
          : null,
      message,
      amount: centsToDecimal(intent.amountCents),
      purpose: intent.kind === 'membership' ? 'membership' : 'courses',
    };
  }

  private async setStatus(
    id: string,
    from: PaymentStatus[],
    to: PaymentStatus,
    extra: IntentChanges = {},
    db: Knex | Knex.Transaction = this.knex,
  ): Promise<boolean> {
    const changed = await TestPaymentIntent.query(db)
      .patch({ status: to, updatedAt: this.clock().toISOString(), ...extra })
      .where('id', id)
      .whereIn('status', from);
    return changed === 1;
  }

  /**
   * The payment succeeds and the order is fulfilled in one transaction: never one without the
   * other. An order that no longer stands (its course gone, its price changed, a guest's seats
   * taken meanwhile) is refused with nothing charged: the payment is cancelled, the order fails
   * and the buyer gets the answer (a changed price with the new total, as the cart does).
   */
  private async succeed(intent: IntentWithOrder, from: PaymentStatus[], extra: IntentChanges = {}) {
    try {
      return await this.checkout.fulfilOrder(intent.orderId, intent.id, (trx) => this.setStatus(intent.id, from, 'succeeded', extra, trx));
    } catch (error) {
      if (error instanceof OrderChanged && (await this.setStatus(intent.id, from, 'canceled', { ...extra, failureMessage: error.message })))
        await this.checkout.failOrder(intent.orderId);
      throw error;
    }
  }

  /** The answer after a confirmation: a checkout that expired meanwhile says so. */
  private async settled(clientSecret: string): Promise<TestPaymentResult> {
    const result = await this.status(clientSecret);
    if (result.status === 'canceled') throw AppError.conflict('This checkout has expired. Please check out again.');
    return result;
  }

  async status(clientSecret: string): Promise<TestPaymentResult> {
    const intent = await this.intentFor(clientSecret);
    return this.result(intent, intent.status, clientSecret, intent.failureMessage);
  }

  async confirm(clientSecret: string, card: { number: string; expiry: string; cvc: string; name: string }): Promise<TestPaymentResult> {
    const intent = await this.intentFor(clientSecret);
    if (intent.status === 'succeeded' || intent.status === 'requires_action') return this.result(intent, intent.status, clientSecret);
    if (intent.status === 'canceled' || intent.orderStatus === 'expired') throw AppError.conflict('This checkout has expired. Please check out again.');
    if (intent.status === 'failed' || intent.orderStatus !== 'pending') throw new AppError('payment_required', intent.failureMessage ?? DECLINED_MESSAGE);

    if (!passesLuhn(card.number)) throw AppError.badRequest('Your card number is invalid.');
    if (!isExpiryInFuture(card.expiry, this.clock())) throw AppError.badRequest("Your card's expiration date is in the past.");
    const brand = cardBrand(card.number);
    if (card.cvc.length !== (brand === 'amex' ? 4 : 3)) throw AppError.badRequest("Your card's security code is invalid.");
    const cardColumns = { cardBrand: brand, cardLast4: card.number.slice(-4) };

    if (card.number === TEST_CARDS.declined) {
      if (await this.setStatus(intent.id, ['requires_payment_method'], 'failed', { ...cardColumns, failureMessage: DECLINED_MESSAGE }))
        await this.checkout.failOrder(intent.orderId);
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
      if (intent.status === 'succeeded' || intent.status === 'failed') return this.result(intent, intent.status, clientSecret, intent.failureMessage);
      throw AppError.conflict('This payment does not need authentication.');
    }
    if (outcome === 'approve') {
      if (intent.orderStatus !== 'pending') throw AppError.conflict('This checkout has expired. Please check out again.');
      await this.succeed(intent, ['requires_action']);
      return this.settled(clientSecret);
    } else if (await this.setStatus(intent.id, ['requires_action'], 'failed', { failureMessage: AUTHENTICATION_FAILED_MESSAGE })) {
      await this.checkout.failOrder(intent.orderId);
    }
    return this.status(clientSecret);
  }
}
