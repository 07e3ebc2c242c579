/**
 * A live course's meeting as staff set it (`PUT /api/courses/:id/meeting`) and read it, and how
 * course writes reach Zoom (`courseChanged`, after their commit; the sweep catches what a crash
 * lost). The request only writes rows and queues jobs in one transaction: Zoom is called by the
 * jobs (`zoom-sync.ts`), never while a transaction is open.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isLiveSessionType } from '@contracts/live-sessions';
import { MEETING_MESSAGES, REGISTRANT_STATUSES, type MeetingRequest, type MeetingView, type RegistrantStatusName } from '@contracts/meetings';
import { Course, Meeting, MeetingRegistrant } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { sessionTimes } from '../calendar/calendar-invites';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { fetchView } from './attendance-fetch';
import { retryFailedRegistrants, retryGivenUpRegistrants, syncCourseAttendees } from './attendees';
import { enqueueMeetingSync } from './meeting-jobs';

type ZoomFields = Pick<Meeting, 'topic' | 'startTime' | 'duration' | 'timezone'>;

/** What Zoom should show for a course: its title and session (null: no dated live session, nothing to meet for). */
export function zoomFieldsOf(course: Course | undefined): ZoomFields | null {
  const times = course && !course.archivedAt ? sessionTimes(course) : null;
  if (!course || !times) return null;
  const minutes = Math.max(1, Math.round((Date.parse(times.end) - Date.parse(times.start)) / 60_000));
  return { topic: course.title.slice(0, 200), startTime: times.start, duration: minutes, timezone: course.timezone || 'UTC' };
}

const sameFields = (a: ZoomFields, b: ZoomFields) =>
  a.topic === b.topic && a.startTime === b.startTime && a.duration === b.duration && a.timezone === b.timezone;

export class MeetingService {
  constructor(private readonly o: { knex: Knex; clock: Clock; zoomConfigured: boolean }) {}

  async view(courseId: string, db: Knex = this.o.knex): Promise<MeetingView> {
    const meeting = await Meeting.query(db).where('course_id', courseId).first();
    if (!meeting) {
      if (!(await Course.query(db).findById(courseId).select('id'))) throw AppError.notFound('Course not found');
      throw AppError.notFound(MEETING_MESSAGES.noMeeting);
    }
    const counts = Object.fromEntries(REGISTRANT_STATUSES.map((s) => [s, 0])) as Record<RegistrantStatusName, number>;
    const rows = (await MeetingRegistrant.query(db).where('meeting_id', meeting.id).groupBy('status').select('status').count('* as n')) as unknown as Array<{
      status: RegistrantStatusName;
      n: number | string;
    }>;
    for (const row of rows) counts[row.status] = Number(row.n);
    return {
      courseId,
      provider: meeting.provider,
      status: meeting.status,
      joinUrl: meeting.provider === 'link' ? meeting.joinUrl : null,
      providerMeetingId: meeting.providerMeetingId,
      lastError: meeting.lastError,
      registrants: counts,
      attendance: await fetchView(db, meeting),
    };
  }

  /** Sets the course's meeting: Zoom (created by a job; attendees registered after) or one link. */
  async setMeeting(actor: Actor, courseId: string, body: MeetingRequest, record?: RecordAnswer<MeetingView>): Promise<MeetingView> {
    const now = this.o.clock();
    const nowIso = now.toISOString();
    return transaction(this.o.knex, async (trx) => {
      const course = await Course.query(trx).findById(courseId);
      if (!course || course.archivedAt) throw AppError.notFound('Course not found');
      if (!isLiveSessionType(course.type)) throw AppError.badRequest(MEETING_MESSAGES.liveOnly);
      const fields = zoomFieldsOf(course);
      if (body.provider === 'zoom' && !this.o.zoomConfigured) throw new AppError('unprocessable', MEETING_MESSAGES.zoomNotConfigured);
      if (body.provider === 'zoom' && !fields) throw AppError.badRequest(MEETING_MESSAGES.noDate);
      await Meeting.insertMany(
        trx,
        [
          {
            id: crypto.randomUUID(),
            courseId,
            provider: body.provider,
            status: 'deleted',
            revision: 0,
            syncedRevision: 0,
            createdBy: actor.id,
            createdAt: nowIso,
            updatedAt: nowIso,
          },
        ],
        { ignoreConflictsOn: ['course_id'] },
      );
      const meeting = await Meeting.query(trx).where('course_id', courseId).forUpdate().first();
      if (!meeting) throw new Error('The meeting row vanished');
      const before = { meetingProvider: meeting.status === 'deleted' ? null : meeting.provider, meetingJoinUrl: meeting.joinUrl };
      const activeZoom = meeting.provider === 'zoom' && (meeting.status === 'creating' || meeting.status === 'ready');
      const revision = meeting.revision + 1;
      if (body.provider === 'zoom' && activeZoom) {
        // Saved again: the meeting stays; failed registrations are tried again, anyone missing is registered.
        await retryFailedRegistrants(trx, meeting.id, now);
        await syncCourseAttendees(trx, courseId, now);
      } else if (body.provider === 'zoom') {
        await Meeting.query(trx)
          .findById(meeting.id)
          .patch({
            provider: 'zoom',
            status: 'creating',
            providerMeetingId: null,
            providerUuid: null,
            joinUrl: null,
            ...fields!,
            revision,
            lastError: null,
            updatedAt: nowIso,
          });
        await enqueueMeetingSync(trx, meeting.id, revision, now);
      } else {
        await Meeting.query(trx).findById(meeting.id).patch({
          provider: 'link',
          status: 'ready',
          providerMeetingId: null,
          providerUuid: null,
          joinUrl: body.joinUrl!,
          revision,
          syncedRevision: revision,
          lastError: null,
          updatedAt: nowIso,
        });
        if (activeZoom) {
          // The course leaves Zoom: its registrations end with the Zoom meeting, deleted by a job.
          await MeetingRegistrant.query(trx)
            .where('meeting_id', meeting.id)
            .whereIn('status', ['pending', 'registered'])
            .patch({ status: 'cancelled', cancelledAt: nowIso, providerCancelledAt: nowIso, updatedAt: nowIso });
          if (meeting.providerMeetingId) await enqueueMeetingSync(trx, meeting.id, revision, now, meeting.providerMeetingId);
        }
      }
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: courseId,
          action: 'update',
          before,
          after: { meetingProvider: body.provider, meetingJoinUrl: body.provider === 'link' ? body.joinUrl! : null },
          summary: `Set the meeting of “${course.title}” to ${body.provider === 'zoom' ? 'Zoom' : 'a link'}`,
        },
        nowIso,
      );
      const view = await this.view(courseId, trx);
      await record?.(trx, view);
      return view;
    });
  }

  /** After a course write's commit: a new date or title is PATCHed at Zoom, a course called off deletes its meeting. */
  async courseChanged(courseId: string): Promise<void> {
    const now = this.o.clock();
    const meeting = await Meeting.query(this.o.knex).where({ course_id: courseId, provider: 'zoom' }).whereIn('status', ['creating', 'ready']).first();
    if (!meeting) return;
    const course = await Course.query(this.o.knex).findById(courseId);
    // A live seminar the sweep made a recording of after its session: its meeting (and report) stay.
    if (course && !course.archivedAt && !isLiveSessionType(course.type)) return;
    const fields = zoomFieldsOf(course);
    if (fields && sameFields(fields, meeting)) return;
    const revision = meeting.revision + 1;
    const written = await transaction(this.o.knex, async (trx) => {
      const patch = fields ? { ...fields, revision } : { status: 'deleting' as const, revision };
      const done = await Meeting.query(trx)
        .findById(meeting.id)
        .where('revision', meeting.revision)
        .patch({ ...patch, updatedAt: now.toISOString() });
      if (done === 1) await enqueueMeetingSync(trx, meeting.id, revision, now);
      return done;
    });
    // Another writer moved the meeting meanwhile: look again at what it left.
    if (written !== 1) await this.courseChanged(courseId);
  }

  /**
   * The periodic sweep: every Zoom meeting of a session not long past follows its course and its
   * attendees, and registrations that gave up are queued again (`retryGivenUpRegistrants`).
   */
  async sweep(now: Date): Promise<void> {
    const since = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
    const meetings = await Meeting.query(this.o.knex)
      .where('provider', 'zoom')
      .whereIn('status', ['creating', 'ready'])
      .where((q) => q.whereNull('start_time').orWhere('start_time', '>=', since))
      .select('course_id');
    for (const { courseId } of meetings) {
      await this.courseChanged(courseId);
      await syncCourseAttendees(this.o.knex, courseId, now);
      // Read again: the course's change may have moved it.
      const meeting = await Meeting.query(this.o.knex).where({ course_id: courseId, provider: 'zoom', status: 'ready' }).first();
      if (meeting) await retryGivenUpRegistrants(this.o.knex, meeting, now);
    }
  }
}
