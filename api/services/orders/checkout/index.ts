/**
 * Checkout, one file per concern; `CheckoutService` (wired in `services/orders/index.ts`) composes them
 * over one options object:
 * - `price-lines.ts`: every line priced from the database, and the bounds of one checkout;
 * - `membership-pricing.ts`: what the signed-in buyer's membership takes off each line, and the
 *   totals; `quote.ts`: the cart priced before paying (POST /api/cart/quote); a coupon's part is
 *   `services/orders/coupons/` (applied after the membership's, held with the seats, counted at payment);
 * - `create-checkout.ts`: seat holds, the pending order and the processor's intent;
 * - `fulfil-order.ts`: the one idempotent transaction that completes a paid order;
 * - `order-steps.ts`: what completing an order does (enrollments — `course-orders.ts` —, membership,
 *   calendar invites, invoice number, receipt) and what cancelling or refunding one does (seat
 *   holds, membership): the ordered list a new domain adds its step to; `order-step-runner.ts` runs it;
 * - `seat-holds.ts`: the seats of an open checkout (held, or taken at payment for a guest beyond its bounds);
 * - `owned-courses.ts`: a course the buyer owns already is refused up front;
 * - `payment-checks.ts`: course, price and seats checked again when the payment is confirmed;
 * - `fail-order.ts`: a failed or expired order runs the cancellation steps (its seats go back);
 * - `expire-checkouts.ts`: the expiry and recovery sweeps;
 * - `receipts.ts`: the receipt, once per order, with the invoice PDF and calendar invites attached
 *   (`receiptAttachments`, wired in `services/orders/index.ts` from `services/invoices` and `services/calendar`);
 * - `memberships.ts`: membership orders, what paying one gives (never to an account its buyer has
 *   not proven, never a lower plan) and their end.
 * Enrollments are `services/enrollments.ts` (sign-in uses them too).
 */
import type { Knex } from 'knex';
import type { CartQuote, CheckoutItem, PaymentIntentResponse } from '@contracts/checkout';
import { createCheckout, type CheckoutInput } from './create-checkout';
import { expireStaleCheckouts, reconcilePayments } from './expire-checkouts';
import { failOrder } from './fail-order';
import { fulfilOrder, type FulfilmentOutcome } from './fulfil-order';
import { createMembershipCheckout, endMembership, type MembershipCheckoutInput } from './memberships';
import type { CheckoutServiceOptions } from './options';
import { defineOrderSteps, type OrderSteps } from './order-step-runner';
import { ORDER_STEPS } from './order-steps';
import { priceLines, type PricedLine } from './price-lines';
import { quoteCart, type QuoteAsker } from './quote';

export { type CheckoutInput } from './create-checkout';
export { SEAT_HOLD_MS, type Buyer } from './pending-order';
export type { FulfilmentOutcome } from './fulfil-order';
export { OrderChanged } from './payment-checks';
export type { MembershipCheckoutInput } from './memberships';
export type { CheckoutServiceOptions } from './options';
export {
  defineOrderSteps,
  type AfterCommitContext,
  type OrderCancellation,
  type OrderCancelContext,
  type OrderCancelStep,
  type OrderCompletionStep,
  type OrderStepContext,
  type OrderSteps,
} from './order-step-runner';
export { ORDER_STEPS } from './order-steps';
export { MAX_ORDER_LINES, type PricedLine } from './price-lines';

/** The options without `orderSteps` run `ORDER_STEPS`; a test may give its own list (checked by `defineOrderSteps`). */
export type CheckoutServiceInit = Omit<CheckoutServiceOptions, 'orderSteps'> & { orderSteps?: OrderSteps };

export class CheckoutService {
  private readonly o: CheckoutServiceOptions;

  constructor(init: CheckoutServiceInit) {
    this.o = { ...init, orderSteps: defineOrderSteps(init.orderSteps ?? ORDER_STEPS) };
  }

  /** See `priceLines` in `price-lines.ts`. */
  async priceLines(courseIds: string[], items: CheckoutItem[] | undefined): Promise<PricedLine[]> {
    return priceLines(this.o, courseIds, items);
  }

  /** See `quoteCart` in `quote.ts`: the cart as checkout would charge the buyer (`userId`, null for a guest), with a coupon code. */
  async quote(asker: QuoteAsker, items: CheckoutItem[], couponCode?: string): Promise<CartQuote> {
    return quoteCart(this.o, asker, items, couponCode);
  }

  /** See `createCheckout` in `create-checkout.ts`. */
  async createCheckout(input: CheckoutInput): Promise<PaymentIntentResponse> {
    return createCheckout(this.o, input);
  }

  async createMembershipCheckout(input: MembershipCheckoutInput): Promise<PaymentIntentResponse> {
    return createMembershipCheckout(this.o, input);
  }

  /** A failed payment: the order becomes failed and the cancellation steps run (its seats go back). */
  async failOrder(orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
    return failOrder(this.o, orderId, status);
  }

  /** See `fulfilOrder` in `fulfil-order.ts`: completes a paid order, once. */
  async fulfilOrder(orderId: string, paymentId: string, markPaid?: (trx: Knex.Transaction) => Promise<boolean>): Promise<FulfilmentOutcome> {
    return fulfilOrder(this.o, orderId, paymentId, markPaid);
  }

  /** A cancelled Stripe subscription ends the membership it paid for (see `endMembership` in `memberships.ts`). */
  async endMembership(orderId: string): Promise<void> {
    return endMembership(this.o, orderId);
  }

  /** See `expireStaleCheckouts` in `expire-checkouts.ts`. */
  async expireStaleCheckouts(): Promise<string[]> {
    return expireStaleCheckouts(this.o);
  }

  /** See `reconcilePayments` in `expire-checkouts.ts`. */
  async reconcilePayments(): Promise<string[]> {
    return reconcilePayments(this.o);
  }
}
