/**
 * GET /api/courses?status=all&view=summary[&type&category]: a back-office table's courses, inactive
 * ones included (staff only). Offline it answers with the last list seen on this device, and the
 * rows carry what waits in the outbox (offline/back-office/admin-snapshots.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CourseQuery, CourseSummary } from '@contracts/catalogue';
import { coursesPath } from '@contracts/catalogue-paths';
import { matchesTypeAndCategory } from '@contracts/course-filter';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';
import { ADMIN_READ, lastKnown, usePendingCourses, withPending } from '@pwa/offline/back-office/admin-snapshots';

export type StaffCourseQuery = Pick<CourseQuery, 'type' | 'category'>;

export function getStaffCourses(query: StaffCourseQuery): Promise<CourseSummary[]> {
  const path = coursesPath({ ...query, status: 'all', view: 'summary' });
  return lastKnown(path, () => getJson<CourseSummary[]>(path));
}

export const staffCoursesQueryOptions = (query: StaffCourseQuery) =>
  queryOptions({ ...ADMIN_READ, queryKey: courseKeys.staffList(query), queryFn: () => getStaffCourses(query) });

export function useStaffCourses(query: StaffCourseQuery) {
  const result = useQuery(staffCoursesQueryOptions(query));
  const pending = usePendingCourses();
  const data = useMemo(() => withPending(result.data, pending, (course) => matchesTypeAndCategory(course, query)), [result.data, pending, query]);
  return { ...result, data };
}
