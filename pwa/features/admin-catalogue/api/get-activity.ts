/** GET /api/admin/activity: the signed-in person's latest catalogue changes (the contributor's Recent Activity). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@contracts/course-admin';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';

export const getActivity = () => getJson<ActivityEntry[]>('/api/admin/activity');

export const activityQueryOptions = () => queryOptions({ queryKey: courseKeys.activity(), queryFn: getActivity });

export function useActivity() {
  return useQuery(activityQueryOptions());
}
