/**
 * Checkout: prices every line from the database (never from the client), holds seats on
 * seat-limited courses with an atomic conditional UPDATE (no row locks needed, so it behaves the
 * same on SQLite and MySQL), creates the pending order and the processor's intent.
 * Fulfilment is one idempotent transaction: whichever confirmation arrives first (test processor,
 * Stripe webhook) completes the order; every later or concurrent one changes nothing.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { CheckoutItem, MembershipPriceId, PaymentIntentResponse } from '../contracts/checkout';
import { AppError } from '../errors';
import { composeMail, type Mailer } from '../integrations/mail';
import type { PaymentProcessor } from '../integrations/payments/payment-processor';
import type { Logger } from '../logger';
import { centsToDecimal } from '../lib/money';
import { nameFromEmail } from '../lib/names';
import type { Clock } from './rate-limiter';

export const SEAT_HOLD_MS = 15 * 60_000;

export const MEMBERSHIP_PLANS: Record<MembershipPriceId, { plan: 'prime' | 'business'; label: string; amountCents: number }> = {
  price_prime_monthly: { plan: 'prime', label: 'PRIME Membership (annual)', amountCents: 34_800 },
  price_business_yearly: { plan: 'business', label: 'BUSINESS Membership (annual)', amountCents: 900_000 },
};

export interface Buyer {
  userId: string | null;
  email: string | null;
  name: string | null;
}

interface PricedLine {
  courseId: string;
  pricingTierId: string | null;
  title: string;
  tierName: string | null;
  priceCents: number;
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

class LateSeatsUnavailable extends Error {}

export interface CheckoutServiceOptions {
  knex: Knex;
  processor: PaymentProcessor;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
}

export class CheckoutService {
  constructor(private readonly o: CheckoutServiceOptions) {}

  /** Lines priced from the database: one line per seat, like the cart. */
  async priceLines(courseIds: string[], items: CheckoutItem[] | undefined): Promise<PricedLine[]> {
    const { knex } = this.o;
    const ids = [...new Set(courseIds)];
    const courses: CourseRow[] = await knex('courses').whereIn('id', ids).select('id', 'title', 'price_cents', 'max_participants', 'is_active');
    const byId = new Map(courses.map((c) => [c.id, c]));
    for (const id of ids) {
      const course = byId.get(id);
      if (!course) throw AppError.badRequest('A course in your cart no longer exists. Please remove it and try again.');
      if (!course.is_active) throw AppError.badRequest(`${course.title} is no longer available. Please remove it from your cart.`);
    }
    const requested: CheckoutItem[] = items ?? courseIds.map((courseId) => ({ courseId, pricingTierId: null, quantity: 1 }));
    const tierIds = [...new Set(requested.map((i) => i.pricingTierId).filter((id): id is string => !!id))];
    const tiers: Array<{ id: string; course_id: string; name: string; price_cents: number }> = tierIds.length
      ? await knex('pricing_tiers').whereIn('id', tierIds).select('id', 'course_id', 'name', 'price_cents')
      : [];
    const tierById = new Map(tiers.map((t) => [t.id, t]));

    const lines: PricedLine[] = [];
    for (const item of requested) {
      const course = byId.get(item.courseId)!;
      let tier: (typeof tiers)[number] | undefined;
      if (item.pricingTierId) {
        tier = tierById.get(item.pricingTierId);
        if (!tier || tier.course_id !== course.id) throw AppError.badRequest(`The selected pricing option is not available for ${course.title}. Please remove it from your cart and add it again.`);
      }
      for (let unit = 0; unit < item.quantity; unit++) {
        lines.push({
          courseId: course.id,
          pricingTierId: tier?.id ?? null,
          title: tier ? `${course.title} - ${tier.name}` : course.title,
          tierName: tier?.name ?? null,
          priceCents: tier ? tier.price_cents : course.price_cents,
        });
      }
    }
    return lines;
  }

  async createCheckout(input: { courseIds: string[]; amount: number; items?: CheckoutItem[]; buyer: Buyer }): Promise<PaymentIntentResponse> {
    const lines = await this.priceLines(input.courseIds, input.items);
    const totalCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
    if (Math.round(input.amount * 100) !== totalCents) {
      throw AppError.conflict(`Prices have changed since you added these courses. The new total is $${centsToDecimal(totalCents)}. Please review your cart.`, { total: centsToDecimal(totalCents) });
    }
    if (!input.buyer.email) throw AppError.badRequest('Please enter your email address for the receipt');
    const seats = new Map<string, number>();
    for (const line of lines) seats.set(line.courseId, (seats.get(line.courseId) ?? 0) + 1);
    const orderId = await this.createPendingOrder({ lines, totalCents, buyer: input.buyer, kind: 'courses', seats });
    const intent = await this.startPayment(orderId, () =>
      this.o.processor.createPaymentIntent({
        orderId,
        amountCents: totalCents,
        email: input.buyer.email,
        name: input.buyer.name,
        description: `Order ${orderId.slice(0, 8)}: ${lines.length} seat(s)`,
        purpose: 'courses',
      }),
    );
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, orderId, total: centsToDecimal(totalCents), processor: this.o.processor.kind };
  }

  async createMembershipCheckout(input: { email: string; name: string; priceId: MembershipPriceId; userId: string | null }): Promise<PaymentIntentResponse> {
    const plan = MEMBERSHIP_PLANS[input.priceId];
    const lines: PricedLine[] = [{ courseId: '', pricingTierId: null, title: plan.label, tierName: null, priceCents: plan.amountCents }];
    const orderId = await this.createPendingOrder({
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
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, orderId, total: centsToDecimal(plan.amountCents), processor: this.o.processor.kind };
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
    await this.o.knex('orders').where({ id: orderId }).update({ processor_intent_id: intent.id });
    return intent;
  }

  private async createPendingOrder(input: { lines: PricedLine[]; totalCents: number; buyer: Buyer; kind: 'courses' | 'membership'; membershipPlan?: string; seats: Map<string, number> }): Promise<string> {
    const { knex, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    const orderId = crypto.randomUUID();
    await knex.transaction(async (trx) => {
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
        created_at: nowIso,
        updated_at: nowIso,
      });
      const items = input.lines.map((line, position) => ({
        id: crypto.randomUUID(),
        order_id: orderId,
        course_id: line.courseId || null,
        pricing_tier_id: line.pricingTierId,
        title: line.title,
        tier_name: line.tierName,
        price_cents: line.priceCents,
        position,
      }));
      for (let i = 0; i < items.length; i += 100) await trx('order_items').insert(items.slice(i, i + 100));
      const holds = [...input.seats].map(([courseId, seats]) => ({
        id: crypto.randomUUID(),
        order_id: orderId,
        course_id: courseId,
        seats,
        status: 'held',
        expires_at: new Date(now.getTime() + SEAT_HOLD_MS).toISOString(),
        created_at: nowIso,
      }));
      if (holds.length) await trx('seat_holds').insert(holds);
    });
    return orderId;
  }

  /** Releases an order's held seats; each hold is released at most once. */
  private async releaseHolds(trx: Knex.Transaction, orderId: string): Promise<void> {
    const holds: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'held' }).select('id', 'course_id', 'seats');
    for (const hold of holds) {
      const released = await trx('seat_holds').where({ id: hold.id, status: 'held' }).update({ status: 'released' });
      if (released === 1) await trx('courses').where({ id: hold.course_id }).decrement('seats_held', hold.seats);
    }
  }

  /** A failed payment: the order becomes failed and releases what it held. */
  async failOrder(orderId: string, status: 'failed' | 'expired' = 'failed'): Promise<boolean> {
    return this.o.knex.transaction(async (trx) => {
      const changed = await trx('orders').where({ id: orderId, status: 'pending' }).update({ status, updated_at: this.o.clock().toISOString() });
      if (changed === 1) await this.releaseHolds(trx, orderId);
      return changed === 1;
    });
  }

  /**
   * Completes a paid order, once: the order is flipped from pending with a conditional UPDATE,
   * so of any number of concurrent confirmations exactly one does the work (enrollments,
   * participants, membership, receipt).
   */
  async fulfilOrder(orderId: string, paymentId: string): Promise<FulfilmentOutcome> {
    const { knex, clock } = this.o;
    const nowIso = clock().toISOString();
    let outcome: FulfilmentOutcome;
    try {
      outcome = await knex.transaction(async (trx): Promise<FulfilmentOutcome> => {
      let flipped = await trx('orders').where({ id: orderId, status: 'pending' }).update({ status: 'completed', stripe_payment_intent_id: paymentId, updated_at: nowIso });
      if (flipped !== 1) {
        const current = await trx('orders').where({ id: orderId }).first('status');
        if (!current) return 'not_payable';
        if (current.status === 'completed' || current.status === 'refund_required') return 'already_fulfilled';
        // Paid after the order expired or failed (its seats were released): take the seats
        // again if they are still free, so the payment is honoured without overselling.
        flipped = await trx('orders').where({ id: orderId }).whereIn('status', ['expired', 'failed']).update({ status: 'completed', stripe_payment_intent_id: paymentId, updated_at: nowIso });
        if (flipped !== 1) return 'already_fulfilled';
        await this.retakeSeats(trx, orderId);
      }
      const order = await trx('orders').where({ id: orderId }).first();
      // Held seats become participants.
      const holds: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'held' }).select('id', 'course_id', 'seats');
      for (const hold of holds) {
        const converted = await trx('seat_holds').where({ id: hold.id, status: 'held' }).update({ status: 'converted' });
        if (converted === 1) {
          await trx('courses').where({ id: hold.course_id }).update({ seats_held: trx.raw('seats_held - ?', [hold.seats]), current_participants: trx.raw('current_participants + ?', [hold.seats]) });
        }
      }
      // Courses without a seat limit count their participants too.
      const lines: Array<{ course_id: string | null }> = await trx('order_items').where({ order_id: orderId }).select('course_id');
      const heldCourses = new Set(holds.map((h) => h.course_id));
      const unlimited = new Map<string, number>();
      for (const line of lines) if (line.course_id && !heldCourses.has(line.course_id)) unlimited.set(line.course_id, (unlimited.get(line.course_id) ?? 0) + 1);
      for (const [courseId, seats] of unlimited) await trx('courses').where({ id: courseId }).whereNull('max_participants').increment('current_participants', seats);

      const userId = await this.ownerOf(trx, order, nowIso);
      if (order.kind === 'membership') {
        await trx('users').where({ id: userId }).update({ membership_type: order.membership_plan, updated_at: nowIso });
      } else {
        await enrollForCompletedOrders(trx, userId, [orderId], nowIso);
      }
      return 'fulfilled';
      });
    } catch (error) {
      if (!(error instanceof LateSeatsUnavailable)) throw error;
      await knex('orders').where({ id: orderId }).whereIn('status', ['expired', 'failed']).update({ status: 'refund_required', stripe_payment_intent_id: paymentId, updated_at: nowIso });
      this.o.logger.error('A payment arrived for an order whose seats are gone: refund it', { orderId, paymentId });
      return 'refund_required';
    }
    if (outcome === 'fulfilled') await this.sendReceiptOnce(orderId);
    return outcome;
  }

  /** Re-holds the seats of an order whose holds were released, or throws LateSeatsUnavailable. */
  private async retakeSeats(trx: Knex.Transaction, orderId: string): Promise<void> {
    const released: Array<{ id: string; course_id: string; seats: number }> = await trx('seat_holds').where({ order_id: orderId, status: 'released' }).select('id', 'course_id', 'seats');
    for (const hold of released) {
      const taken = await trx('courses')
        .where({ id: hold.course_id })
        .where((w) => w.whereNull('max_participants').orWhereRaw('current_participants + seats_held + ? <= max_participants', [hold.seats]))
        .increment('seats_held', hold.seats);
      if (taken !== 1) throw new LateSeatsUnavailable();
      await trx('seat_holds').where({ id: hold.id }).update({ status: 'held' });
    }
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
  private async ownerOf(trx: Knex.Transaction, order: { id: string; user_id: string | null; customer_email: string | null; customer_name: string | null; kind: string }, nowIso: string): Promise<string | null> {
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

  private async sendReceiptOnce(orderId: string): Promise<void> {
    const { knex, clock, mailer, logger } = this.o;
    const claimed = await knex('orders').where({ id: orderId }).whereNull('receipt_sent_at').update({ receipt_sent_at: clock().toISOString() });
    if (claimed !== 1) return;
    const order = await knex('orders').where({ id: orderId }).first();
    if (!order?.customer_email) return;
    const items: Array<{ title: string; price_cents: number }> = await knex('order_items').where({ order_id: orderId }).orderBy('position').select('title', 'price_cents');
    const lines = items.map((item) => `• ${item.title} — $${centsToDecimal(item.price_cents)}`).join('\n');
    const message = composeMail(order.customer_email, `Your receipt for order ${orderId.slice(0, 8)}`, [
      `Thank you for your purchase${order.customer_name ? `, ${order.customer_name}` : ''}. Your payment was received.`,
      `${lines}\n\nTotal paid: $${centsToDecimal(order.total_cents)}\nPayment reference: ${order.stripe_payment_intent_id}`,
      order.kind === 'membership' ? 'Your membership is active now.' : `Your courses are in your profile: ${this.o.publicUrl}/profile`,
    ]);
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error('Could not send a receipt', { orderId, error: String(error) });
    }
  }

  /**
   * Unpaid checkouts (seat holds and memberships) older than the hold time are cancelled at the
   * processor first — so they can no longer be paid — and only then expire and give their seats back.
   */
  async expireStaleCheckouts(): Promise<string[]> {
    const { knex, clock, processor, logger } = this.o;
    const cutoff = new Date(clock().getTime() - SEAT_HOLD_MS).toISOString();
    const stale: Array<{ id: string; processor_intent_id: string | null }> = await knex('orders').where('status', 'pending').where('created_at', '<', cutoff).select('id', 'processor_intent_id');
    const expired: string[] = [];
    for (const order of stale) {
      if (order.processor_intent_id) {
        try {
          await processor.cancel(order.processor_intent_id);
        } catch (error) {
          // Most likely paid a moment ago: leave it for the payment confirmation.
          logger.warn('Could not cancel an unpaid checkout; leaving it pending', { orderId: order.id, error: String(error) });
          continue;
        }
      }
      if (await this.failOrder(order.id, 'expired')) expired.push(order.id);
    }
    return expired;
  }
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
  const existing: Array<{ course_id: string }> = await trx('enrollments').where({ user_id: userId }).whereIn('course_id', [...byCourse.keys()]).select('course_id');
  const have = new Set(existing.map((e) => e.course_id));
  const rows = [...byCourse].filter(([courseId]) => !have.has(courseId)).map(([courseId, orderId]) => ({ id: crypto.randomUUID(), user_id: userId, course_id: courseId, order_id: orderId, enrolled_at: nowIso }));
  if (rows.length) await trx('enrollments').insert(rows);
}
