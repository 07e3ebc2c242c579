/** GET /api/admin/activity?limit=10: the signed-in person's ten latest changes (the contributor's Recent Activity; a contributor reads only their own). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@contracts/admin-activity';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';

const RECENT_ACTIVITY_LIMIT = 10;

export const getActivity = () => getKeptJson<ActivityEntry[]>(`/api/admin/activity?limit=${RECENT_ACTIVITY_LIMIT}`);

export const activityQueryOptions = () => queryOptions({ ...ADMIN_READ, queryKey: courseKeys.activity(), queryFn: getActivity });

export function useActivity() {
  return useQuery(activityQueryOptions());
}
