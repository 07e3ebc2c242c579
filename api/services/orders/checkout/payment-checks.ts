/**
 * What is checked again when a payment is confirmed (issue 27): an open checkout could otherwise
 * be paid after its course was deactivated, or at the old price after a price change within the
 * hold, and a guest checkout that reserved nothing (`wanted`) takes its seats only now. A coupon's
 * use was held with the checkout and stands; a new price is told with the coupon taken off again. Every
 * line is priced again from the database as checkout prices it (`priceLines`); a changed price
 * answers like the cart does, with the new total (after the buyer's membership discounts).
 *
 * The test processor confirms inside the fulfilment transaction: a refusal there rolls the
 * payment back, so nothing is charged, and the buyer gets the answer. A processor that has taken
 * the money already (Stripe's webhook, the recovery sweeps) gets the order marked
 * `refund_required` instead.
 */
import type { Knex } from 'knex';
import { Coupon, type Order } from '@db/models';
import { AppError } from '@api/errors';
import { centsToDecimal } from '@api/lib/money';
import type { CheckoutServiceOptions } from './options';
import { buyerPlan, discountLines, orderTotals } from './membership-pricing';
import { priceLines, pricesChanged, type PricedLine } from './price-lines';
import { applyCouponTerms } from '../coupons/coupon-rules';
import { holdAtPayment } from './seat-holds';

/** The order can no longer be completed as it stands (a 409 for the buyer), and why (for the refund). */
export class OrderChanged extends AppError {
  constructor(
    answer: AppError,
    readonly refundReason: string,
  ) {
    super('conflict', answer.message, answer.details);
    this.name = 'OrderChanged';
  }
}

/** The order's lines against today's catalogue: null when all still stand, else what changed. */
async function repriced(o: CheckoutServiceOptions, trx: Knex.Transaction, order: Order): Promise<OrderChanged | null> {
  const items = order.items ?? [];
  const gone = items.find((item) => !item.courseId);
  if (gone)
    return new OrderChanged(AppError.conflict(`${gone.title} is no longer available. Please remove it from your cart.`), `No longer available: ${gone.title}`);
  const wanted = items.map((item) => ({ courseId: item.courseId!, pricingTierId: item.pricingTierId, quantity: item.quantity }));
  let lines;
  try {
    lines = await priceLines(o, [...new Set(wanted.map((item) => item.courseId))], wanted, trx);
  } catch (error) {
    // A course no longer sold, or a pricing option gone: the same message the cart gets, as a conflict with this checkout.
    if (error instanceof AppError && error.code === 'bad_request') return new OrderChanged(AppError.conflict(error.message), error.message.slice(0, 200));
    throw error;
  }
  const unit = new Map(lines.map((line) => [`${line.courseId}|${line.pricingTierId ?? ''}`, line.unitCents]));
  const changed = items.some((item) => unit.get(`${item.courseId}|${item.pricingTierId ?? ''}`) !== item.priceCents);
  // The membership discount the checkout was priced with stands for its hold (a plan that ends
  // meanwhile does not turn a paid order into a refund); it is taken again only at new prices.
  // So does its coupon's part (its use is held for the order).
  const stored = orderTotals(
    items.map((item) => ({
      unitCents: item.priceCents,
      quantity: item.quantity,
      discountCents: item.discountCents,
      couponDiscountCents: item.couponDiscountCents,
    })),
  );
  if (!changed && stored.totalCents === order.totalCents) return null;
  const { totalCents } = orderTotals(await couponLinesAgain(trx, order, discountLines(lines, await buyerPlan(trx, order.userId))));
  return new OrderChanged(
    pricesChanged(totalCents),
    `Prices changed before the payment: $${centsToDecimal(order.totalCents)} paid, $${centsToDecimal(totalCents)} now`,
  );
}

/** The new prices with the order's coupon taken off as its terms say (its use is the order's already), when it still applies. */
async function couponLinesAgain(trx: Knex.Transaction, order: Order, lines: PricedLine[]): Promise<PricedLine[]> {
  const coupon = order.couponId ? await Coupon.query(trx).findById(order.couponId) : undefined;
  const priced = coupon ? applyCouponTerms(coupon, lines) : null;
  return priced && 'lines' in priced ? priced.lines : lines;
}

/**
 * The checks at payment for a course order, in the fulfilment transaction: the course and price
 * of every line, then the seats a guest checkout takes only now. Null when the order stands
 * (its `wanted` seats are then held); else the refusal, with nothing held for `wanted` lines.
 */
export async function checkAtPayment(o: CheckoutServiceOptions, trx: Knex.Transaction, order: Order): Promise<OrderChanged | null> {
  if (order.kind !== 'courses') return null;
  const changed = await repriced(o, trx, order);
  if (changed) return changed;
  const full = await holdAtPayment(trx, order.id, 'wanted');
  return full ? new OrderChanged(full, `Paid after its seats were taken: ${full.message}`.slice(0, 200)) : null;
}
