/**
 * GET /api/courses/:id?status=all: one course to edit, inactive or not (staff only). Offline it is
 * the last copy seen on this device; edits waiting in the outbox are laid over it, and a course
 * created offline opens from its queued create.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@contracts/catalogue';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';
import { ADMIN_READ, lastKnown, withPendingCourse } from '@pwa/offline/back-office/admin-snapshots';

export function getStaffCourse(id: string): Promise<Course> {
  const path = `/api/courses/${encodeURIComponent(id)}?status=all`;
  return withPendingCourse(id, () => lastKnown(path, () => getJson<Course>(path)));
}

export const staffCourseQueryOptions = (id: string) => queryOptions({ ...ADMIN_READ, queryKey: courseKeys.staffDetail(id), queryFn: () => getStaffCourse(id) });

export function useStaffCourse(id: string | undefined) {
  return useQuery({ ...staffCourseQueryOptions(id ?? ''), enabled: !!id });
}
