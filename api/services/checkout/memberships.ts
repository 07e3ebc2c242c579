/** Memberships bought at checkout: an order of kind `membership` (no seats), and its end. */
import { Order, User } from '@db/models';
import type { MembershipPriceId, PaymentIntentResponse } from '../../contracts/checkout';
import { MEMBERSHIP_PLANS } from '../../contracts/membership';
import { centsToDecimal } from '../../lib/money';
import { createPendingOrder, limitCheckouts, startPayment } from './create-checkout';
import { failOrder } from './fail-order';
import type { CheckoutServiceOptions } from './options';
import type { PricedLine } from './price-lines';

export interface MembershipCheckoutInput {
  email: string;
  name: string;
  priceId: MembershipPriceId;
  userId: string | null;
  clientKey: string;
}

export async function createMembershipCheckout(o: CheckoutServiceOptions, input: MembershipCheckoutInput): Promise<PaymentIntentResponse> {
  await limitCheckouts(o, input.clientKey, input.email);
  const plan = MEMBERSHIP_PLANS[input.priceId];
  const lines: PricedLine[] = [{ courseId: '', pricingTierId: null, title: plan.label, tierName: null, unitCents: plan.amountCents, quantity: 1, seatLimited: false }];
  const { orderId } = await createPendingOrder(o, {
    lines,
    totalCents: plan.amountCents,
    buyer: { userId: input.userId, email: input.email, name: input.name },
    kind: 'membership',
    membershipPlan: plan.plan,
    seats: new Map(),
  });
  const intent = await startPayment(o, orderId, () =>
    o.processor.createMembershipPayment({
      orderId,
      amountCents: plan.amountCents,
      email: input.email,
      name: input.name,
      description: plan.label,
      purpose: 'membership',
      priceId: input.priceId,
    }),
  );
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, orderId, total: centsToDecimal(plan.amountCents), processor: o.processor.kind, holdExpiresAt: null };
}

/** A cancelled Stripe subscription ends the membership it paid for. */
export async function endMembership(o: CheckoutServiceOptions, orderId: string): Promise<void> {
  const order = await Order.query(o.knex).findById(orderId).where('kind', 'membership').select('user_id', 'membership_plan', 'status');
  if (!order) return;
  if (order.status === 'pending') {
    await failOrder(o, orderId);
    return;
  }
  if (order.userId) {
    await User.query(o.knex).where({ id: order.userId, membership_type: order.membershipPlan }).patch({ membershipType: null, updatedAt: o.clock().toISOString() });
  }
}
