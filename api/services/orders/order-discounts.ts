/**
 * What was taken off a stored order, as the receipt, the invoice and the buyer's order history show
 * it: one row per membership benefit (from its lines), then the coupon's row (its label as charged).
 */
import type { Order, OrderItem } from '@db/models';
import { discountRows, type DiscountRow } from '@contracts/membership-benefits';

export function orderDiscountRows(order: Pick<Order, 'couponLabel' | 'couponDiscountCents'> & { items?: OrderItem[] }): DiscountRow[] {
  const membership = discountRows(
    (order.items ?? []).map((item) => ({ unitCents: item.priceCents, quantity: item.quantity, discountCents: item.discountCents })),
  );
  return order.couponDiscountCents > 0 ? [...membership, { label: order.couponLabel ?? 'Coupon', cents: order.couponDiscountCents }] : membership;
}
