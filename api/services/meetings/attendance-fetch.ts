/**
 * Zoom's attendance report, fetched by a queued job (issue 30, point 3) and recorded by the
 * attendance domain (`recordReport`, source `zoom`: the same report again changes nothing):
 * - after the session's scheduled end (start + duration + `END_MARGIN_MS`) the sweep queues the
 *   `end` fetch, and a day later the `late` one (rows Zoom adds late), each once per session start;
 * - staff press "Import now" (`request`), also during the session: the report so far;
 * - the job reads every page of the participant report (with `registrant_id`) and the poll report.
 *   While Zoom says the report does not exist yet (404, code 3001) or, after the end, sends none,
 *   the job fails with that reason and is retried with a backoff (`fetchBackoffMs`); so are 429,
 *   5xx and timeouts the client's own retries did not get past.
 * The meeting keeps when the report was last recorded and why the last fetch did not record it;
 * whether one is queued or running is read from the queued jobs (`fetchView`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { MEETING_MESSAGES, type AttendanceFetchAccepted, type AttendanceFetchView } from '@contracts/meetings';
import { Course, Meeting, QueuedJob } from '@db/models';
import { AppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import type { ZoomClient, ZoomParticipant, ZoomPollsReport } from '../../integrations/zoom';
import { ZoomApiError } from '../../integrations/zoom';
import type { Clock } from '../../lib/clock';
import type { AttendanceService } from '../attendance/attendance-service';
import type { ReportRow } from '../attendance/intervals';
import { FETCH_ZOOM_ATTENDANCE, type AttendanceFetchTrigger } from './meeting-jobs';
import type { SyncAttempt } from './zoom-sync';

/** Zoom's report appears some minutes after the meeting ends. */
export const END_MARGIN_MS = 10 * 60_000;
/** The second fetch, for rows Zoom adds late. */
export const LATE_FETCH_MS = 24 * 60 * 60_000;
/** Sessions the sweep still looks at (their jobs are kept 7 days, so their keys still hold). */
const SWEEP_WINDOW_MS = 3 * 24 * 60 * 60_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
const notYet = (error: unknown) => error instanceof ZoomApiError && error.status === 404;

/** Zoom has no report (yet): the job is retried after its backoff. */
export class ReportNotReady extends Error {}

export function participantRow(p: ZoomParticipant): ReportRow {
  return {
    email: p.user_email ?? '',
    name: p.name ?? '',
    join: Date.parse(p.join_time),
    leave: Date.parse(p.leave_time),
    registrantId: p.registrant_id || null,
  };
}

export function pollAnswers(report: ZoomPollsReport): Array<{ email: string; question: string }> {
  return report.questions.flatMap((person) => (person.question_details ?? []).map((detail) => ({ email: person.email ?? '', question: detail.question })));
}

const sessionEnd = (meeting: Pick<Meeting, 'startTime' | 'duration'>) =>
  meeting.startTime ? Date.parse(meeting.startTime) + (meeting.duration ?? 60) * 60_000 : Number.NaN;

const fetchJobs = (db: Knex, meetingId: string) => QueuedJob.query(db).where('name', FETCH_ZOOM_ATTENDANCE.name).where('job_key', 'like', `${meetingId}:%`);

export class AttendanceFetch {
  constructor(private readonly o: { knex: Knex; clock: Clock; zoom: ZoomClient | null; attendance: Pick<AttendanceService, 'recordReport'> }) {}

  /** "Import now": 202 with the job (one already waiting to start is the same fetch); 409 without a Zoom meeting. */
  async request(courseId: string): Promise<AttendanceFetchAccepted> {
    const { knex, clock } = this.o;
    const meeting = await Meeting.query(knex).where('course_id', courseId).first();
    if (!meeting && !(await Course.query(knex).findById(courseId).select('id'))) throw AppError.notFound('Course not found');
    if (!meeting || meeting.provider !== 'zoom' || !meeting.providerMeetingId) throw AppError.conflict(MEETING_MESSAGES.noZoomMeeting);
    const waiting = await fetchJobs(knex, meeting.id).where('job_key', 'like', `${meeting.id}:manual:%`).where({ status: 'queued', attempts: 0 }).first();
    if (waiting) return { jobId: waiting.id };
    const { id } = await enqueue(knex, FETCH_ZOOM_ATTENDANCE, { meetingId: meeting.id, trigger: 'manual' }, `${meeting.id}:manual:${crypto.randomUUID()}`, {
      now: clock(),
    });
    return { jobId: id };
  }

  /** The job: both reports fetched (every page), then recorded in one transaction of the attendance domain. */
  async fetch(payload: { meetingId: string; trigger: AttendanceFetchTrigger }, run: SyncAttempt): Promise<void> {
    const { knex, clock } = this.o;
    const meeting = await Meeting.query(knex).findById(payload.meetingId);
    // Switched to a link (or never created at Zoom): there is no Zoom report to fetch.
    if (!meeting || meeting.provider !== 'zoom' || !meeting.providerMeetingId) return;
    const note = (patch: Partial<Pick<Meeting, 'attendanceFetchedAt' | 'attendanceError'>>) => Meeting.query(knex).findById(meeting.id).patch(patch);
    try {
      if (!this.o.zoom) throw new Error('Zoom is not configured (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET)');
      const rows: ReportRow[] = [];
      for await (const page of this.o.zoom.participants(meeting.providerMeetingId, run.signal)) for (const p of page) rows.push(participantRow(p));
      if (rows.length === 0 && payload.trigger !== 'manual') throw new ReportNotReady('Zoom’s attendance report has no participants yet');
      let polls: Array<{ email: string; question: string }> | undefined;
      try {
        polls = pollAnswers(await this.o.zoom.pollsReport(meeting.providerMeetingId, run.signal));
      } catch (error) {
        // A meeting without polls has no poll report: the polls already recorded stay.
        if (!notYet(error)) throw error;
      }
      // An empty report (asked for during the session) records nothing: it would take away what an earlier fetch recorded.
      if (rows.length > 0) await this.o.attendance.recordReport({ courseId: meeting.courseId, source: 'zoom', rows, polls });
      await note({ attendanceFetchedAt: clock().toISOString(), attendanceError: rows.length > 0 ? null : 'Zoom’s attendance report has no participants yet' });
    } catch (error) {
      const reason = notYet(error) ? `Zoom’s attendance report is not ready yet (${errorText(error)})` : errorText(error);
      await note({ attendanceError: reason.slice(0, 500) });
      if (notYet(error)) throw new ReportNotReady(reason);
      throw error;
    }
  }

  /** The periodic sweep: each Zoom session that ended gets its `end` fetch, and a day later its `late` one (once each). */
  async sweep(now: Date): Promise<number> {
    const since = new Date(now.getTime() - SWEEP_WINDOW_MS - LATE_FETCH_MS).toISOString();
    const meetings = await Meeting.query(this.o.knex)
      .where('provider', 'zoom')
      .whereNotNull('provider_meeting_id')
      .whereNotNull('start_time')
      .where('start_time', '>=', since)
      .where('start_time', '<=', now.toISOString());
    let queued = 0;
    for (const meeting of meetings) {
      const end = sessionEnd(meeting);
      if (!(end + END_MARGIN_MS <= now.getTime())) continue;
      const triggers: AttendanceFetchTrigger[] = ['end'];
      if (end + LATE_FETCH_MS <= now.getTime()) triggers.push('late');
      for (const trigger of triggers) {
        const key = `${meeting.id}:${trigger}:${meeting.startTime}`;
        if ((await enqueue(this.o.knex, FETCH_ZOOM_ATTENDANCE, { meetingId: meeting.id, trigger }, key, { now })).created) queued++;
      }
    }
    return queued;
  }
}

/** `GET /api/courses/:id/meeting`'s `attendance`: the last fetch and whether one is queued, running or failed. */
export async function fetchView(db: Knex, meeting: Pick<Meeting, 'id' | 'attendanceFetchedAt' | 'attendanceError'>): Promise<AttendanceFetchView> {
  const active = (await fetchJobs(db, meeting.id).whereIn('status', ['queued', 'running']).select('status')).map((j) => j.status);
  const last = await fetchJobs(db, meeting.id).whereIn('status', ['done', 'dead']).orderBy('updated_at', 'desc').select('status').first();
  const status = active.includes('running') ? 'running' : active.includes('queued') ? 'queued' : last?.status === 'dead' ? 'failed' : 'idle';
  return { lastFetchedAt: meeting.attendanceFetchedAt, lastError: meeting.attendanceError, status };
}
