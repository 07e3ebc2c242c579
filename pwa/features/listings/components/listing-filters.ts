/** Options and client-side rules shared by the listing filters (storefront spec §4 Listing filters, §5 price bands). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { TIME_ZONES, type Course } from '@contracts/catalogue';
import { compareCoursesByStartDate } from '@contracts/course-filter';
import { catalogueDb } from '@pwa/offline/catalogue-db';
import { lowestTierPrice } from '@pwa/catalogue/api/use-lowest-tier-price';
import { ALL_PRICES, PRICE_BANDS, findPriceBand, matchesPriceBand, type PriceBandSetName } from '../price-bands';
import type { FilterOption } from './filter-select';

export const ALL = 'all';

export function priceBandOptions(set: PriceBandSetName): FilterOption[] {
  return [{ value: ALL_PRICES, label: 'All Prices' }, ...PRICE_BANDS[set].map((band) => ({ value: band.id, label: band.label }))];
}

export const TIME_ZONE_OPTIONS: FilterOption[] = [{ value: ALL, label: 'All Time Zones' }, ...TIME_ZONES.map((zone) => ({ value: zone, label: zone }))];

/**
 * The price each course's card shows (lowest-tierLevel tier once the tiers are saved on the
 * device, else the course price), read once for the whole listing, so a price filter agrees
 * with the prices on screen.
 */
export function useDisplayedPrices(courses: readonly Course[] | undefined): (course: Course) => string {
  const ids = (courses ?? []).map((course) => course.id);
  const key = ids.join(',');
  const tierPrices = useLiveQuery(
    async () => {
      if (ids.length === 0) return new Map<string, string>();
      const tiers = await catalogueDb.pricingTiers.where('courseId').anyOf(ids).toArray();
      const byCourse = new Map<string, typeof tiers>();
      for (const tier of tiers) byCourse.set(tier.courseId, [...(byCourse.get(tier.courseId) ?? []), tier]);
      const prices = new Map<string, string>();
      for (const [courseId, list] of byCourse) {
        const price = lowestTierPrice(list);
        if (price !== undefined) prices.set(courseId, price);
      }
      return prices;
    },
    [key],
  );
  return useCallback((course: Course) => tierPrices?.get(course.id) ?? course.price, [tierPrices]);
}

export interface ClientFilters {
  priceSet: PriceBandSetName;
  price: string;
  timezone?: string;
  priceOf: (course: Course) => string;
}

/** Price band and time zone filters over an already fetched list, sorted by start date (undated last). */
export function applyClientFilters(courses: readonly Course[], { priceSet, price, timezone, priceOf }: ClientFilters): Course[] {
  const band = findPriceBand(priceSet, price);
  return courses
    .filter((course) => matchesPriceBand(priceOf(course), band))
    .filter((course) => !timezone || timezone === ALL || course.timezone === timezone)
    .sort(compareCoursesByStartDate);
}
