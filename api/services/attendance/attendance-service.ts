/**
 * Attendance (issue 30, point 3): staff import a session's report (CSV: Zoom participants, Teams
 * attendance, a poll report, or any report with a column mapping) — all or nothing —, read the
 * attendee table with credits by the course's rule (an adjustment wins), download it as CSV,
 * adjust one person's credits (audited) and match unmatched rows; an attendee reads their own row.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import {
  ATTENDANCE_MESSAGES,
  MAX_REPORT_ROWS,
  type AdjustRequest,
  type AttendanceRowDto,
  type AttendeeChoiceDto,
  type ImportQuery,
  type ImportSummary,
  type MatchRequest,
  type UnmatchedRowDto,
} from '@contracts/attendance';
import { formatCredits } from '@contracts/credits';
import { Attendance, AttendanceAdjustment, Course } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { CompletionService } from '../completion/completion-service';
import { sessionTimes } from '../calendar/calendar-invites';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { entitledAttendees, registrantsOf, replaceAttendance, replacePolls, lockCourseAttendance, nextAdjustmentAt } from './attendance-store';
import { attendanceCsv } from './attendance-csv';
import { courseRows, recordJoinLogRow, rowDtos } from './attendance-rows';
import { presenceOf, type ReportRow } from './intervals';
import { questionHash, readReport } from './report-reader';
import { attendeeChoices, listUnmatched, matchUnmatched } from './unmatched-rows';

export class AttendanceService {
  /** `completions`: after a write commits, the course's attendees' completion is judged again (issue 31). */
  constructor(private readonly o: { knex: Knex; clock: Clock; maxRows?: number; completions?: Pick<CompletionService, 'recompute'> }) {}

  /** Everyone with a recorded row or a check-in scan on the course (or only `people`), judged again (one batched recompute). */
  private async recomputeCompletion<T>(courseId: string, result: T, people?: Array<string | null>): Promise<T> {
    if (!this.o.completions) return result;
    if (people) {
      await this.o.completions.recompute(
        courseId,
        people.filter((id): id is string => !!id),
      );
      return result;
    }
    const rows: Array<{ userId: string }> = await this.o
      .knex('attendance')
      .where('course_id', courseId)
      .whereNotNull('user_id')
      .select('user_id as userId')
      .union((q) =>
        q
          .from('check_ins')
          .join('entitlements', 'entitlements.id', 'check_ins.entitlement_id')
          .where('check_ins.course_id', courseId)
          .select('entitlements.user_id'),
      );
    await this.o.completions.recompute(
      courseId,
      rows.map((row) => row.userId),
    );
    return result;
  }

  private async course(courseId: string): Promise<Course> {
    const course = await Course.query(this.o.knex).findById(courseId);
    if (!course) throw AppError.notFound('Course not found');
    return course;
  }

  /** Reads the whole report first; any bad row refuses it all (400, nothing written). */
  async importCsv(actor: Actor, courseId: string, contentType: string, body: AsyncIterable<Buffer>, query: ImportQuery): Promise<ImportSummary> {
    const course = await this.course(courseId);
    const session = sessionTimes(course);
    if (!session) throw AppError.conflict(ATTENDANCE_MESSAGES.noSession);
    if (!/^(text\/(csv|plain|tab-separated-values)|application\/(vnd\.ms-excel|octet-stream))\b/i.test(contentType))
      throw new AppError('unsupported_media_type', ATTENDANCE_MESSAGES.notCsv);
    const window = { start: Date.parse(session.start), end: Date.parse(session.end) };
    const timeZone = query.timeZone ?? course.timezone ?? 'UTC';
    const read = await readReport(body, { report: query.report, mapping: query.mapping, timeZone, window, maxRows: this.o.maxRows ?? MAX_REPORT_ROWS });
    if (read.kind === 'unknown') {
      const message = query.report === 'polls' ? ATTENDANCE_MESSAGES.unknownPollColumns : ATTENDANCE_MESSAGES.unknownColumns;
      throw new AppError('bad_request', message, { columns: read.columns, mapping: read.mapping });
    }
    if (read.kind === 'missing')
      throw new AppError('bad_request', ATTENDANCE_MESSAGES.missingColumns(read.missing), { columns: read.columns, missing: read.missing });
    if (read.kind === 'too_many') throw new AppError('payload_too_large', ATTENDANCE_MESSAGES.tooManyRows);
    if (read.kind === 'errors')
      throw new AppError('bad_request', ATTENDANCE_MESSAGES.badRows, { errors: read.errors, summary: { rows: read.rows, errors: read.errorCount } });
    const nowIso = this.o.clock().toISOString();
    const imported = await transaction(this.o.knex, async (trx) => {
      await lockCourseAttendance(trx, courseId);
      let summary: ImportSummary;
      if (read.kind === 'polls') {
        const changed = await replacePolls(trx, courseId, 'csv', read.answers, nowIso);
        summary = {
          report: 'polls',
          format: read.format,
          rows: read.rows,
          people: read.answers.size,
          matched: 0,
          unmatched: 0,
          changed,
          pollsAsked: read.questions,
        };
      } else {
        const result = await replaceAttendance(trx, { courseId, source: 'csv', people: read.people, nowIso });
        summary = { report: 'attendance', format: read.format, rows: read.rows, people: read.people.length, ...result };
      }
      if (summary.changed > 0)
        await recordAudit(
          trx,
          actor,
          {
            entity: 'attendance',
            entityId: courseId,
            action: 'update',
            before: null,
            after: { ...summary },
            summary: `Imported the ${summary.report === 'polls' ? 'poll report' : 'attendance report'} of “${course.title}” (${summary.rows} rows)`,
          },
          nowIso,
        );
      return summary;
    });
    return this.recomputeCompletion(courseId, imported);
  }

  /**
   * A provider's report fetched by a job (the Zoom import): its rows — `registrantId` matched
   * through `registrants` when given — and poll answers replace the source's data for the course.
   * Rows wholly outside the session are left out with a note (not an error: Zoom's report may
   * include a host's test join). Safe to run again: the same report changes nothing.
   */
  async recordReport(input: {
    courseId: string;
    source: 'zoom' | 'join_log' | 'check_in';
    rows: ReportRow[];
    polls?: Array<{ email: string; question: string }>;
    /** Default: the meetings domain's registrants of the course. */
    registrants?: ReadonlyMap<string, string>;
  }): Promise<{ matched: number; unmatched: number; changed: number; notes: string[] }> {
    const course = await this.course(input.courseId);
    const session = sessionTimes(course);
    if (!session) throw AppError.conflict(ATTENDANCE_MESSAGES.noSession);
    const notes: string[] = [];
    const people = presenceOf(input.rows, { start: Date.parse(session.start), end: Date.parse(session.end) }, (row) =>
      notes.push(`${row.email || row.name}: ${new Date(row.join).toISOString()}–${new Date(row.leave).toISOString()} is outside the session`),
    );
    const nowIso = this.o.clock().toISOString();
    const recorded = await transaction(this.o.knex, async (trx) => {
      await lockCourseAttendance(trx, input.courseId);
      let changed = 0;
      if (input.polls) {
        const answers = new Map<string, Set<string>>();
        for (const { email, question } of input.polls) {
          const key = email.trim().toLowerCase();
          if (!key) continue;
          if (!answers.has(key)) answers.set(key, new Set());
          answers.get(key)!.add(questionHash(question));
        }
        changed += await replacePolls(trx, input.courseId, input.source, answers, nowIso);
      }
      const registrants = input.registrants ?? (await registrantsOf(trx, input.courseId));
      const result = await replaceAttendance(trx, { courseId: input.courseId, source: input.source, people, nowIso, registrants });
      return { ...result, changed: changed + result.changed, notes };
    });
    return this.recomputeCompletion(input.courseId, recorded);
  }

  /** The attendee table (`attendance-rows.ts`): recorded rows and, for a meeting by link, the join log's. */
  async list(courseId: string): Promise<AttendanceRowDto[]> {
    const course = await this.course(courseId);
    return rowDtos(this.o.knex, course, await courseRows(this.o.knex, course, this.o.clock().toISOString()));
  }

  /** The attendee table as CSV (UTF-8 with a BOM; formula-like cells neutralised). */
  async csv(courseId: string): Promise<Readable> {
    return attendanceCsv(await this.list(courseId));
  }

  /** The signed-in attendee's own row (as the table has it): 403 without a live entitlement, 404 when none was recorded or logged. */
  async mine(userId: string, courseId: string): Promise<AttendanceRowDto> {
    const course = await this.course(courseId);
    const nowIso = this.o.clock().toISOString();
    const entitled = (await entitledAttendees(this.o.knex, courseId, nowIso)).some((a) => a.userId === userId);
    if (!entitled) throw new AppError('forbidden', 'You do not have access to this course');
    const [row] = await courseRows(this.o.knex, course, nowIso, { userId });
    if (!row) throw AppError.notFound(ATTENDANCE_MESSAGES.noAttendance);
    return (await rowDtos(this.o.knex, course, [row]))[0]!;
  }

  async adjust(actor: Actor, courseId: string, attendanceId: string, body: AdjustRequest, record?: RecordAnswer<AttendanceRowDto>): Promise<AttendanceRowDto> {
    const nowIso = this.o.clock().toISOString();
    const course = await this.course(courseId);
    const adjusted = await transaction(this.o.knex, async (trx) => {
      await lockCourseAttendance(trx, courseId);
      // A join-log row (its id the join link's) becomes a recorded row, which the adjustment names.
      const row =
        (await Attendance.query(trx).findById(attendanceId).where('course_id', courseId)) ?? (await recordJoinLogRow(trx, course, attendanceId, nowIso));
      if (!row) throw AppError.notFound('Attendance not found');
      const [before] = await rowDtos(trx, course, [row]);
      const adjustedAt = await nextAdjustmentAt(trx, courseId, row.email, nowIso);
      await AttendanceAdjustment.query(trx).insert({
        id: crypto.randomUUID(),
        courseId,
        email: row.email,
        attendanceId,
        credits: body.credits,
        reason: body.reason,
        adjustedBy: actor.id,
        adjustedAt,
      });
      const after: AttendanceRowDto = { ...before!, credits: body.credits, status: 'adjusted', reason: body.reason };
      await recordAudit(
        trx,
        actor,
        {
          entity: 'attendance',
          entityId: attendanceId,
          action: 'update',
          before: { credits: before!.credits, status: before!.status, reason: before!.reason },
          after: { credits: after.credits, status: after.status, reason: after.reason },
          summary: `Adjusted the credits of ${row.email}: ${formatCredits(body.credits) || 'none'} (${body.reason})`,
        },
        nowIso,
      );
      await record?.(trx, after);
      return after;
    });
    return this.recomputeCompletion(courseId, adjusted, [adjusted.userId]);
  }

  async unmatched(courseId: string): Promise<UnmatchedRowDto[]> {
    await this.course(courseId);
    return listUnmatched(this.o.knex, courseId);
  }

  /** Whom an unmatched row may be matched to: the course's attendees now (name and e-mail). */
  async attendees(courseId: string): Promise<AttendeeChoiceDto[]> {
    await this.course(courseId);
    return attendeeChoices(this.o.knex, courseId, this.o.clock().toISOString());
  }

  /** Staff say who an unmatched row is (one of the course's attendees): it becomes their attendance. */
  async match(actor: Actor, courseId: string, unmatchedId: string, body: MatchRequest, record?: RecordAnswer<UnmatchedRowDto>): Promise<UnmatchedRowDto> {
    const matched = await matchUnmatched(this.o.knex, { actor, courseId, unmatchedId, body, nowIso: this.o.clock().toISOString() }, record);
    return this.recomputeCompletion(courseId, matched, [matched.resolvedUserId]);
  }
}
