/**
 * The Attendance tab's JSON writes, each through the outbox (`sendWrite`): the meeting (PUT
 * /api/courses/:id/meeting), "Import now" (POST …/attendance/fetch, answered 202 with the job),
 * an adjustment and the match of an unmatched row. `useAttendanceWrite` runs one: sent, the tab's
 * reads are asked again; kept for later, the toast says it waits on this device; refused, why.
 */
import type { AdjustRequest, MatchRequest } from '@contracts/attendance';
import type { MeetingRequest } from '@contracts/meetings';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { useNotifiedWrite } from '@pwa/offline/back-office/notified-write';
import { attendanceEntity, attendanceKeys, meetingEntity } from './attendance-keys';
import { attendancePath } from './get-attendance';

export function attendanceWrites(courseId: string) {
  const entity = attendanceEntity(courseId);
  return {
    meeting: (body: MeetingRequest): NewWrite => ({
      method: 'PUT',
      url: `/api/courses/${encodeURIComponent(courseId)}/meeting`,
      body,
      entity: meetingEntity(courseId),
      label: 'Save meeting',
    }),
    importNow: (): NewWrite => ({ method: 'POST', url: `${attendancePath(courseId)}/fetch`, body: {}, entity, label: 'Import attendance now' }),
    adjust: (attendanceId: string, body: AdjustRequest): NewWrite => ({
      method: 'POST',
      url: `${attendancePath(courseId)}/${encodeURIComponent(attendanceId)}/adjust`,
      body,
      entity,
      label: 'Adjust attendance',
    }),
    match: (unmatchedId: string, body: MatchRequest): NewWrite => ({
      method: 'POST',
      url: `${attendancePath(courseId)}/unmatched/${encodeURIComponent(unmatchedId)}/match`,
      body,
      entity,
      label: 'Match attendance row',
    }),
  };
}

/** Runs the writes of `courseId`: `write(newWrite, done, whatFailed)`. */
export function useAttendanceWrite(courseId: string) {
  return useNotifiedWrite(attendanceKeys.course(courseId));
}
