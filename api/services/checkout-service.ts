/**
 * Checkout: prices every line from the database (never from the client), bounds what one
 * checkout may ask for, holds seats with an atomic conditional UPDATE (no row locks needed, so it
 * behaves the same on SQLite and MySQL), creates the pending order and the processor's intent.
 *
 * Fulfilment is one idempotent transaction: whichever confirmation arrives first (test processor,
 * Stripe webhook, the recovery sweep) completes the order; every later or concurrent one changes
 * nothing. The test processor marks its payment succeeded inside that same transaction, so a
 * crash can never leave money taken for an order that is not completed, and `reconcilePayments`
 * (at start and on a schedule) completes any order whose processor holds the money.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { transaction } from '../../db/transaction';
import type { Limits } from '../config';
import type { CheckoutItem, MembershipPriceId, PaymentIntentResponse } from '../contracts/checkout';
import { AppError } from '../errors';
import { composeMail, type Mailer } from '../integrations/mail';
import type { PaymentProcessor } from '../integrations/payments/payment-processor';
import type { Logger } from '../logger';
import { openSecret, sealSecret, sha256Hex } from '../lib/crypto';
import { centsToDecimal } from '../lib/money';
import { nameFromEmail } from '../lib/names';
import { retryIn, type Clock, type RateLimiter } from './rate-limiter';

/** How long an unpaid checkout keeps its seats. */
export const SEAT_HOLD_MS = 10 * 60_000;
/** Distinct lines (course and pricing option) in one checkout. */
export const MAX_ORDER_LINES = 50;
/** A pending order younger than this is left to its own confirmation by the recovery sweep. */
const RECONCILE_AFTER_MS = 60_000;
/** An open checkout is continued only while at least this much of its hold is left. */
const REUSE_MIN_REMAINING_MS = 2 * 60_000;
const HOUR_MS = 60 * 60_000;

export const MEMBERSHIP_PLANS: Record<MembershipPriceId, { plan: 'prime' | 'business'; label: string; amountCents: number }> = {
  price_prime_monthly: { plan: 'prime', label: 'PRIME Membership (annual)', amountCents: 34_800 },
  price_business_yearly: { plan: 'business', label: 'BUSINESS Membership (annual)', amountCents: 900_000 },
};

export interface Buyer {
  userId: string | null;
  email: string | null;
  name: string | null;
}

/** One order line: a course (and pricing option) with its unit price and quantity. */
interface PricedLine {
  courseId: string;
  pricingTierId: string | null;
  title: string;
  tierName: string | null;
  unitCents: number;
  quantity: number;
  /** The course has a seat limit: its seats are held until payment. */
  seatLimited: boolean;
}

interface CourseRow {
  id: string;
  title: string;
  price_cents: number;
  max_participants: number | null;
  is_active: number | boolean;
}

/**
 * fulfilled: this call completed the order. already_fulfilled: an earlier one did.
 * refund_required: the money arrived after the order had expired or failed and its seats are
 * gone; the order is marked so and logged for a refund. not_payable: no such order.
 */
export type FulfilmentOutcome = 'fulfilled' | 'already_fulfilled' | 'refund_required' | 'not_payable';

export interface CheckoutServiceOptions {
  knex: Knex;
  processor: PaymentProcessor;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** Seals the processor's client secrets kept on pending orders (to continue an open checkout). */
  secretKey: Buffer;
  limits: Pick<Limits, 'checkoutPerIp' | 'checkoutPerEmail' | 'maxSeatsPerOrder' | 'maxSeatsPerCheckout'>;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};
/** The key that allows one live hold per buyer and course. */
const liveKey = (email: string, courseId: string) => `${email.toLowerCase()}|${courseId}`;

export class CheckoutService {
  constructor(private readonly o: CheckoutServiceOptions) {}

  /** Checkouts per client and per buyer e-mail: the same limiter as sign-in. */
  private async limitCheckouts(clientKey: string, email: string): Promise<void> {
    const { rateLimiter, limits } = this.o;
    await rateLimiter.hit(`checkout-ip:${clientKey}`, limits.checkoutPerIp, HOUR_MS, (m) => `Too many checkouts from your network. Please try again in ${retryIn(m)}.`);
    await rateLimiter.hit(`checkout-email:${email.toLowerCase()}`, limits.checkoutPerEmail, HOUR_MS, (m) => `Too many checkouts for this email. Please try again in ${retryIn(m)}.`);
  }

  /**
   * The order's lines priced from the database: one line per course and pricing option, with
   * its quantity. Refuses more than MAX_ORDER_LINES lines, more seats than the checkout limit,
   * and more seats of one seat-limited course than the per-order limit.
   */
  async priceLines(courseIds: string[], items: CheckoutItem[] | undefined): Promise<PricedLine[]> {
    const { knex, limits } = this.o;
    const requested: CheckoutItem[] = items ?? courseIds.map((courseId) => ({ courseId, pricingTierId: null, quantity: 1 }));
    const merged = new Map<string, { courseId: string; pricingTierId: string | null; quantity: number }>();
    for (const item of requested) {
      const key = `${item.courseId}|${item.pricingTierId ?? ''}`;
      const line = merged.get(key) ?? { courseId: item.courseId, pricingTierId: item.pricingTierId ?? null, quantity: 0 };
      line.quantity += item.quantity;
      merged.set(key, line);
    }
    if (merged.size > MAX_ORDER_LINES) throw AppError.badRequest(`An order can have at most ${MAX_ORDER_LINES} different courses and options. Please split your order.`);
    const totalSeats = [...merged.values()].reduce((sum, line) => sum + line.quantity, 0);
    if (totalSeats > limits.maxSeatsPerCheckout) throw AppError.badRequest(`An order can include at most ${limits.maxSeatsPerCheckout} seats. For larger groups, please contact us.`);

    const ids = [...new Set([...courseIds, ...requested.map((i) => i.courseId)])];
    const courses: CourseRow[] = await knex('courses').whereIn('id', ids).select('id', 'title', 'price_cents', 'max_participants', 'is_active');
    const byId = new Map(courses.map((c) => [c.id, c]));
    for (const id of ids) {
      const course = byId.get(id);
      if (!course) throw AppError.badRequest('A course in your cart no longer exists. Please remove it and try again.');
      if (!course.is_active) throw AppError.badRequest(`${course.title} is no longer available. Please remove it from your cart.`);
    }
    const tierIds = [...new Set([...merged.values()].map((i) => i.pricingTierId).filter((id): id is string => !!id))];
    const tiers: Array<{ id: string; course_id: string; name: string; price_cents: number }> = tierIds.length
      ? await knex('pricing_tiers').whereIn('id', tierIds).select('id', 'course_id', 'name', 'price_cents')
      : [];
    const tierById = new Map(tiers.map((t) => [t.id, t]));

    const seatsPerCourse = new Map<string, number>();
    const lines = [...merged.values()].map((item): PricedLine => {
      const course = byId.get(item.courseId)!;
      seatsPerCourse.set(course.id, (seatsPerCourse.get(course.id) ?? 0) + item.quantity);
      const tier = item.pricingTierId ? tierById.get(item.pricingTierId) : undefined;
      if (item.pricingTierId && (!tier || tier.course_id !== course.id)) {
        throw AppError.badRequest(`The selected pricing option is not available for ${course.title}. Please remove it from your cart and add it again.`);
      }
      return {
        courseId: course.id,
        pricingTierId: tier?.id ?? null,
        title: tier ? `${course.title} - ${tier.name}` : course.title,
        tierName: tier?.name ?? null,
        unitCents: tier ? tier.price_cents : course.price_cents,
        quantity: item.quantity,
        seatLimited: course.max_participants !== null,
      };
    });
    for (const [courseId, seats] of seatsPerCourse) {
      const course = byId.get(courseId)!;
      if (course.max_participants !== null && seats > limits.maxSeatsPerOrder) {
        throw AppError.badRequest(`You can book at most ${limits.maxSeatsPerOrder} seats of ${course.title} in one order. For larger groups, please contact us.`);
      }
    }
    return lines;
  }

  /**
   * A checkout for the cart. The same buyer opening checkout again for the same cart continues
   * their open checkout (same order, same seat hold) instead of creating another order.
   */
  async createCheckout(input: { courseIds: string[]; amount: number; items?: CheckoutItem[]; buyer: Buyer; clientKey: string }): Promise<PaymentIntentResponse> {
    if (!input.buyer.email) throw AppError.badRequest('Please enter your email address for the receipt');
    const lines = await this.priceLines(input.courseIds, input.items);
    const totalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
    if (Math.round(input.amount * 100) !== totalCents) {
      throw AppError.conflict(`Prices have changed since you added these courses. The new total is $${centsToDecimal(totalCents)}. Please review your cart.`, { total: centsToDecimal(totalCents) });
    }
    const checkoutKey = sha256Hex(
      JSON.stringify([input.buyer.userId, input.buyer.email.toLowerCase(), lines.map((l) => [l.courseId, l.pricingTierId, l.quantity, l.unitCents].join('|')).sort()]),
    );
    const open = await this.openCheckout(checkoutKey);
    if (open) return open;
    await this.limitCheckouts(input.clientKey, input.buyer.email);
    const seats = new Map<string, number>();
    for (const line of lines) seats.set(line.courseId, (seats.get(line.courseId) ?? 0) + line.quantity);
    await this.replacePreviousHolds(input.buyer.email, [...seats.keys()]);
    const { orderId, holdExpiresAt } = await this.createPendingOrder({ lines, totalCents, buyer: input.buyer, kind: 'courses', seats, checkoutKey });
    const seatCount = lines.reduce((sum, line) => sum + line.quantity, 0);
    const intent = await this.startPayment(orderId, () =>
      this.o.processor.createPaymentIntent({
        orderId,
        amountCents: totalCents,
        email: input.buyer.email,
        name: input.buyer.name,
        description: `Order ${orderId.slice(0, 8)}: ${seatCount} seat(s)`,
        purpose: 'courses',
      }),
    );
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, orderId, total: centsToDecimal(totalCents), processor: this.o.processor.kind, holdExpiresAt };
  }

  async createMembershipCheckout(input: { email: string; name: string; priceId: MembershipPriceId; userId: string | null; clientKey: string }): Promise<PaymentIntentResponse> {
    await this.limitCheckouts(input.clientKey, input.email);
    const plan = MEMBERSHIP_PLANS[input.priceId];
    const lines: PricedLine[] = [{ courseId: '', pricingTierId: null, title: plan.label, tierName: null, unitCents: plan.amountCents, quantity: 1, seatLimited: false }];
    const { orderId } = await this.createPendingOrder({
      lines,
      totalCents: plan.amountCents,
      buyer: { userId: input.userId, email: input.email, name: input.name },
      kind: 'membership',
      membershipPlan: plan.plan,
      seats: new Map(),
    });
    const intent = await this.startPayment(orderId, () =>
      this.o.processor.createMembershipPayment({
        orderId,
        amountCents: plan.amountCents,
        email: input.email,
        name: input.name,
        description: plan.label,
        purpose: 'membership',
        priceId: input.priceId,
      }),
    );
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, orderId, total: centsToDecimal(plan.amountCents), processor: this.o.processor.kind, holdExpiresAt: null };
  }

  /** The buyer's open checkout for exactly this cart, while enough of its hold is left and it can still be paid. */
  private async openCheckout(checkoutKey: string): Promise<PaymentIntentResponse | null> {
    const { knex, clock, processor } = this.o;
    const order: { id: string; total_cents: number; processor_intent_id: string | null; client_secret_sealed: string | null } | undefined = await knex('orders')
      .where({ checkout_key: checkoutKey, status: 'pending' })
      .where('created_at', '>', new Date(clock().getTime() - SEAT_HOLD_MS + REUSE_MIN_REMAINING_MS).toISOString())
      .orderBy('created_at', 'desc')
      .first('id', 'total_cents', 'processor_intent_id', 'client_secret_sealed');
    if (!order?.processor_intent_id || !order.client_secret_sealed) return null;
    const clientSecret = openSecret(this.o.secretKey, order.client_secret_sealed);
    if (!clientSecret || (await processor.isPaid(order.processor_intent_id))) return null;
    const hold: { expires_at?: string | null } | undefined = await knex('seat_holds')
      .join('courses', 'courses.id', 'seat_holds.course_id')
      .where({ 'seat_holds.order_id': order.id, 'seat_holds.status': 'held' })
      .whereNotNull('courses.max_participants')
      .min({ expires_at: 'seat_holds.expires_at' })
      .first();
    return { clientSecret, paymentIntentId: order.processor_intent_id, orderId: order.id, total: centsToDecimal(order.total_cents), processor: processor.kind, holdExpiresAt: hold?.expires_at ?? null };
  }

  /**
   * One buyer has at most one live hold per course: a new checkout replaces the buyer's earlier
   * unpaid ones on the same courses. Each is cancelled at the processor first (so it can no
   * longer be paid) and then expires, giving its seats back. One that turns out to be paid is
   * completed instead, and the new checkout goes ahead as a separate purchase.
   */
  private async replacePreviousHolds(email: string, courseIds: string[]): Promise<void> {
    const { knex, processor, logger } = this.o;
    const previous: Array<{ id: string; processor_intent_id: string | null }> = await knex('orders')
      .whereIn('id', knex('seat_holds').whereIn('live_key', courseIds.map((id) => liveKey(email, id))).select('order_id'))
      .where('status', 'pending')
      .select('id', 'processor_intent_id');
    for (const order of previous) {
      if (order.processor_intent_id) {
        try {
          await processor.cancel(order.processor_intent_id);
        } catch (error) {
          if (await processor.isPaid(order.processor_intent_id).catch(() => false)) {
            await this.fulfilOrder(order.id, order.processor_intent_id);
            continue;
          }
          logger.warn('Could not cancel a replaced checkout', { orderId: order.id, error: String(error) });
          throw AppError.conflict('Your previous checkout for these courses is still being processed. Please try again in a moment.');
        }
      }
      await this.failOrder(order.id, 'expired');
    }
  }

  private async startPayment(orderId: string, create: () => Promise<{ id: string; clientSecret: string }>) {
    let intent: { id: string; clientSecret: string };
    try {
      intent = await create();
    } catch (error) {
      this.o.logger.error('Payment processor refused to create a payment', { orderId, error: String(error) });
      await this.failOrder(orderId);
      throw new AppError('bad_gateway', 'There was an error setting up payment. Please try again.');
    }
    await this.o.knex('orders').where({ id: orderId }).update({ processor_intent_id: intent.id, client_secret_sealed: sealSecret(this.o.secretKey, intent.clientSecret) });
    return intent;
  }

  private async createPendingOrder(input: {
    lines: PricedLine[];
    totalCents: number;
    buyer: Buyer;
    kind: 'courses' | 'membership';
    membershipPlan?: string;
    seats: Map<string, number>;
    checkoutKey?: string;
  }): Promise<{ orderId: string; holdExpiresAt: string | null }> {
    const { knex, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    const expiresAt = new Date(now.getTime() + SEAT_HOLD_MS).toISOString();
    const orderId = crypto.randomUUID();
    try {
      await transaction(knex, async (trx) => {
        // Hold seats first: a full course stops the checkout before anything is charged.
        for (const [courseId, count] of input.seats) {
          const held = await trx('courses')
            .where({ id: courseId })
            .where((w) => w.whereNull('max_participants').orWhereRaw('current_participants + seats_held + ? <= max_participants', [count]))
            .increment('seats_held', count);
          if (held !== 1) {
            const course = await trx('courses').where({ id: courseId }).first('title');
            throw AppError.conflict(`${course?.title ?? 'This course'} is fully booked`);
          }
        }
        await trx('orders').insert({
          id: orderId,
          user_id: input.buyer.userId,
          customer_email: input.buyer.email,
          customer_name: input.buyer.name,
          status: 'pending',
          total_cents: input.totalCents,
          kind: input.kind,
          membership_plan: input.membershipPlan ?? null,
          payment_processor: this.o.processor.kind,
          checkout_key: input.checkoutKey ?? null,
          created_at: nowIso,
          updated_at: nowIso,
        });
        await trx('order_items').insert(
          input.lines.map((line, position) => ({
            id: crypto.randomUUID(),
            order_id: orderId,
            course_id: line.courseId || null,
            pricing_tier_id: line.pricingTierId,
            title: line.title,
            tier_name: line.tierName,
            price_cents: line.unitCents,
            quantity: line.quantity,
            position,
          })),
        );
        const holds = [...input.seats].map(([courseId, seats]) => ({
          id: crypto.randomUUID(),
          order_id: orderId,
          course_id: courseId,
          seats,
          status: 'held',
          live_key: input.buyer.email ? liveKey(input.buyer.email, courseId) : null,
          expires_at: expiresAt,
          created_at: nowIso,
        }));
        if (holds.length) await trx('seat_holds').insert(holds);
      });
    } catch (error) {
      // Another checkout of the same buyer took the hold between our replacement and this insert.
      if (isUniqueViolation(error)) throw AppError.conflict('You already have a checkout in progress for these courses. Please finish it or try again in a moment.');
      throw error;
    }
    return { orderId, holdExpiresAt: input.lines.some((line) => line.seatLimited) ? expiresAt : null };
  }

  /** Releases an order's held seats; each hold is released at most once. */
  private async releaseHolds(trx: Knex.Transaction, orderId: string): Promise<void> {
    const holds: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'held' }).select('id', 'course_id', 'seats');
    for (const hold of holds) {
      const released = await trx('seat_holds').where({ id: hold.id, status: 'held' }).update({ status: 'released', live_key: null });
      if (released === 1) await trx('courses').where({ id: hold.course_id }).decrement('seats_held', hold.seats);
    }
  }

  /** A failed payment: the order becomes failed and releases what it held. */
  async failOrder(orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
    return transaction(this.o.knex, async (trx) => {
      const changed = await trx('orders').where({ id: orderId, status: 'pending' }).update({ status, client_secret_sealed: null, updated_at: this.o.clock().toISOString() });
      if (changed === 1) await this.releaseHolds(trx, orderId);
      return changed === 1;
    });
  }

  /**
   * Completes a paid order, once: the order is flipped from pending with a conditional UPDATE,
   * so of any number of concurrent confirmations exactly one does the work (enrollments,
   * participants, membership, receipt). `markPaid`, when given, records the payment itself in
   * the same transaction (the test processor): it returns false when another call already did,
   * and then nothing changes.
   */
  async fulfilOrder(orderId: string, paymentId: string, markPaid?: (trx: Knex.Transaction) => Promise<boolean>): Promise<FulfilmentOutcome> {
    const outcome = await transaction(this.o.knex, async (trx) => {
      if (markPaid && !(await markPaid(trx))) return 'already_fulfilled' as const;
      return this.fulfilIn(trx, orderId, paymentId);
    });
    if (outcome === 'fulfilled') await this.sendReceiptOnce(orderId);
    return outcome;
  }

  private async fulfilIn(trx: Knex.Transaction, orderId: string, paymentId: string): Promise<FulfilmentOutcome> {
    const nowIso = this.o.clock().toISOString();
    let flipped = await trx('orders').where({ id: orderId, status: 'pending' }).update({ status: 'completed', stripe_payment_intent_id: paymentId, client_secret_sealed: null, updated_at: nowIso });
    if (flipped !== 1) {
      const current = await trx('orders').where({ id: orderId }).first('status', 'total_cents');
      if (!current) return 'not_payable';
      if (current.status !== 'expired' && current.status !== 'failed') return 'already_fulfilled';
      // Paid after the order expired or failed (its seats were released): take the seats
      // again if they are still free, so the payment is honoured without overselling.
      flipped = await trx('orders').where({ id: orderId }).whereIn('status', ['expired', 'failed']).update({ status: 'completed', stripe_payment_intent_id: paymentId, updated_at: nowIso });
      if (flipped !== 1) return 'already_fulfilled';
      if (!(await this.retakeSeats(trx, orderId))) {
        await trx('orders')
          .where({ id: orderId })
          .update({ status: 'refund_required', refund_due_cents: current.total_cents, refund_reason: 'Paid after the checkout expired and its seats were taken', updated_at: nowIso });
        this.o.logger.error('A payment arrived for an order whose seats are gone: refund it', { orderId, paymentId });
        return 'refund_required';
      }
    }
    const order = await trx('orders').where({ id: orderId }).first();
    const userId = await this.ownerOf(trx, order, nowIso);
    if (order.kind === 'membership') {
      await trx('users').where({ id: userId }).update({ membership_type: order.membership_plan, updated_at: nowIso });
      return 'fulfilled';
    }
    const lines: Array<{ course_id: string | null; title: string; price_cents: number; quantity: number }> = await trx('order_items')
      .where({ order_id: orderId })
      .select('course_id', 'title', 'price_cents', 'quantity');
    const courseIds = [...new Set(lines.map((l) => l.course_id).filter((id): id is string => !!id))];
    const alreadyOwned = await enroll(trx, userId, orderId, courseIds, nowIso);
    // Held seats become participants, except on courses the buyer already had: those go back.
    const holds: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'held' }).select('id', 'course_id', 'seats');
    for (const hold of holds) {
      const converted = await trx('seat_holds').where({ id: hold.id, status: 'held' }).update({ status: alreadyOwned.has(hold.course_id) ? 'released' : 'converted', live_key: null });
      if (converted !== 1) continue;
      const participants = alreadyOwned.has(hold.course_id) ? 0 : hold.seats;
      await trx('courses')
        .where({ id: hold.course_id })
        .update({ seats_held: trx.raw('seats_held - ?', [hold.seats]), current_participants: trx.raw('current_participants + ?', [participants]) });
    }
    const duplicates = lines.filter((line) => line.course_id && alreadyOwned.has(line.course_id));
    if (duplicates.length) {
      const refund = duplicates.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
      await trx('orders')
        .where({ id: orderId })
        .update({ refund_due_cents: refund, refund_reason: `Already enrolled: ${duplicates.map((l) => l.title).join('; ')}`.slice(0, 200) });
      this.o.logger.warn('A buyer paid again for a course they already had: refund the duplicate', { orderId, refundCents: refund });
    }
    return 'fulfilled';
  }

  /** Re-holds the seats of an order whose holds were released; false (and nothing held) when any is gone. */
  private async retakeSeats(trx: Knex.Transaction, orderId: string): Promise<boolean> {
    const released: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'released' }).select('id', 'course_id', 'seats');
    const taken: typeof released = [];
    for (const hold of released) {
      const ok = await trx('courses')
        .where({ id: hold.course_id })
        .where((w) => w.whereNull('max_participants').orWhereRaw('current_participants + seats_held + ? <= max_participants', [hold.seats]))
        .increment('seats_held', hold.seats);
      if (ok !== 1) {
        for (const undo of taken) await trx('courses').where({ id: undo.course_id }).decrement('seats_held', undo.seats);
        return false;
      }
      taken.push(hold);
    }
    if (taken.length) await trx('seat_holds').whereIn('id', taken.map((h) => h.id)).update({ status: 'held' });
    return true;
  }

  /** A cancelled Stripe subscription ends the membership it paid for. */
  async endMembership(orderId: string): Promise<void> {
    const order = await this.o.knex('orders').where({ id: orderId, kind: 'membership' }).first('user_id', 'membership_plan', 'status');
    if (!order) return;
    if (order.status === 'pending') {
      await this.failOrder(orderId);
      return;
    }
    if (order.user_id) {
      await this.o.knex('users').where({ id: order.user_id, membership_type: order.membership_plan }).update({ membership_type: null, updated_at: this.o.clock().toISOString() });
    }
  }

  /** The account that owns the order: its user, or the account with its e-mail (created for memberships). */
  private async ownerOf(
    trx: Knex.Transaction,
    order: { id: string; user_id: string | null; customer_email: string | null; customer_name: string | null; kind: string },
    nowIso: string,
  ): Promise<string | null> {
    if (order.user_id) return order.user_id;
    if (!order.customer_email) return null;
    const existing = await trx('users').where({ email: order.customer_email }).first('id');
    let userId: string | null = existing?.id ?? null;
    if (!userId && order.kind === 'membership') {
      userId = crypto.randomUUID();
      await trx('users').insert({
        id: userId,
        name: order.customer_name ?? nameFromEmail(order.customer_email),
        email: order.customer_email,
        role: 'customer',
        membership_type: null,
        is_active: true,
        created_at: nowIso,
        updated_at: nowIso,
      });
    }
    if (userId) await trx('orders').where({ id: order.id }).update({ user_id: userId });
    return userId;
  }

  /** The receipt, at most once per order; released again if the mail could not be sent, so the recovery sweep retries it. */
  private async sendReceiptOnce(orderId: string): Promise<void> {
    const { knex, clock, mailer, logger } = this.o;
    const claimed = await knex('orders').where({ id: orderId }).whereNull('receipt_sent_at').update({ receipt_sent_at: clock().toISOString() });
    if (claimed !== 1) return;
    const order = await knex('orders').where({ id: orderId }).first();
    if (!order?.customer_email) return;
    const items: Array<{ title: string; price_cents: number; quantity: number }> = await knex('order_items').where({ order_id: orderId }).orderBy('position').select('title', 'price_cents', 'quantity');
    const lines = items
      .map((item) => (item.quantity > 1 ? `• ${item.title} — ${item.quantity} × $${centsToDecimal(item.price_cents)} = $${centsToDecimal(item.price_cents * item.quantity)}` : `• ${item.title} — $${centsToDecimal(item.price_cents)}`))
      .join('\n');
    const message = composeMail(order.customer_email, `Your receipt for order ${orderId.slice(0, 8)}`, [
      `Thank you for your purchase${order.customer_name ? `, ${order.customer_name}` : ''}. Your payment was received.`,
      `${lines}\n\nTotal paid: $${centsToDecimal(order.total_cents)}\nPayment reference: ${order.stripe_payment_intent_id}`,
      order.kind === 'membership' ? 'Your membership is active now.' : `Your courses are in your profile: ${this.o.publicUrl}/profile`,
      ...(order.refund_due_cents > 0 ? [`You were already enrolled in part of this order, so $${centsToDecimal(order.refund_due_cents)} will be refunded to you.`] : []),
    ]);
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error('Could not send a receipt; will try again', { orderId, error: String(error) });
      await knex('orders').where({ id: orderId }).update({ receipt_sent_at: null });
    }
  }

  /**
   * Unpaid checkouts older than the hold time are cancelled at the processor first — so they can
   * no longer be paid — and only then expire and give their seats back. One whose payment did
   * succeed is completed instead: an order whose payment succeeded is never expired.
   */
  async expireStaleCheckouts(): Promise<string[]> {
    const { knex, clock, processor, logger } = this.o;
    const cutoff = new Date(clock().getTime() - SEAT_HOLD_MS).toISOString();
    const stale: Array<{ id: string; processor_intent_id: string | null }> = await knex('orders').where('status', 'pending').where('created_at', '<', cutoff).select('id', 'processor_intent_id');
    const expired: string[] = [];
    for (const order of stale) {
      if (order.processor_intent_id) {
        try {
          if (await processor.isPaid(order.processor_intent_id)) {
            await this.fulfilOrder(order.id, order.processor_intent_id);
            continue;
          }
          await processor.cancel(order.processor_intent_id);
        } catch (error) {
          // Most likely paid a moment ago: leave it for the payment confirmation or the next sweep.
          logger.warn('Could not cancel an unpaid checkout; leaving it pending', { orderId: order.id, error: String(error) });
          continue;
        }
      }
      if (await this.failOrder(order.id, 'expired')) expired.push(order.id);
    }
    return expired;
  }

  /**
   * Recovery, at start and on a schedule: every pending order whose processor already holds the
   * money is completed (a confirmation that was lost to a crash or a missed webhook), and every
   * completed order whose receipt was never sent gets it. Returns the ids of the orders completed.
   */
  async reconcilePayments(): Promise<string[]> {
    const { knex, clock, processor, logger } = this.o;
    const settledBefore = new Date(clock().getTime() - RECONCILE_AFTER_MS).toISOString();
    const pending: Array<{ id: string; processor_intent_id: string }> = await knex('orders')
      .where('status', 'pending')
      .whereNotNull('processor_intent_id')
      .where('created_at', '<', settledBefore)
      .select('id', 'processor_intent_id');
    const completed: string[] = [];
    for (const order of pending) {
      try {
        if (!(await processor.isPaid(order.processor_intent_id))) continue;
        if ((await this.fulfilOrder(order.id, order.processor_intent_id)) === 'fulfilled') completed.push(order.id);
      } catch (error) {
        logger.warn('Could not check a pending payment', { orderId: order.id, error: String(error) });
      }
    }
    const unsent: Array<{ id: string }> = await knex('orders').where('status', 'completed').whereNull('receipt_sent_at').where('updated_at', '<', settledBefore).select('id');
    for (const order of unsent) await this.sendReceiptOnce(order.id);
    return completed;
  }
}

/**
 * Enrolls the user in the courses of one completed order, never twice (an existing enrollment
 * wins, also against a concurrent fulfilment). Returns the courses the user already had through
 * another order: those lines are duplicates.
 */
async function enroll(trx: Knex.Transaction, userId: string | null, orderId: string, courseIds: string[], nowIso: string): Promise<Set<string>> {
  if (!userId || courseIds.length === 0) return new Set();
  // Fulfilments for one account queue on its row instead of deadlocking on the enrollment key.
  if (isMysql(trx)) await trx('users').where({ id: userId }).forUpdate().first('id');
  await trx('enrollments')
    .insert(courseIds.map((courseId) => ({ id: crypto.randomUUID(), user_id: userId, course_id: courseId, order_id: orderId, enrolled_at: nowIso })))
    .onConflict(['user_id', 'course_id'])
    .ignore();
  let current = trx('enrollments').where({ user_id: userId }).whereIn('course_id', courseIds).select('course_id', 'order_id');
  // A locking read sees rows other transactions committed after ours began (MySQL's REPEATABLE READ).
  if (isMysql(trx)) current = current.forUpdate();
  const rows: Array<{ course_id: string; order_id: string | null }> = await current;
  return new Set(rows.filter((row) => row.order_id !== orderId).map((row) => row.course_id));
}

function isMysql(knex: Knex | Knex.Transaction): boolean {
  return String(knex.client.config.client).startsWith('mysql');
}

/** One enrollment per course of the given completed orders, never twice. */
export async function enrollForCompletedOrders(trx: Knex | Knex.Transaction, userId: string | null, orderIds: string[], nowIso: string): Promise<void> {
  if (!userId || orderIds.length === 0) return;
  const lines: Array<{ course_id: string; order_id: string }> = await trx('order_items')
    .join('orders', 'orders.id', 'order_items.order_id')
    .whereIn('order_items.order_id', orderIds)
    .where('orders.status', 'completed')
    .whereNotNull('order_items.course_id')
    .select('order_items.course_id', 'order_items.order_id');
  const byCourse = new Map(lines.map((l) => [l.course_id, l.order_id]));
  if (byCourse.size === 0) return;
  await trx('enrollments')
    .insert([...byCourse].map(([courseId, orderId]) => ({ id: crypto.randomUUID(), user_id: userId, course_id: courseId, order_id: orderId, enrolled_at: nowIso })))
    .onConflict(['user_id', 'course_id'])
    .ignore();
}
