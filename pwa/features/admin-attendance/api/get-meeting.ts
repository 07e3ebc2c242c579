/**
 * GET /api/courses/:id/meeting (staff): the provider, the meeting's status, its registrants by
 * state and, for Zoom, how the last attendance fetch went; null while the course has no meeting
 * (404). Kept on the device for offline use.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingView } from '@contracts/meetings';
import { ApiError } from '@pwa/lib/api-client';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { attendanceKeys } from './attendance-keys';

/** The meeting and, for Zoom, how the last fetch of its attendance report went (`attendance`). */
export type MeetingAnswer = MeetingView;

export async function getMeeting(courseId: string): Promise<MeetingAnswer | null> {
  try {
    return await getKeptJson<MeetingAnswer>(`/api/courses/${encodeURIComponent(courseId)}/meeting`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const meetingQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: attendanceKeys.meeting(courseId), queryFn: () => getMeeting(courseId) });

export function useMeeting(courseId: string) {
  return useQuery(meetingQueryOptions(courseId));
}
