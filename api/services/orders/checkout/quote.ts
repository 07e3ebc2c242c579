/**
 * POST /api/cart/quote: the cart priced as checkout will charge it (`priceLines`, then the
 * signed-in buyer's membership discounts), without holding or opening anything.
 */
import type { CartQuote, CheckoutItem } from '@contracts/checkout';
import { buyerPlan, discountLines, quoteOf } from './membership-pricing';
import type { CheckoutServiceOptions } from './options';
import { priceLines } from './price-lines';

export async function quoteCart(o: CheckoutServiceOptions, userId: string | null, items: CheckoutItem[]): Promise<CartQuote> {
  const plan = await buyerPlan(o.knex, userId);
  return quoteOf(discountLines(await priceLines(o, [], items), plan), plan);
}
