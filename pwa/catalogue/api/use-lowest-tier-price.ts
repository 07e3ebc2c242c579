/**
 * The price a course card shows: the course price, replaced by the price of the tier with the
 * lowest tierLevel once that course's tiers are saved. The tiers of a whole page of cards come
 * from one query (`useSavedTiers`), never one per card.
 */
import type { Course, PricingTier } from '@contracts/catalogue';

export function lowestTierPrice(tiers: readonly PricingTier[]): string | undefined {
  if (tiers.length === 0) return undefined;
  return tiers.reduce((lowest, tier) => (tier.tierLevel < lowest.tierLevel ? tier : lowest)).price;
}

export function cardPrice(course: Pick<Course, 'price'>, tiers: readonly PricingTier[] | undefined): string {
  return (tiers && lowestTierPrice(tiers)) ?? course.price;
}
