/**
 * Report rows nobody bought with (issue 30, point 3): listed for staff, never dropped, and matched
 * by staff to one of the course's attendees — a person with a live entitlement to it, picked from
 * `attendeeChoices`. Anyone else is refused (422) and nothing changes.
 */
import type { Knex } from 'knex';
import { ATTENDANCE_MESSAGES, type AttendeeChoiceDto, type MatchRequest, type UnmatchedRowDto } from '@contracts/attendance';
import { Attendance, AttendanceUnmatched, Entitlement, User } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import { whereLive } from '../enrollments/entitlements';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { fieldsOf, lockCourseAttendance, pollCounts, writeAttendance } from './attendance-store';
import type { Interval } from './intervals';

const dtoOf = (r: AttendanceUnmatched): UnmatchedRowDto => ({
  id: r.id,
  source: r.source,
  email: r.email,
  name: r.name,
  minutes: Math.floor(r.seconds / 60),
  intervals: r.intervals,
  resolvedUserId: r.resolvedUserId,
  resolvedAt: r.resolvedAt,
});

export async function listUnmatched(db: Knex, courseId: string): Promise<UnmatchedRowDto[]> {
  return (await AttendanceUnmatched.query(db).where('course_id', courseId).orderBy('person_key')).map(dtoOf);
}

/** The people with a live entitlement to the course now, by name then e-mail: whom a row may be matched to. */
export async function attendeeChoices(db: Knex | Knex.Transaction, courseId: string, nowIso: string): Promise<AttendeeChoiceDto[]> {
  const query = Entitlement.query(db).join('users', 'users.id', 'entitlements.user_id').where('entitlements.course_id', courseId);
  whereLive(query, nowIso);
  const rows = (await query
    .distinct('users.id as userId', 'users.name as name', 'users.email as email')
    .orderBy('users.name')
    .orderBy('users.email')) as unknown as AttendeeChoiceDto[];
  return rows.map(({ userId, name, email }) => ({ userId, name: name ?? '', email }));
}

async function isAttendee(trx: Knex.Transaction, courseId: string, userId: string, nowIso: string): Promise<boolean> {
  const query = Entitlement.query(trx).where({ 'entitlements.course_id': courseId, 'entitlements.user_id': userId });
  whereLive(query, nowIso);
  return (await query.first()) !== undefined;
}

/** Staff say who an unmatched row is: it becomes their attendance (and stays matched on re-import). */
export async function matchUnmatched(
  db: Knex,
  input: { actor: Actor; courseId: string; unmatchedId: string; body: MatchRequest; nowIso: string },
  record?: RecordAnswer<UnmatchedRowDto>,
): Promise<UnmatchedRowDto> {
  const { actor, courseId, body, nowIso } = input;
  return transaction(db, async (trx) => {
    await lockCourseAttendance(trx, courseId);
    const row = await AttendanceUnmatched.query(trx).findById(input.unmatchedId).where('course_id', courseId);
    if (!row) throw AppError.notFound('Unmatched row not found');
    if (row.resolvedUserId) throw AppError.conflict('This row was matched already');
    const user = 'userId' in body ? await User.query(trx).findById(body.userId) : await User.query(trx).where('email', body.email).first();
    if (!user) throw AppError.notFound('No account has this e-mail address');
    if (!(await isAttendee(trx, courseId, user.id, nowIso))) throw new AppError('unprocessable', ATTENDANCE_MESSAGES.notEntitled);
    const email = row.email || user.email.toLowerCase();
    // A row from the join log proves only a click: a report's row about the person takes its place (attendance-rows hides it).
    if (await Attendance.query(trx).where({ course_id: courseId, user_id: user.id }).whereNot('email', email).whereNot('source', 'join_log').first())
      throw AppError.conflict('This person already has attendance recorded for this course');
    const updated = await AttendanceUnmatched.query(trx)
      .findById(row.id)
      .whereNull('resolved_user_id')
      .patch({ resolvedUserId: user.id, resolvedBy: actor.id, resolvedAt: nowIso });
    if (updated !== 1) throw AppError.conflict('This row was matched already');
    const intervals: Interval[] = row.intervals.map(([a, b]) => [Date.parse(a), Date.parse(b)]);
    const polls = await pollCounts(trx, courseId, row.source);
    const person = { intervals, seconds: row.seconds, name: row.name || user.name };
    await writeAttendance(trx, courseId, email, fieldsOf(person, user.id, row.source, { answered: polls.answered(email), asked: polls.asked }), nowIso);
    const after = dtoOf((await AttendanceUnmatched.query(trx).findById(row.id))!);
    await recordAudit(
      trx,
      actor,
      {
        entity: 'attendance',
        entityId: row.id,
        action: 'update',
        before: { resolvedUserId: null },
        after: { resolvedUserId: user.id, email: row.email || null, name: row.name },
        summary: `Matched ${row.email || row.name} to ${user.email}`,
      },
      nowIso,
    );
    await record?.(trx, after);
    return after;
  });
}
