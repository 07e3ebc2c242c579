/**
 * The saved pricing tiers of a page of cards, by course, read with one IndexedDB query for the
 * whole page (filled by the background sync; refreshed when a sync ends: `courseKeys.savedTiersAll`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingTier } from '@contracts/catalogue';
import { withCatalogueDb } from '@pwa/offline/open-catalogue-db';
import { readSavedTiers } from '@pwa/offline/saved-catalogue';
import { courseKeys } from './course-keys';

export type TiersByCourse = ReadonlyMap<string, readonly PricingTier[]>;

export const savedTiersQueryOptions = (courseIds: readonly string[]) =>
  queryOptions({
    queryKey: courseKeys.savedTiers(courseIds),
    queryFn: (): Promise<TiersByCourse> => withCatalogueDb((db) => readSavedTiers(db, courseIds)),
  });

/**
 * Undefined while the saved copy is being read (and when `enabled` is false). While another page's
 * tiers are read, the previous answer stays: a course it does not cover reads as undefined.
 */
export function useSavedTiers(courseIds: readonly string[], enabled = true): TiersByCourse | undefined {
  const { data } = useQuery({ ...savedTiersQueryOptions(courseIds), enabled: enabled && courseIds.length > 0, placeholderData: keepPreviousData });
  return data;
}
