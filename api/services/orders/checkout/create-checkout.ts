/**
 * Checkout: prices every line from the database (never from the client), takes off what the
 * signed-in buyer's membership gives (`membership-pricing.ts`) and then a coupon's part (held with
 * the seats, `coupons/coupon-uses.ts`), bounds what one
 * checkout may ask for, refuses a course the buyer owns already, holds seats with an atomic
 * conditional UPDATE (no row locks needed, so it behaves the same on SQLite and MySQL; what a
 * guest may hold is bounded, see `seat-holds.ts`), creates the pending order and the processor's
 * intent.
 */
import crypto from 'node:crypto';
import { Order, SeatHold } from '@db/models';
import { FREE_ORDER_SIGN_IN, type CheckoutItem, type PaymentIntentResponse } from '@contracts/checkout';
import { AppError } from '@api/errors';
import { openSecret, sealSecret, sha256Hex } from '@api/lib/crypto';
import { centsToDecimal } from '@api/lib/money';
import { retryIn } from '../../platform/rate-limiter';
import { failOrder } from './fail-order';
import { fulfilOrder } from './fulfil-order';
import type { CheckoutServiceOptions } from './options';
import { requireOrgManager } from '../../orgs/org-access';
import { refuseIncludedSeats } from '../../orgs/org-membership';
import { refuseOwnedCourses } from './owned-courses';
import { requireCoupon } from '../coupons/apply-coupon';
import { priceLines, pricesChanged } from './price-lines';
import { buyerPlan, discountLines, orderTotals } from './membership-pricing';
import { createPendingOrder, liveKey, SEAT_HOLD_MS, type Buyer } from './pending-order';

/** An open checkout is continued only while at least this much of its hold is left. */
const REUSE_MIN_REMAINING_MS = 2 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface CheckoutInput {
  courseIds: string[];
  amount: number;
  items?: CheckoutItem[];
  buyer: Buyer;
  clientKey: string;
  /** Seats for this organisation's pool (the buyer must manage it). */
  orgId?: string;
  /** A coupon code: refused with its reason when it takes nothing off (issue 35). */
  couponCode?: string;
}

/** Checkouts per client and per buyer e-mail: the same limiter as sign-in. */
export async function limitCheckouts(o: CheckoutServiceOptions, clientKey: string, email: string): Promise<void> {
  const { rateLimiter, limits } = o;
  await rateLimiter.hit(
    `checkout-ip:${clientKey}`,
    limits.checkoutPerIp,
    HOUR_MS,
    (m) => `Too many checkouts from your network. Please try again in ${retryIn(m)}.`,
  );
  await rateLimiter.hit(
    `checkout-email:${email.toLowerCase()}`,
    limits.checkoutPerEmail,
    HOUR_MS,
    (m) => `Too many checkouts for this email. Please try again in ${retryIn(m)}.`,
  );
}

/**
 * A checkout for the cart. The same buyer opening checkout again for the same cart continues
 * their open checkout (same order, same seat hold) instead of creating another order.
 */
export async function createCheckout(o: CheckoutServiceOptions, input: CheckoutInput): Promise<PaymentIntentResponse> {
  if (!input.buyer.email) throw AppError.badRequest('Please enter your email address for the receipt');
  const customerKey = input.buyer.email.toLowerCase();
  const membershipLines = discountLines(await priceLines(o, input.courseIds, input.items), await buyerPlan(o.knex, input.buyer.userId));
  const { lines, applied: coupon } = await requireCoupon(o, membershipLines, input.couponCode, { clientKey: input.clientKey, customerKey });
  const { subtotalCents, totalCents } = orderTotals(lines);
  // Nothing to pay (a 100 % coupon, a free course): no payment vouches for the buyer, so only an account (its e-mail proven) may take it.
  if (totalCents === 0 && !input.buyer.userId) throw new AppError('unauthorized', FREE_ORDER_SIGN_IN);
  // The client may show the list prices or the quote's total; either way the server's total is charged.
  const amountCents = Math.round(input.amount * 100);
  if (amountCents !== totalCents && amountCents !== subtotalCents) throw pricesChanged(totalCents);
  const courseIds = [...new Set(lines.map((line) => line.courseId))];
  // Seats for an organisation: only its manager buys them, and owning the course oneself does not matter.
  if (input.orgId) {
    await requireOrgManager(o.knex, input.orgId, input.buyer.userId ?? '');
    await refuseIncludedSeats(o.knex, input.orgId, lines);
  }
  // A signed-in buyer is told at once; for a guest e-mail the answer waits for the checkout limits (it says what that address owns).
  else if (input.buyer.userId) await refuseOwnedCourses(o.knex, input.buyer, courseIds);
  const checkoutKey = sha256Hex(
    JSON.stringify([
      input.buyer.userId,
      input.orgId ?? null,
      input.buyer.email.toLowerCase(),
      // The discount too: a plan that changed since opens a new checkout at the new price.
      lines.map((l) => [l.courseId, l.pricingTierId, l.quantity, l.unitCents, l.discountCents, l.couponDiscountCents].join('|')).sort(),
      // And the coupon: another code (or none) opens another checkout.
      coupon?.coupon.id ?? null,
    ]),
  );
  const open = await openCheckout(o, checkoutKey);
  if (open) return open;
  await limitCheckouts(o, input.clientKey, input.buyer.email);
  if (!input.buyer.userId) await refuseOwnedCourses(o.knex, input.buyer, courseIds);
  const seats = new Map<string, number>();
  for (const line of lines) seats.set(line.courseId, (seats.get(line.courseId) ?? 0) + line.quantity);
  await replacePreviousHolds(o, input.buyer, [...seats.keys()]);
  const { orderId, holdExpiresAt } = await createPendingOrder(o, {
    lines,
    totalCents,
    buyer: input.buyer,
    kind: 'courses',
    seats,
    checkoutKey,
    clientKey: input.clientKey,
    orgId: input.orgId ?? null,
    coupon: coupon ? { coupon: coupon.coupon, label: coupon.label, customerKey, discountCents: coupon.cents } : null,
  });
  if (totalCents === 0) return completeFreeOrder(o, orderId, holdExpiresAt);
  const seatCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const intent = await startPayment(o, orderId, () =>
    o.processor.createPaymentIntent({
      orderId,
      amountCents: totalCents,
      email: input.buyer.email,
      name: input.buyer.name,
      description: `Order ${orderId.slice(0, 8)}: ${seatCount} seat(s)`,
      purpose: 'courses',
    }),
  );
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    orderId,
    total: centsToDecimal(totalCents),
    processor: o.processor.kind,
    holdExpiresAt,
  };
}

/**
 * An order with nothing to pay completes at once, without the processor (which would refuse a
 * charge of $0): its own payment id (`free_<order id>`) and client secret are set in the
 * fulfilment's transaction, so /success and the receipt work as for a paid order. An order that no
 * longer stands (`OrderChanged`, a 409) is refused and the order fails, giving back what it held.
 */
async function completeFreeOrder(o: CheckoutServiceOptions, orderId: string, holdExpiresAt: string | null): Promise<PaymentIntentResponse> {
  // Shaped like a processor's ids (letters, digits and `_`), as /success and the receipt's route expect.
  const paymentIntentId = `free_${orderId.replace(/-/g, '')}`;
  const clientSecret = `${paymentIntentId}_secret_${crypto.randomBytes(16).toString('hex')}`;
  try {
    await fulfilOrder(o, orderId, paymentIntentId, async (trx) => {
      const set = await Order.query(trx)
        .findById(orderId)
        .whereNull('processor_intent_id')
        .patch({ processorIntentId: paymentIntentId, clientSecretHash: sha256Hex(clientSecret) });
      return set === 1;
    });
  } catch (error) {
    await failOrder(o, orderId);
    throw error;
  }
  return { clientSecret, paymentIntentId, orderId, total: centsToDecimal(0), processor: o.processor.kind, holdExpiresAt, paid: true };
}

/** The buyer's open checkout for exactly this cart, while enough of its hold is left and it can still be paid. */
async function openCheckout(o: CheckoutServiceOptions, checkoutKey: string): Promise<PaymentIntentResponse | null> {
  const { knex, clock, processor } = o;
  const order = await Order.query(knex)
    .modify('pending')
    .where('checkout_key', checkoutKey)
    .where('created_at', '>', new Date(clock().getTime() - SEAT_HOLD_MS + REUSE_MIN_REMAINING_MS).toISOString())
    .orderBy('created_at', 'desc')
    .first()
    .select('id', 'total_cents', 'processor_intent_id', 'client_secret_sealed');
  if (!order?.processorIntentId || !order.clientSecretSealed) return null;
  const clientSecret = openSecret(o.secretKey, order.clientSecretSealed);
  if (!clientSecret || (await processor.isPaid(order.processorIntentId))) return null;
  // The hold's end matters only for seat-limited courses, and only when all their seats are held.
  const holds = await SeatHold.query(knex)
    .modify('open')
    .join('courses', 'courses.id', 'seat_holds.course_id')
    .where('seat_holds.order_id', order.id)
    .whereNotNull('courses.max_participants')
    .select('seat_holds.status', 'seat_holds.expires_at');
  const holdExpiresAt = holds.length && holds.every((h) => h.status === 'held') ? holds.map((h) => h.expiresAt).sort()[0]! : null;
  return {
    clientSecret,
    paymentIntentId: order.processorIntentId,
    orderId: order.id,
    total: centsToDecimal(order.totalCents),
    processor: processor.kind,
    holdExpiresAt,
  };
}

/**
 * One buyer has at most one live hold per course: a new checkout replaces the buyer's earlier
 * unpaid ones on the same courses. Each is cancelled at the processor first (so it can no
 * longer be paid) and then expires, giving its seats back. One that turns out to be paid is
 * completed instead, and the new checkout goes ahead as a separate purchase.
 */
async function replacePreviousHolds(o: CheckoutServiceOptions, buyer: Buyer, courseIds: string[]): Promise<void> {
  const { knex, processor, logger } = o;
  const previous = await Order.query(knex)
    .modify('pending')
    .whereIn(
      'id',
      SeatHold.query(knex)
        .whereIn(
          'live_key',
          courseIds.map((id) => liveKey(buyer, id)),
        )
        .select('order_id'),
    )
    .select('id', 'processor_intent_id');
  for (const order of previous) {
    if (order.processorIntentId) {
      try {
        await processor.cancel(order.processorIntentId);
      } catch (error) {
        if (await processor.isPaid(order.processorIntentId).catch(() => false)) {
          await fulfilOrder(o, order.id, order.processorIntentId);
          continue;
        }
        logger.warn('Could not cancel a replaced checkout', { orderId: order.id, error: String(error) });
        throw AppError.conflict('Your previous checkout for these courses is still being processed. Please try again in a moment.');
      }
    }
    await failOrder(o, order.id, 'expired');
  }
}

export async function startPayment(o: CheckoutServiceOptions, orderId: string, create: () => Promise<{ id: string; clientSecret: string }>) {
  let intent: { id: string; clientSecret: string };
  try {
    intent = await create();
  } catch (error) {
    o.logger.error('Payment processor refused to create a payment', { orderId, error: String(error) });
    await failOrder(o, orderId);
    throw new AppError('bad_gateway', 'There was an error setting up payment. Please try again.');
  }
  await Order.query(o.knex)
    .findById(orderId)
    .patch({
      processorIntentId: intent.id,
      clientSecretSealed: sealSecret(o.secretKey, intent.clientSecret),
      clientSecretHash: sha256Hex(intent.clientSecret),
    });
  return intent;
}
