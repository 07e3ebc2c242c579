/**
 * What a coupon takes off a cart: pure rules over a coupon row and the cart's priced lines, the
 * same for the quote, the checkout and the check at payment.
 *
 * - It applies to a line when it applies to everything, or names the line's course or its type
 *   (course lines), or memberships (a membership line).
 * - It comes after the membership's discount, on what is left of each line it applies to, so a
 *   line never goes below zero: a percentage is rounded per line; a fixed amount is taken once
 *   per order, at most what is left of the lines it applies to, spread over them in proportion
 *   (the last cent to the largest remainders), so the invoice and a refund know each line's part.
 * - A minimum order counts every line after membership discounts, before the coupon.
 */
import type { Coupon } from '@db/models';
import { COUPON_MESSAGES, couponLabel } from '@contracts/coupons';
import { centsToDecimal } from '@api/lib/money';
import type { PricedLine } from '../checkout/price-lines';

export type CouponTerms = Pick<
  Coupon,
  | 'id'
  | 'code'
  | 'percentOff'
  | 'amountOffCents'
  | 'appliesAll'
  | 'appliesTypes'
  | 'appliesCourseIds'
  | 'appliesMemberships'
  | 'startsAt'
  | 'endsAt'
  | 'maxUses'
  | 'maxUsesPerCustomer'
  | 'claimed'
  | 'paused'
  | 'minOrderCents'
>;

/** Why the coupon gives nothing at `now` whatever the cart (paused, outside its dates, used up), or null. */
export function couponStateProblem(coupon: CouponTerms, now: Date): string | null {
  if (coupon.paused) return COUPON_MESSAGES.paused;
  if (coupon.startsAt && now.getTime() < Date.parse(coupon.startsAt)) return COUPON_MESSAGES.notStarted;
  if (coupon.endsAt && now.getTime() >= Date.parse(coupon.endsAt)) return COUPON_MESSAGES.expired;
  if (coupon.maxUses !== null && coupon.claimed >= coupon.maxUses) return COUPON_MESSAGES.exhausted;
  return null;
}

export function couponAppliesTo(coupon: CouponTerms, line: Pick<PricedLine, 'courseId' | 'courseType'>): boolean {
  if (coupon.appliesAll) return true;
  if (!line.courseType) return coupon.appliesMemberships;
  return !!coupon.appliesTypes?.includes(line.courseType) || !!coupon.appliesCourseIds?.includes(line.courseId);
}

const leftOf = (line: PricedLine) => Math.max(0, line.unitCents * line.quantity - line.discountCents);

export type CouponPricing = { lines: PricedLine[]; cents: number; label: string } | { problem: string };

/** The lines with what the coupon takes off each (`couponDiscountCents`), or why it takes nothing off this cart. */
export function applyCouponTerms(coupon: CouponTerms, lines: readonly PricedLine[]): CouponPricing {
  const applicable = lines.map((line) => couponAppliesTo(coupon, line) && leftOf(line) > 0);
  if (!applicable.some(Boolean)) return { problem: COUPON_MESSAGES.notApplicable };
  const orderCents = lines.reduce((sum, line) => sum + leftOf(line), 0);
  if (coupon.minOrderCents !== null && orderCents < coupon.minOrderCents) return { problem: COUPON_MESSAGES.minOrder(centsToDecimal(coupon.minOrderCents)) };
  const cents = coupon.percentOff !== null ? percentParts(coupon.percentOff, lines, applicable) : amountParts(coupon.amountOffCents ?? 0, lines, applicable);
  return {
    lines: lines.map((line, i) => ({ ...line, couponDiscountCents: cents[i]! })),
    cents: cents.reduce((sum, c) => sum + c, 0),
    label: couponLabel(coupon.code, coupon.percentOff, coupon.amountOffCents),
  };
}

function percentParts(percent: number, lines: readonly PricedLine[], applicable: boolean[]): number[] {
  return lines.map((line, i) => (applicable[i] ? Math.min(leftOf(line), Math.round((leftOf(line) * percent) / 100)) : 0));
}

function amountParts(amountCents: number, lines: readonly PricedLine[], applicable: boolean[]): number[] {
  const base = lines.map((line, i) => (applicable[i] ? leftOf(line) : 0));
  const total = base.reduce((sum, c) => sum + c, 0);
  const taken = Math.min(amountCents, total);
  const exact = base.map((c) => (c * taken) / total);
  const parts = exact.map(Math.floor);
  let rest = taken - parts.reduce((sum, c) => sum + c, 0);
  const byRemainder = exact.map((c, i) => [c - Math.floor(c), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (rest <= 0) break;
    if (parts[i]! < base[i]!) {
      parts[i] = parts[i]! + 1;
      rest -= 1;
    }
  }
  return parts;
}
