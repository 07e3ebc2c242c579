/** The pending order a checkout opens: its rows, its lines and the seats it holds, in one transaction. */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { Order, OrderItem, SeatHold, type Coupon } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '@api/errors';
import type { CheckoutServiceOptions } from './options';
import type { PricedLine } from './price-lines';
import { WAITLIST_MESSAGES } from '@contracts/waitlists';
import { holdCouponUse } from '../coupons/coupon-uses';
import { takeOfferedSeat } from '../../waitlists/waitlist-seats';
import { clientLiveKey, coursesHeldByClient, takeSeats } from './seat-holds';

/** How long an unpaid checkout keeps its seats. */
export const SEAT_HOLD_MS = 10 * 60_000;

export interface Buyer {
  userId: string | null;
  email: string | null;
  name: string | null;
}

/**
 * The key that allows one live hold per buyer and course. A guest's is apart from the signed-in
 * account's with the same e-mail, so a checkout by someone not signed in never replaces the
 * account owner's open checkout.
 */
export const liveKey = (buyer: Pick<Buyer, 'userId' | 'email'>, courseId: string) => `${buyer.userId ? '' : 'guest:'}${buyer.email!.toLowerCase()}|${courseId}`;

export interface PendingOrderInput {
  lines: PricedLine[];
  /** What is charged: the lines less their discounts. */
  totalCents: number;
  buyer: Buyer;
  kind: 'courses' | 'membership';
  membershipPlan?: string;
  seats: Map<string, number>;
  checkoutKey?: string;
  /** The client opening the checkout: a guest's holds are bounded per client (`seat-holds.ts`). */
  clientKey?: string;
  /** The organisation whose seat pool the order fills. */
  orgId?: string | null;
  /** The coupon the order uses (its lines carry its part): one use held with the seats. */
  coupon?: { coupon: Pick<Coupon, 'id' | 'code' | 'maxUsesPerCustomer'>; label: string; customerKey: string; discountCents: number } | null;
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
          // A seat a waitlist offer holds for the buyer becomes this checkout's (issue 35).
          // (Only seat-limited courses have waitlists: the others need no read.)
          const offer =
            input.buyer.userId && seatLimited.has(courseId)
              ? await takeOfferedSeat(trx, courseId, input.buyer.userId, orderId, nowIso)
              : { seats: 0 as const, lapsed: false };
          status.set(courseId, count > offer.seats ? await takeSeatsOr(trx, courseId, count - offer.seats, guest, offer.lapsed) : 'held');
        }
        await insertOrder(o, trx, {
          ...input,
          orderId,
          nowIso,
          expiresAt,
          status,
          guestKey: (courseId) => (guestClient && seatLimited.has(courseId) ? guestClient : null),
        });
        // Its coupon's use, after the order row it belongs to; none left refuses the whole checkout.
        if (input.coupon) await holdCouponUse(trx, { ...input.coupon, orderId, nowIso });
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

/** `takeSeats`, telling a buyer whose waitlist offer ran out why the seat is gone. */
async function takeSeatsOr(trx: Knex.Transaction, courseId: string, seats: number, guest: { alreadyHolding: boolean } | null, offerLapsed: boolean) {
  try {
    return await takeSeats(trx, courseId, seats, guest);
  } catch (error) {
    if (offerLapsed && error instanceof AppError && error.code === 'conflict') throw AppError.conflict(WAITLIST_MESSAGES.offerExpired);
    throw error;
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
    membershipDiscountCents: input.lines.reduce((sum, line) => sum + line.discountCents, 0),
    couponId: input.coupon?.coupon.id ?? null,
    couponCode: input.coupon?.coupon.code ?? null,
    couponLabel: input.coupon?.label ?? null,
    couponDiscountCents: input.coupon?.discountCents ?? 0,
    kind: input.kind,
    membershipPlan: input.membershipPlan ?? null,
    paymentProcessor: o.processor.kind,
    checkoutKey: input.checkoutKey ?? null,
    orgId: input.orgId ?? null,
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
      discountCents: line.discountCents,
      couponDiscountCents: line.couponDiscountCents,
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
