/**
 * GET /api/admin/courses/:id/attendance/attendees: the course's attendees (a live entitlement),
 * name and e-mail, whom an unmatched report row may be matched to — the server refuses anyone
 * else. Kept on the device for offline use.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeChoiceDto } from '@contracts/attendance';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { attendanceKeys } from './attendance-keys';
import { attendancePath } from './get-attendance';

export const getAttendees = (courseId: string) => getKeptJson<AttendeeChoiceDto[]>(`${attendancePath(courseId)}/attendees`);

export const attendeesQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: attendanceKeys.attendees(courseId), queryFn: () => getAttendees(courseId) });

export function useAttendees(courseId: string, enabled = true) {
  return useQuery({ ...attendeesQueryOptions(courseId), enabled });
}
