/** GET /api/me/courses/:id/attendance: the signed-in attendee's own attendance at a live course (404 until some is recorded). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceRowDto } from '@contracts/attendance';
import { getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export function fetchMyAttendance(courseId: string): Promise<AttendanceRowDto> {
  return getJson<AttendanceRowDto>(`/api/me/courses/${encodeURIComponent(courseId)}/attendance`);
}

export const myAttendanceQueryOptions = (courseId: string, viewer: string) =>
  queryOptions({ queryKey: learningKeys.attendance(courseId, viewer), queryFn: () => fetchMyAttendance(courseId), retry: false });

export function useMyAttendance(courseId: string, viewer: string) {
  return useQuery(myAttendanceQueryOptions(courseId, viewer));
}
