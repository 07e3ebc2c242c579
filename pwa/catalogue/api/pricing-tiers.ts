/** GET /api/courses/:id/pricing-tiers: a course's tiers, answered from the saved catalogue when offline. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingTier } from '@contracts/catalogue';
import { getJson } from '@pwa/lib/api-client';
import { withCatalogueDb } from '@pwa/offline/catalogue/open-catalogue-db';
import { networkFirst } from './catalogue-source';
import { courseKeys } from './course-keys';

export function fetchPricingTiers(courseId: string): Promise<PricingTier[]> {
  return networkFirst(
    () => getJson<PricingTier[]>(`/api/courses/${encodeURIComponent(courseId)}/pricing-tiers`),
    (tiers) =>
      withCatalogueDb((db) =>
        db.transaction('rw', db.pricingTiers, async () => {
          await db.pricingTiers.where('courseId').equals(courseId).delete();
          await db.pricingTiers.bulkPut(tiers);
        }),
      ),
    () =>
      withCatalogueDb(async (db) => {
        // Only answer when the course itself is saved: its tiers arrive with it in every sync.
        if (!(await db.courses.get(courseId))) return undefined;
        const tiers = await db.pricingTiers.where('courseId').equals(courseId).toArray();
        return tiers.sort((a, b) => a.sortOrder - b.sortOrder || a.tierLevel - b.tierLevel);
      }),
    'this course’s pricing',
  );
}

export const pricingTiersQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: courseKeys.pricingTiers(courseId), queryFn: () => fetchPricingTiers(courseId) });

export function usePricingTiers(courseId: string, enabled = true) {
  return useQuery({ ...pricingTiersQueryOptions(courseId), enabled });
}
