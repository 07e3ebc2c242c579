/** GET /api/courses?status=all&view=summary[&type&category]: a back-office table's courses, inactive ones included (staff only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseQuery, CourseSummary } from '@contracts/catalogue';
import { coursesPath } from '@contracts/catalogue-paths';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';

export type StaffCourseQuery = Pick<CourseQuery, 'type' | 'category'>;

export function getStaffCourses(query: StaffCourseQuery): Promise<CourseSummary[]> {
  return getJson<CourseSummary[]>(coursesPath({ ...query, status: 'all', view: 'summary' }));
}

export const staffCoursesQueryOptions = (query: StaffCourseQuery) => queryOptions({ queryKey: courseKeys.staffList(query), queryFn: () => getStaffCourses(query) });

export function useStaffCourses(query: StaffCourseQuery) {
  return useQuery(staffCoursesQueryOptions(query));
}
