/**
 * GET /api/courses/:id/pricing-tiers?status=all: the course's tiers, for limiting a lesson's
 * material — the same read (and key) as the course editor's tiers, so both show one answer.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingTier } from '@contracts/catalogue';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';

export const courseTiersQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: courseKeys.staffPricingTiers(courseId),
    queryFn: () => getKeptJson<PricingTier[]>(`/api/courses/${encodeURIComponent(courseId)}/pricing-tiers?status=all`),
  });

export function useCourseTiers(courseId: string) {
  return useQuery(courseTiersQueryOptions(courseId));
}
