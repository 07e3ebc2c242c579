/**
 * The courses a coupon may name (GET /api/courses?status=all&view=summary, staff): the same read,
 * key and kept answer as the back office's course tables, so the picker and the tables share one
 * cached list. Read only once the form asks for chosen courses.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseSummary } from '@contracts/catalogue';
import { coursesPath } from '@contracts/catalogue-paths';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';
import { ADMIN_READ, lastKnown } from '@pwa/offline/back-office/admin-snapshots';

const ALL_COURSES = {};

export function getCourseOptions(): Promise<CourseSummary[]> {
  const path = coursesPath({ status: 'all', view: 'summary' });
  return lastKnown(path, () => getJson<CourseSummary[]>(path));
}

export const courseOptionsQueryOptions = () => queryOptions({ ...ADMIN_READ, queryKey: courseKeys.staffList(ALL_COURSES), queryFn: getCourseOptions });

export function useCourseOptions(enabled: boolean) {
  return useQuery({ ...courseOptionsQueryOptions(), enabled });
}
