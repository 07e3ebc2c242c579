/**
 * Checkout: prices every line from the database (never from the client), bounds what one
 * checkout may ask for, refuses a course the buyer owns already, holds seats with an atomic
 * conditional UPDATE (no row locks needed, so it behaves the same on SQLite and MySQL; what a
 * guest may hold is bounded, see `seat-holds.ts`), creates the pending order and the processor's
 * intent.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { Order, OrderItem, SeatHold } from '@db/models';
import { transaction } from '@db/transaction';
import type { CheckoutItem, PaymentIntentResponse } from '@contracts/checkout';
import { AppError } from '@api/errors';
import { openSecret, sealSecret, sha256Hex } from '@api/lib/crypto';
import { centsToDecimal } from '@api/lib/money';
import { retryIn } from '../../platform/rate-limiter';
import { failOrder } from './fail-order';
import { fulfilOrder } from './fulfil-order';
import type { CheckoutServiceOptions } from './options';
import { refuseOwnedCourses } from './owned-courses';
import { priceLines, pricesChanged, type PricedLine } from './price-lines';
import { clientLiveKey, coursesHeldByClient, takeSeats } from './seat-holds';

/** How long an unpaid checkout keeps its seats. */
export const SEAT_HOLD_MS = 10 * 60_000;
/** An open checkout is continued only while at least this much of its hold is left. */
const REUSE_MIN_REMAINING_MS = 2 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface Buyer {
  userId: string | null;
  email: string | null;
  name: string | null;
}

export interface CheckoutInput {
  courseIds: string[];
  amount: number;
  items?: CheckoutItem[];
  buyer: Buyer;
  clientKey: string;
}

/**
 * The key that allows one live hold per buyer and course. A guest's is apart from the signed-in
 * account's with the same e-mail, so a checkout by someone not signed in never replaces the
 * account owner's open checkout.
 */
const liveKey = (buyer: Pick<Buyer, 'userId' | 'email'>, courseId: string) => `${buyer.userId ? '' : 'guest:'}${buyer.email!.toLowerCase()}|${courseId}`;

/** Checkouts per client and per buyer e-mail: the same limiter as sign-in. */
export async function limitCheckouts(o: CheckoutServiceOptions, clientKey: string, email: string): Promise<void> {
  const { rateLimiter, limits } = o;
  await rateLimiter.hit(`checkout-ip:${clientKey}`, limits.checkoutPerIp, HOUR_MS, (m) => `Too many checkouts from your network. Please try again in ${retryIn(m)}.`);
  await rateLimiter.hit(`checkout-email:${email.toLowerCase()}`, limits.checkoutPerEmail, HOUR_MS, (m) => `Too many checkouts for this email. Please try again in ${retryIn(m)}.`);
}

/**
 * A checkout for the cart. The same buyer opening checkout again for the same cart continues
 * their open checkout (same order, same seat hold) instead of creating another order.
 */
export async function createCheckout(o: CheckoutServiceOptions, input: CheckoutInput): Promise<PaymentIntentResponse> {
  if (!input.buyer.email) throw AppError.badRequest('Please enter your email address for the receipt');
  const lines = await priceLines(o, input.courseIds, input.items);
  const totalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  if (Math.round(input.amount * 100) !== totalCents) throw pricesChanged(totalCents);
  const courseIds = [...new Set(lines.map((line) => line.courseId))];
  // A signed-in buyer is told at once; for a guest e-mail the answer waits for the checkout limits (it says what that address owns).
  if (input.buyer.userId) await refuseOwnedCourses(o.knex, input.buyer, courseIds);
  const checkoutKey = sha256Hex(
    JSON.stringify([input.buyer.userId, input.buyer.email.toLowerCase(), lines.map((l) => [l.courseId, l.pricingTierId, l.quantity, l.unitCents].join('|')).sort()]),
  );
  const open = await openCheckout(o, checkoutKey);
  if (open) return open;
  await limitCheckouts(o, input.clientKey, input.buyer.email);
  if (!input.buyer.userId) await refuseOwnedCourses(o.knex, input.buyer, courseIds);
  const seats = new Map<string, number>();
  for (const line of lines) seats.set(line.courseId, (seats.get(line.courseId) ?? 0) + line.quantity);
  await replacePreviousHolds(o, input.buyer, [...seats.keys()]);
  const { orderId, holdExpiresAt } = await createPendingOrder(o, { lines, totalCents, buyer: input.buyer, kind: 'courses', seats, checkoutKey, clientKey: input.clientKey });
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
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, orderId, total: centsToDecimal(totalCents), processor: o.processor.kind, holdExpiresAt };
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
  return { clientSecret, paymentIntentId: order.processorIntentId, orderId: order.id, total: centsToDecimal(order.totalCents), processor: processor.kind, holdExpiresAt };
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
    .whereIn('id', SeatHold.query(knex).whereIn('live_key', courseIds.map((id) => liveKey(buyer, id))).select('order_id'))
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
  await Order.query(o.knex).findById(orderId).patch({ processorIntentId: intent.id, clientSecretSealed: sealSecret(o.secretKey, intent.clientSecret), clientSecretHash: sha256Hex(intent.clientSecret) });
  return intent;
}

export interface PendingOrderInput {
  lines: PricedLine[];
  totalCents: number;
  buyer: Buyer;
  kind: 'courses' | 'membership';
  membershipPlan?: string;
  seats: Map<string, number>;
  checkoutKey?: string;
  /** The client opening the checkout: a guest's holds are bounded per client (`seat-holds.ts`). */
  clientKey?: string;
}

/** What one attempt at inserting the order knows: ids, times, and each course's seats `held` or `wanted`. */
interface OrderRows extends PendingOrderInput {
  orderId: string;
  nowIso: string;
  expiresAt: string;
  status: Map<string, 'held' | 'wanted'>;
  /** The client key a guest hold on this course records (null: not a guest hold of a seat-limited course). */
  guestKey: (courseId: string) => string | null;
}

export async function createPendingOrder(o: CheckoutServiceOptions, input: PendingOrderInput): Promise<{ orderId: string; holdExpiresAt: string | null }> {
  const { knex, clock } = o;
  const now = clock();
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + SEAT_HOLD_MS).toISOString();
  const orderId = crypto.randomUUID();
  const seatLimited = new Set(input.lines.filter((line) => line.seatLimited).map((line) => line.courseId));
  // A guest checkout of a seat-limited course: bounded per client address and in all.
  const guestClient = !input.buyer.userId && input.clientKey ? input.clientKey : null;
  for (let attempt = 1; ; attempt++) {
    const clientHolding = guestClient ? await coursesHeldByClient(knex, guestClient, [...seatLimited]) : new Set<string>();
    const status = new Map<string, 'held' | 'wanted'>();
    try {
      await transaction(knex, async (trx) => {
        // Seats first: a full course stops the checkout before anything is charged.
        for (const [courseId, count] of input.seats) {
          const guest = guestClient && seatLimited.has(courseId) ? { alreadyHolding: clientHolding.has(courseId) } : null;
          status.set(courseId, await takeSeats(trx, courseId, count, guest));
        }
        await insertOrder(o, trx, { ...input, orderId, nowIso, expiresAt, status, guestKey: (courseId) => (guestClient && seatLimited.has(courseId) ? guestClient : null) });
      });
    } catch (error) {
      // Another checkout of the same buyer took the hold between our replacement and this insert:
      // refused. Another guest checkout from the same client took its hold between our read and
      // this insert: read again, once, and this one goes ahead without holding.
      if (!isUniqueViolation(error)) throw error;
      if (attempt < 2) continue;
      throw AppError.conflict('You already have a checkout in progress for these courses. Please finish it or try again in a moment.');
    }
    // The buyer is told until when the seats are held only when all of them are.
    const allHeld = seatLimited.size > 0 && [...seatLimited].every((courseId) => status.get(courseId) === 'held');
    return { orderId, holdExpiresAt: allHeld ? expiresAt : null };
  }
}

/** The pending order, its lines and its holds (`status` per course), in the checkout's transaction. */
async function insertOrder(o: CheckoutServiceOptions, trx: Knex.Transaction, input: OrderRows): Promise<void> {
  const { orderId, nowIso, expiresAt, status } = input;
  await Order.query(trx).insert({
    id: orderId,
    userId: input.buyer.userId,
    customerEmail: input.buyer.email,
    customerName: input.buyer.name,
    status: 'pending',
    totalCents: input.totalCents,
    kind: input.kind,
    membershipPlan: input.membershipPlan ?? null,
    paymentProcessor: o.processor.kind,
    checkoutKey: input.checkoutKey ?? null,
    createdAt: nowIso,
    updatedAt: nowIso,
  });
  await OrderItem.insertMany(
    trx,
    input.lines.map((line, position) => ({
      id: crypto.randomUUID(),
      orderId,
      courseId: line.courseId || null,
      pricingTierId: line.pricingTierId,
      title: line.title,
      tierName: line.tierName,
      priceCents: line.unitCents,
      quantity: line.quantity,
      position,
    })),
  );
  await SeatHold.insertMany(
    trx,
    [...input.seats].map(([courseId, seats]) => {
      const guestKey = input.guestKey(courseId);
      return {
        id: crypto.randomUUID(),
        orderId,
        courseId,
        seats,
        status: status.get(courseId)!,
        liveKey: input.buyer.email ? liveKey(input.buyer, courseId) : null,
        clientKey: guestKey,
        clientLiveKey: guestKey && status.get(courseId) === 'held' ? clientLiveKey(guestKey, courseId) : null,
        expiresAt,
        createdAt: nowIso,
      };
    }),
  );
}
