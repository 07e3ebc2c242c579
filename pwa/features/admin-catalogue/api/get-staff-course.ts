/** GET /api/courses/:id?status=all: one course to edit, inactive or not (staff only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@contracts/catalogue';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';

export function getStaffCourse(id: string): Promise<Course> {
  return getJson<Course>(`/api/courses/${encodeURIComponent(id)}?status=all`);
}

export const staffCourseQueryOptions = (id: string) => queryOptions({ queryKey: courseKeys.staffDetail(id), queryFn: () => getStaffCourse(id) });

export function useStaffCourse(id: string | undefined) {
  return useQuery({ ...staffCourseQueryOptions(id ?? ''), enabled: !!id });
}
