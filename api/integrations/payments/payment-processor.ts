/** The one small interface both payment processors (Stripe and the built-in test processor) implement. */
import type { PaymentProcessorKind } from '../../contracts/checkout';

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

export interface PaymentProcessor {
  readonly kind: PaymentProcessorKind;
  readonly publishableKey: string | null;
  createPaymentIntent(input: CreateIntentInput): Promise<ProcessorIntent>;
  /** A membership payment (Stripe: a subscription's first invoice). */
  createMembershipPayment(input: CreateIntentInput & { priceId: string }): Promise<ProcessorIntent>;
  /** Cancels an unpaid intent (its seat hold expired); best effort. */
  cancel(intentId: string): Promise<void>;
}
