/** The one small interface both payment processors (Stripe and the built-in test processor) implement. */
import type { PaymentProcessorKind } from '@contracts/checkout';

export interface CreateIntentInput {
  orderId: string;
  amountCents: number;
  /** The buyer's e-mail (receipt), when known. */
  email: string | null;
  name: string | null;
  description: string;
  purpose: 'courses' | 'membership';
  /** Memberships: the Stripe price behind the plan. */
  priceId?: string;
}

export interface ProcessorIntent {
  id: string;
  clientSecret: string;
}

/** A refund of (part of) a paid order. */
export interface RefundInput {
  /** The processor's id of the payment (`orders.stripe_payment_intent_id`). */
  paymentId: string;
  amountCents: number;
  /** Sent as the processor's Idempotency-Key: the same key is the same refund, never a second one. */
  idempotencyKey: string;
  orderId: string;
  refundId: string;
}

/** `pending`: accepted, the money is on its way (Stripe settles some refunds later). */
export interface ProcessorRefund {
  id: string;
  status: 'succeeded' | 'pending';
}

/** The processor refused the refund (its message says why); nothing was refunded. */
export class RefundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefused';
  }
}

export interface PaymentProcessor {
  readonly kind: PaymentProcessorKind;
  readonly publishableKey: string | null;
  createPaymentIntent(input: CreateIntentInput): Promise<ProcessorIntent>;
  /**
   * A membership payment (Stripe: a subscription's first invoice). `discountCents` (a coupon, issue
   * 35) comes off that first payment: `amountCents` is already the discounted amount.
   */
  createMembershipPayment(input: CreateIntentInput & { priceId: string; discountCents?: number }): Promise<ProcessorIntent>;
  /** Cancels an unpaid intent (its hold expired or was replaced). Throws when it cannot be cancelled, e.g. because it was paid. */
  cancel(intentId: string): Promise<void>;
  /** Whether the processor holds the money for this intent (recovers confirmations that were lost). */
  isPaid(intentId: string): Promise<boolean>;
  /** Refunds `amountCents` of a paid payment, once per `idempotencyKey`. Throws `RefundRefused` when the processor says no. */
  refund(input: RefundInput): Promise<ProcessorRefund>;
}
