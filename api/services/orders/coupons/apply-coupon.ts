/**
 * A code a buyer typed, applied to a cart already priced with its membership discounts: the
 * quote shows what it takes off or why it takes nothing (`message`); checkout refuses a code
 * that takes nothing (the buyer is never charged more than they were shown).
 */
import type { Coupon } from '@db/models';
import { COUPON_MESSAGES } from '@contracts/coupons';
import { AppError } from '@api/errors';
import type { CheckoutServiceOptions } from '../checkout/options';
import type { PricedLine } from '../checkout/price-lines';
import { applyCouponTerms, couponStateProblem } from './coupon-rules';
import { customerProblem, findCoupon } from './coupon-uses';

export interface AppliedCoupon {
  coupon: Coupon;
  /** The discount line's label ("Coupon GMP25: 25% off"). */
  label: string;
  /** What it takes off in all. */
  cents: number;
}

export interface CouponOutcome {
  lines: PricedLine[];
  applied: AppliedCoupon | null;
  /** Why the code takes nothing off (null when it applies, or none was given). */
  message: string | null;
}

export interface CouponAsker {
  /** The client asking (the attempts limit counts codes per client). */
  clientKey: string | null;
  /** The buyer's e-mail, lower-case, when known (the per-customer limit). */
  customerKey: string | null;
}

export async function applyCouponCode(o: CheckoutServiceOptions, lines: PricedLine[], code: string | undefined, asker: CouponAsker): Promise<CouponOutcome> {
  const none = (message: string | null): CouponOutcome => ({ lines, applied: null, message });
  if (!code?.trim()) return none(null);
  const coupon = await findCoupon(o, code, asker.clientKey);
  if (!coupon) return none(COUPON_MESSAGES.unknown);
  const problem = couponStateProblem(coupon, o.clock()) ?? (asker.customerKey ? await customerProblem(o.knex, coupon, asker.customerKey) : null);
  if (problem) return none(problem);
  const priced = applyCouponTerms(coupon, lines);
  if ('problem' in priced) return none(priced.problem);
  return { lines: priced.lines, applied: { coupon, label: priced.label, cents: priced.cents }, message: null };
}

/** Checkout's use: the applied coupon (or none asked for); a code that takes nothing is refused with its reason. */
export async function requireCoupon(o: CheckoutServiceOptions, lines: PricedLine[], code: string | undefined, asker: CouponAsker): Promise<CouponOutcome> {
  const outcome = await applyCouponCode(o, lines, code, asker);
  if (outcome.message) throw outcome.message === COUPON_MESSAGES.unknown ? AppError.badRequest(outcome.message) : AppError.conflict(outcome.message);
  return outcome;
}
