/**
 * GET /api/admin/courses/:id/attendance (the attendee table: minutes, polls, credits by the
 * course's rule, status and reason) and GET …/attendance/unmatched (report rows nobody bought
 * with, for staff to match). Both kept on the device for offline use.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceRowDto, UnmatchedRowDto } from '@contracts/attendance';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { attendanceKeys } from './attendance-keys';

export const attendancePath = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}/attendance`;

export const attendanceQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: attendanceKeys.rows(courseId), queryFn: () => getKeptJson<AttendanceRowDto[]>(attendancePath(courseId)) });

export function useAttendance(courseId: string) {
  return useQuery(attendanceQueryOptions(courseId));
}

export const unmatchedQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: attendanceKeys.unmatched(courseId),
    queryFn: () => getKeptJson<UnmatchedRowDto[]>(`${attendancePath(courseId)}/unmatched`),
  });

export function useUnmatched(courseId: string) {
  return useQuery(unmatchedQueryOptions(courseId));
}
