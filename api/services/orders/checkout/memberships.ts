/**
 * Memberships bought at checkout: an order of kind `membership` (no seats), what paying it gives,
 * and its end. A purchase by someone not signed in as an account never changes that account
 * (issue 27): a guest's membership for an address that has an account waits, unattached, until
 * the owner signs in (`attachGuestOrders` in `services/enrollments.ts`); a guest's membership
 * for a new address creates its account. A membership only ever goes up (BUSINESS is never
 * turned into PRIME), and the end of a subscription ends only what that order gave.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Order, User, type MembershipType } from '@db/models';
import { transaction } from '@db/transaction';
import type { MembershipPriceId, PaymentIntentResponse } from '@contracts/checkout';
import { MEMBERSHIP_PLANS } from '@contracts/membership';
import { AppError } from '@api/errors';
import { centsToDecimal } from '@api/lib/money';
import { nameFromEmail } from '@api/lib/names';
import { limitCheckouts, startPayment } from './create-checkout';
import { requireCoupon } from '../coupons/apply-coupon';
import { orderTotals } from './membership-pricing';
import { createPendingOrder } from './pending-order';
import { failOrder } from './fail-order';
import { applyMembership, LOWER_PLANS } from '../../enrollments/membership-grants';
import type { CheckoutServiceOptions } from './options';
import { lockSteps, prepareSteps, runAfterCommit, runCancelSteps, type AfterCommitRun } from './order-step-runner';
import type { PricedLine } from './price-lines';

export interface MembershipCheckoutInput {
  email: string;
  name: string;
  priceId: MembershipPriceId;
  /** The signed-in buyer buying for their own account; null for anyone else. */
  userId: string | null;
  clientKey: string;
  /** A coupon for memberships (issue 35). */
  couponCode?: string;
}

export async function createMembershipCheckout(o: CheckoutServiceOptions, input: MembershipCheckoutInput): Promise<PaymentIntentResponse> {
  const plan = MEMBERSHIP_PLANS[input.priceId];
  if (input.userId) {
    const current = (await User.query(o.knex).findById(input.userId).select('membership_type'))?.membershipType ?? null;
    if (current && !LOWER_PLANS[plan.plan].includes(current)) throw AppError.conflict(`Your account already has the ${current.toUpperCase()} membership.`);
  }
  await limitCheckouts(o, input.clientKey, input.email);
  const planLine: PricedLine = {
    courseId: '',
    pricingTierId: null,
    title: plan.label,
    tierName: null,
    unitCents: plan.amountCents,
    quantity: 1,
    seatLimited: false,
    courseType: null,
    discountCents: 0,
    discountLabel: null,
    couponDiscountCents: 0,
  };
  const customerKey = input.email.toLowerCase();
  const { lines, applied: coupon } = await requireCoupon(o, [planLine], input.couponCode, { clientKey: input.clientKey, customerKey });
  const { totalCents } = orderTotals(lines);
  const { orderId } = await createPendingOrder(o, {
    lines,
    totalCents,
    buyer: { userId: input.userId, email: input.email, name: input.name },
    kind: 'membership',
    membershipPlan: plan.plan,
    seats: new Map(),
    coupon: coupon ? { coupon: coupon.coupon, label: coupon.label, customerKey, discountCents: coupon.cents } : null,
  });
  const intent = await startPayment(o, orderId, () =>
    o.processor.createMembershipPayment({
      orderId,
      amountCents: totalCents,
      discountCents: coupon?.cents ?? 0,
      email: input.email,
      name: input.name,
      description: plan.label,
      purpose: 'membership',
      priceId: input.priceId,
    }),
  );
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    orderId,
    total: centsToDecimal(totalCents),
    processor: o.processor.kind,
    holdExpiresAt: null,
  };
}

/**
 * What a paid membership order gives, in the fulfilment transaction: the signed-in buyer's
 * account its plan; a guest's new address an account with the plan. A guest's order for an
 * address that has an account changes nothing now: it waits for the owner's sign-in.
 */
export async function fulfilMembership(trx: Knex.Transaction, order: Order, nowIso: string): Promise<void> {
  if (order.kind !== 'membership') return;
  const plan = order.membershipPlan as MembershipType;
  if (order.userId) return applyMembership(trx, order.userId, plan, nowIso);
  if (!order.customerEmail) return;
  const id = crypto.randomUUID();
  const account = {
    id,
    name: order.customerName ?? nameFromEmail(order.customerEmail),
    email: order.customerEmail,
    role: 'customer' as const,
    membershipType: plan,
    isActive: true,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  // An existing account (also one created a moment ago) keeps the address: this order then waits for its owner.
  await User.insertMany(trx, [account], { ignoreConflictsOn: ['email'] });
  if (await User.query(trx).findById(id).select('id')) await Order.query(trx).findById(order.id).patch({ userId: id });
}

/**
 * A cancelled subscription: the order's membership ends (or, waiting for its owner, is never
 * given), once — `membership_ended_at` is set with a conditional UPDATE, and in that transaction
 * the cancellation steps run (`order-steps.ts`; the plan itself: `endMembershipPlan`). A pending
 * membership order fails instead.
 */
export async function endMembership(o: CheckoutServiceOptions, orderId: string): Promise<void> {
  const order = await Order.query(o.knex).findById(orderId).where('kind', 'membership').select('status');
  if (!order) return;
  if (order.status === 'pending') {
    await failOrder(o, orderId);
    return;
  }
  await prepareSteps(o, false, o.clock());
  const after = await transaction(o.knex, async (trx): Promise<AfterCommitRun> => {
    const now = o.clock();
    await lockSteps(o, trx, false, now);
    const ended = await Order.query(trx)
      .findById(orderId)
      .where('kind', 'membership')
      .whereNull('membership_ended_at')
      .patch({ membershipEndedAt: now.toISOString() });
    return ended === 1 ? runCancelSteps(o, trx, orderId, 'membership_ended', now) : [];
  });
  await runAfterCommit(o, after);
}

/**
 * The plan of a membership order whose subscription ended, in that transaction: the account
 * loses it only when it has it from this order alone — not a higher plan, and no other live
 * membership order of the same plan.
 */
export async function endMembershipPlan(trx: Knex.Transaction, order: Order, nowIso: string): Promise<void> {
  if (order.kind !== 'membership' || !order.userId || !order.membershipPlan) return;
  await User.query(trx)
    .where({ id: order.userId, membership_type: order.membershipPlan })
    .whereNotExists(
      Order.query(trx)
        .where({ user_id: order.userId, kind: 'membership', status: 'completed', membership_plan: order.membershipPlan })
        .whereNull('membership_ended_at')
        .whereNot('id', order.id)
        .select('id'),
    )
    .patch({ membershipType: null, updatedAt: nowIso });
}
