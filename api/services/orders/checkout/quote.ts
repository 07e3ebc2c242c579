/**
 * POST /api/cart/quote: the cart priced as checkout will charge it (`priceLines`, then the
 * signed-in buyer's membership discounts, then a coupon code's), without holding or opening anything.
 */
import type { CartQuote, CheckoutItem } from '@contracts/checkout';
import { applyCouponCode } from '../coupons/apply-coupon';
import { buyerPlan, discountLines, quoteOf } from './membership-pricing';
import type { CheckoutServiceOptions } from './options';
import { priceLines } from './price-lines';

export interface QuoteAsker {
  userId: string | null;
  /** The signed-in buyer's e-mail (a coupon's per-customer limit); null for a guest, checked at checkout. */
  email: string | null;
  clientKey: string | null;
}

export async function quoteCart(o: CheckoutServiceOptions, asker: QuoteAsker, items: CheckoutItem[], couponCode?: string): Promise<CartQuote> {
  const plan = await buyerPlan(o.knex, asker.userId);
  const lines = discountLines(await priceLines(o, [], items), plan);
  const coupon = await applyCouponCode(o, lines, couponCode, { clientKey: asker.clientKey, customerKey: asker.email?.toLowerCase() ?? null });
  return quoteOf(coupon.lines, plan, { code: coupon.applied?.coupon.code ?? null, label: coupon.applied?.label ?? null, message: coupon.message });
}
