/**
 * Pricing tiers of one course read from the device's catalogue copy (filled by the background
 * sync), so a listing of many cards makes no per-card requests; and the rule that picks the tier
 * a card's quick "add to cart" uses.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Course, PricingTier } from '@contracts/catalogue';
import type { CartItem } from '../../stores/cart-store';
import { catalogueDb } from '@pwa/offline/catalogue-db';

/** The saved tiers of a course in display order; undefined while IndexedDB is being read. */
export function useSavedTiers(courseId: string): PricingTier[] | undefined {
  return useLiveQuery(
    async () => {
      const tiers = await catalogueDb.pricingTiers.where('courseId').equals(courseId).toArray();
      return tiers.sort((a, b) => a.sortOrder - b.sortOrder || a.tierLevel - b.tierLevel);
    },
    [courseId],
  );
}

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
