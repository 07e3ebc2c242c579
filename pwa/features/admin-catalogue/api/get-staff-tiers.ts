/** GET /api/courses/:id/pricing-tiers?status=all: a course's tiers in the back office (inactive courses too). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingTier } from '@contracts/catalogue';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';

export function getStaffTiers(courseId: string): Promise<PricingTier[]> {
  return getKeptJson<PricingTier[]>(`/api/courses/${encodeURIComponent(courseId)}/pricing-tiers?status=all`);
}

export const staffTiersQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: courseKeys.staffPricingTiers(courseId), queryFn: () => getStaffTiers(courseId) });

export function useStaffTiers(courseId: string) {
  return useQuery(staffTiersQueryOptions(courseId));
}
