/**
 * How the back office shows a coupon (issue 35, point 1): its status now (expired and used up are
 * final, then paused, not started, active), its uses against its limit, when it is valid, its
 * conditions, and amounts in dollars.
 */
import type { CouponView } from '@contracts/coupons';
import { formatDate, formatDateTime, formatMoney } from '@pwa/lib/format';

export type CouponStatus = 'Active' | 'Paused' | 'Expired' | 'Not started' | 'Used up';

type Timed = Pick<CouponView, 'paused' | 'startsAt' | 'endsAt' | 'uses' | 'maxUses'>;

export function couponStatus(coupon: Timed, now: number = Date.now()): CouponStatus {
  if (coupon.endsAt && Date.parse(coupon.endsAt) <= now) return 'Expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'Used up';
  if (coupon.paused) return 'Paused';
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return 'Not started';
  return 'Active';
}

/** "3 of 200", "3 of unlimited", and ", 1 held" while open checkouts hold uses. */
export function usesText(coupon: Pick<CouponView, 'uses' | 'maxUses' | 'held'>): string {
  const held = coupon.held > 0 ? `, ${coupon.held} held` : '';
  return `${coupon.uses} of ${coupon.maxUses ?? 'unlimited'}${held}`;
}

/** "Always", "Nov 1, 2026 – Dec 31, 2026", "From Nov 1, 2026", "Until Dec 31, 2026" (`withTime`: the hour too). */
export function validText(coupon: Pick<CouponView, 'startsAt' | 'endsAt'>, withTime = false): string {
  const show = withTime ? formatDateTime : formatDate;
  const { startsAt, endsAt } = coupon;
  if (startsAt && endsAt) return `${show(startsAt)} – ${show(endsAt)}`;
  if (startsAt) return `From ${show(startsAt)}`;
  if (endsAt) return `Until ${show(endsAt)}`;
  return 'Always';
}

/** Dollars from cents: "$50.00". */
export const centsText = (cents: number): string => formatMoney(cents / 100);

/** What else a buyer must meet: "Once per customer", "Orders from $100.00"; empty when nothing. */
export function conditionsText(coupon: Pick<CouponView, 'maxUsesPerCustomer' | 'minOrderCents'>): string {
  const perCustomer = coupon.maxUsesPerCustomer;
  return [
    perCustomer === 1 ? 'Once per customer' : perCustomer ? `${perCustomer} uses per customer` : null,
    coupon.minOrderCents ? `Orders from ${centsText(coupon.minOrderCents)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** An order's id as the report shows it: its first 8 characters. */
export const shortId = (id: string): string => id.slice(0, 8);
