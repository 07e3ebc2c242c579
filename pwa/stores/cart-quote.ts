/**
 * The cart as the server prices it (POST /api/cart/quote, issue 29): the same lines, priced as
 * checkout will charge them, with the signed-in buyer's membership discounts. The cart panel and
 * the checkout summary show its discount lines and total; they never compute a discount
 * themselves. Keyed by who is asking (a sign-in or a new membership asks again), the lines and the
 * coupon code checkout applied (issue 35: the server says what it takes off, or why nothing).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartQuote, CartQuoteRequest, CheckoutItem } from '@contracts/checkout';
import { apiRequest } from '../lib/api-client';
import { useAuth } from '../session/use-auth';

/** The most seats one request line may carry (the contract's quantity bound). */
const MAX_QUANTITY_PER_LINE = 99;

export const cartKeys = {
  all: ['cart'] as const,
  quotes: () => [...cartKeys.all, 'quote'] as const,
  quote: (buyer: string | null, lines: readonly CheckoutItem[], couponCode: string | null) => [...cartKeys.quotes(), buyer, lines, couponCode] as const,
};

/** One request line per course and tier with its seats (the cart holds one item per seat). */
export function quoteLines(items: readonly { courseId: string; pricingTierId?: string }[]): CheckoutItem[] {
  const seats = new Map<string, { courseId: string; pricingTierId?: string; quantity: number }>();
  for (const item of items) {
    const key = `${item.courseId}:${item.pricingTierId ?? ''}`;
    const line = seats.get(key) ?? { courseId: item.courseId, ...(item.pricingTierId ? { pricingTierId: item.pricingTierId } : {}), quantity: 0 };
    line.quantity += 1;
    seats.set(key, line);
  }
  const lines: CheckoutItem[] = [];
  for (const line of seats.values()) {
    for (let left = line.quantity; left > 0; left -= MAX_QUANTITY_PER_LINE) lines.push({ ...line, quantity: Math.min(left, MAX_QUANTITY_PER_LINE) });
  }
  return lines;
}

export async function fetchCartQuote(lines: CheckoutItem[], couponCode: string | null = null): Promise<CartQuote> {
  const request: CartQuoteRequest = couponCode ? { lines, couponCode } : { lines };
  const response = await apiRequest('POST', '/api/cart/quote', request);
  return (await response.json()) as CartQuote;
}

export const cartQuoteQueryOptions = (buyer: string | null, lines: CheckoutItem[], couponCode: string | null = null) =>
  queryOptions({ queryKey: cartKeys.quote(buyer, lines, couponCode), queryFn: () => fetchCartQuote(lines, couponCode), staleTime: 30_000, retry: 1 });

/**
 * The server's quote for these cart items, while `enabled` (the panel open, the checkout shown);
 * `data` is undefined until it arrives, offline, or when the cart cannot be priced (checkout then
 * says why).
 */
export function useCartQuote(items: readonly { courseId: string; pricingTierId?: string }[], enabled = true, couponCode: string | null = null) {
  const { user, isLoading } = useAuth();
  const lines = quoteLines(items);
  const buyer = user ? `${user.id}:${user.membershipType ?? ''}` : null;
  return useQuery({ ...cartQuoteQueryOptions(buyer, lines, couponCode), enabled: enabled && !isLoading && lines.length > 0 });
}
