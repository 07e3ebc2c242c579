/**
 * The `check-in-attendance` queued job: a seminar's attendance recorded from its check-in and
 * check-out scans (`services/check-in/check-in-attendance.ts`), queued by each new check-in.
 */
import type { Knex } from 'knex';
import type { AttendanceService } from '../services/attendance/attendance-service';
import { CHECK_IN_ATTENDANCE, recordCheckInAttendance, type CheckInAttendancePayload } from '../services/check-in/check-in-attendance';
import { handleQueued, type QueuedJobHandler } from './definitions';

export function checkInAttendanceJob(knex: Knex, attendance: AttendanceService): QueuedJobHandler<CheckInAttendancePayload> {
  return handleQueued(CHECK_IN_ATTENDANCE, { handle: async ({ courseId }) => recordCheckInAttendance(knex, attendance, courseId) });
}
