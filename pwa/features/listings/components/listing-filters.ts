/** Options and client-side rules shared by the listing filters (storefront spec §4 Listing filters, §5 price bands). */
import { useCallback, useMemo } from 'react';
import { TIME_ZONES, type Course } from '@contracts/catalogue';
import { compareCoursesByStartDate } from '@contracts/course-filter';
import { useSavedTiers } from '@pwa/catalogue/api/saved-tiers';
import { cardPrice } from '@pwa/catalogue/api/use-lowest-tier-price';
import { ALL_PRICES, PRICE_BANDS, findPriceBand, matchesPriceBand, type PriceBandSetName } from '../price-bands';
import type { FilterOption } from './filter-select';

export const ALL = 'all';

export function priceBandOptions(set: PriceBandSetName): FilterOption[] {
  return [{ value: ALL_PRICES, label: 'All Prices' }, ...PRICE_BANDS[set].map((band) => ({ value: band.id, label: band.label }))];
}

export const TIME_ZONE_OPTIONS: FilterOption[] = [{ value: ALL, label: 'All Time Zones' }, ...TIME_ZONES.map((zone) => ({ value: zone, label: zone }))];

/**
 * The price each course's card shows (lowest-tierLevel tier once the tiers are saved on the
 * device, else the course price), read in one query for the whole listing while a price band is
 * chosen (`enabled`), so a price filter agrees with the prices on screen.
 */
export function useDisplayedPrices(courses: readonly Course[] | undefined, enabled = true): (course: Course) => string {
  const ids = useMemo(() => (courses ?? []).map((course) => course.id), [courses]);
  const tiers = useSavedTiers(ids, enabled);
  return useCallback((course: Course) => cardPrice(course, tiers?.get(course.id)), [tiers]);
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
  const filtered = courses
    .filter((course) => matchesPriceBand(priceOf(course), band))
    .filter((course) => !timezone || timezone === ALL || course.timezone === timezone);
  // Lists come from the API (or the saved copy) already in this order: sort only when they are not.
  return isSorted(filtered) ? filtered : filtered.sort(compareCoursesByStartDate);
}

function isSorted(courses: readonly Course[]): boolean {
  for (let index = 1; index < courses.length; index += 1) if (compareCoursesByStartDate(courses[index - 1]!, courses[index]!) > 0) return false;
  return true;
}
