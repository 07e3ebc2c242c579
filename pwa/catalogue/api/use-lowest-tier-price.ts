/**
 * The price a course card shows: the course price, replaced by the price of the tier with the
 * lowest tierLevel once that course's tiers are loaded. Tiers come from the device's catalogue
 * copy (filled by one sync request), so a listing of 40 cards makes no per-card requests.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Course, PricingTier } from '@contracts/catalogue';
import { catalogueDb } from '@pwa/offline/catalogue-db';

export function lowestTierPrice(tiers: PricingTier[]): string | undefined {
  if (tiers.length === 0) return undefined;
  return tiers.reduce((lowest, tier) => (tier.tierLevel < lowest.tierLevel ? tier : lowest)).price;
}

export function useCardPrice(course: Pick<Course, 'id' | 'price'>): string {
  const tierPrice = useLiveQuery(
    async () => lowestTierPrice(await catalogueDb.pricingTiers.where('courseId').equals(course.id).toArray()),
    [course.id],
  );
  return tierPrice ?? course.price;
}
