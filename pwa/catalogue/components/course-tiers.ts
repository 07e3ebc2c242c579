/**
 * The rule that picks the tier a card's quick "add to cart" uses (the tiers of a page of cards
 * come from the device's catalogue copy in one query: catalogue/api/saved-tiers.ts), and the cart
 * line of a course or tier.
 */
import type { Course, PricingTier } from '@contracts/catalogue';
import type { CartItem } from '../../stores/cart-store';

/** The default tier (isDefault), else the one with the lowest tierLevel; undefined without tiers. */
export function pickDefaultTier(tiers: readonly PricingTier[]): PricingTier | undefined {
  if (tiers.length === 0) return undefined;
  return tiers.find((tier) => tier.isDefault) ?? tiers.reduce((lowest, tier) => (tier.tierLevel < lowest.tierLevel ? tier : lowest));
}

/** The cart line for a course, or for one of its tiers ("{title} - {tier name}" at the tier price). */
export function toCartItem(course: Course, tier?: PricingTier): CartItem {
  const base: CartItem = {
    courseId: course.id,
    title: course.title,
    price: Number(course.price),
    type: course.type,
    code: course.code,
    ...(course.image ? { image: course.image } : {}),
  };
  if (!tier) return base;
  return { ...base, pricingTierId: tier.id, pricingTierName: tier.name, title: `${course.title} - ${tier.name}`, price: Number(tier.price) };
}
