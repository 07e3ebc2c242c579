/**
 * The meetings domain's jobs (issue 30, point 1):
 * - `zoom-meeting-sync` and `zoom-registrant-sync`, queued: Zoom brought in line with one meeting
 *   or one registrant (`services/meetings/zoom-sync.ts`), retried with a short doubling backoff
 *   (Zoom's rate limits reset within seconds) and `dead` after their attempts (the row then says
 *   `failed` with the reason);
 * - `meeting-registrations`, periodic: every Zoom meeting of an upcoming session follows its
 *   course and its attendees (rights granted at sign-in, by staff or a membership; a course write
 *   whose after-commit call was lost), and an entitled attendee whose registration gave up is
 *   queued again, at most every 30 min and until the session ends (staff saving the meeting again
 *   retries at once);
 * - `zoom-attendance-fetch`, queued: a Zoom meeting's attendance and poll reports fetched and
 *   recorded (`services/meetings/attendance-fetch.ts`), retried with a backoff while Zoom's report
 *   is not ready or Zoom fails; `attendance-fetches`, periodic, queues it after each session's end
 *   and a day later.
 */
import type { MeetingServices } from '../services/meetings';
import {
  FETCH_MAX_ATTEMPTS,
  FETCH_ZOOM_ATTENDANCE,
  fetchBackoffMs,
  MEETING_MAX_ATTEMPTS,
  meetingBackoffMs,
  REGISTRANT_MAX_ATTEMPTS,
  SYNC_ZOOM_MEETING,
  SYNC_ZOOM_REGISTRANT,
} from '../services/meetings/meeting-jobs';
import { handleQueued, type PeriodicJob, type QueuedJobHandler } from './definitions';

export const MEETING_SWEEP_SECONDS = 300;

export const ATTENDANCE_FETCH_SWEEP_SECONDS = 300;

export function zoomSyncJobs({ zoomSync, attendanceFetch }: MeetingServices): Array<QueuedJobHandler<any>> {
  return [
    handleQueued(SYNC_ZOOM_MEETING, {
      maxAttempts: MEETING_MAX_ATTEMPTS,
      backoffMs: meetingBackoffMs,
      handle: (payload, { attempt, signal }) => zoomSync.syncMeeting(payload, { attempt, signal }),
    }),
    handleQueued(SYNC_ZOOM_REGISTRANT, {
      maxAttempts: REGISTRANT_MAX_ATTEMPTS,
      backoffMs: meetingBackoffMs,
      handle: (payload, { attempt, signal }) => zoomSync.syncRegistrant(payload, { attempt, signal }),
    }),
    handleQueued(FETCH_ZOOM_ATTENDANCE, {
      maxAttempts: FETCH_MAX_ATTEMPTS,
      backoffMs: fetchBackoffMs,
      handle: (payload, { attempt, signal }) => attendanceFetch.fetch(payload, { attempt, signal }),
    }),
  ];
}

export function meetingSweepJob({ meetings }: MeetingServices): PeriodicJob {
  return { name: 'meeting-registrations', everySeconds: MEETING_SWEEP_SECONDS, run: ({ now }) => meetings.sweep(now) };
}

export function attendanceFetchSweepJob({ attendanceFetch }: MeetingServices): PeriodicJob {
  return { name: 'attendance-fetches', everySeconds: ATTENDANCE_FETCH_SWEEP_SECONDS, run: async ({ now }) => void (await attendanceFetch.sweep(now)) };
}
