/**
 * Writing a course's attendance from one source's report, inside the caller's transaction: the
 * report's people replace what that source wrote before, row by row, so importing the same report
 * again changes nothing (same ids, same `imported_at`); unmatched people are kept for staff; poll
 * answers are kept per person and question. The Zoom import and the CSV upload both come here.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  Attendance,
  AttendancePollAnswer,
  AttendanceUnmatched,
  Entitlement,
  MeetingRegistrant,
  type AttendanceInterval,
  type AttendanceSource,
} from '@db/models';
import { isMysql } from '@db/errors';
import { whereLive } from '../enrollments/entitlements';
import { matchPeople, type Attendee, type Interval, type MatchOptions, type Presence } from './intervals';

const iso = (ms: number) => new Date(ms).toISOString();
const isoIntervals = (intervals: Interval[]): AttendanceInterval[] => intervals.map(([a, b]) => [iso(a), iso(b)]);

/** The course's entitled attendees now (their account e-mails). */
export async function entitledAttendees(db: Knex | Knex.Transaction, courseId: string, nowIso: string): Promise<Attendee[]> {
  const query = Entitlement.query(db).join('users', 'users.id', 'entitlements.user_id').where('entitlements.course_id', courseId);
  whereLive(query, nowIso);
  const rows = (await query.distinct('users.id as userId', 'users.email as email')) as unknown as Attendee[];
  return rows;
}

/** The course's Zoom registrants: registrant id → user (the meetings domain's table). */
export async function registrantsOf(db: Knex | Knex.Transaction, courseId: string): Promise<Map<string, string>> {
  const rows = await MeetingRegistrant.query(db)
    .join('meetings', 'meetings.id', 'meeting_registrants.meeting_id')
    .where('meetings.course_id', courseId)
    .whereNotNull('meeting_registrants.provider_registrant_id')
    .select('meeting_registrants.provider_registrant_id', 'meeting_registrants.user_id');
  return new Map(rows.map((row) => [row.providerRegistrantId!, row.userId]));
}

/** Staff resolutions of the source's unmatched people: person key → user. */
export async function resolutions(db: Knex | Knex.Transaction, courseId: string, source: AttendanceSource): Promise<Map<string, string>> {
  const rows = await AttendanceUnmatched.query(db).where({ course_id: courseId, source }).whereNotNull('resolved_user_id');
  return new Map(rows.map((row) => [row.personKey, row.resolvedUserId!]));
}

/** Polls of the source: how many questions were asked, and how many each e-mail answered. */
export async function pollCounts(trx: Knex.Transaction, courseId: string, source: AttendanceSource) {
  const rows = await AttendancePollAnswer.query(trx).where({ course_id: courseId, source }).select('email', 'question_hash');
  const asked = new Set(rows.map((r) => r.questionHash)).size;
  const answered = new Map<string, number>();
  for (const row of rows) answered.set(row.email, (answered.get(row.email) ?? 0) + 1);
  return { asked, answered: (email: string) => answered.get(email) ?? 0 };
}

interface AttendanceFields {
  userId: string | null;
  name: string;
  intervals: AttendanceInterval[];
  seconds: number;
  firstJoinedAt: string | null;
  lastLeftAt: string | null;
  pollsAnswered: number;
  pollsAsked: number;
  source: AttendanceSource;
}

const same = (row: Attendance, fields: AttendanceFields) =>
  (Object.keys(fields) as Array<keyof AttendanceFields>).every((key) => JSON.stringify(row[key]) === JSON.stringify(fields[key]));

/** Writes one person's row (insert, or a patch only when something differs); returns whether it changed. */
export async function writeAttendance(trx: Knex.Transaction, courseId: string, email: string, fields: AttendanceFields, nowIso: string): Promise<boolean> {
  const existing = await Attendance.query(trx).where({ course_id: courseId, email }).first();
  if (existing && same(existing, fields)) return false;
  if (existing)
    await Attendance.query(trx)
      .findById(existing.id)
      .patch({ ...fields, importedAt: nowIso });
  else await Attendance.query(trx).insert({ id: crypto.randomUUID(), courseId, email, ...fields, importedAt: nowIso });
  return true;
}

export function fieldsOf(
  person: { intervals: Interval[]; seconds: number; name: string },
  userId: string,
  source: AttendanceSource,
  polls: { answered: number; asked: number },
): AttendanceFields {
  const intervals = person.intervals;
  return {
    userId,
    name: person.name.slice(0, 200),
    intervals: isoIntervals(intervals),
    seconds: person.seconds,
    firstJoinedAt: intervals.length ? iso(intervals[0]![0]) : null,
    lastLeftAt: intervals.length ? iso(intervals[intervals.length - 1]![1]) : null,
    pollsAnswered: polls.answered,
    pollsAsked: polls.asked,
    source,
  };
}

export interface ReplaceResult {
  matched: number;
  unmatched: number;
  changed: number;
}

/** The source's attendance for the course becomes `people` (merged presence); returns what changed. */
/**
 * One writer of a course's attendance at a time: imports, Zoom fetches, check-in jobs and matches
 * may run at once in several processes, and two replacing the same people would both insert them
 * (a duplicate key on MariaDB). The course's row is locked first; SQLite writes one transaction at
 * a time anyway.
 */
export async function lockCourseAttendance(trx: Knex.Transaction, courseId: string): Promise<void> {
  if (isMysql(trx)) await trx('courses').where('id', courseId).forUpdate().first('id');
}

/** When a new adjustment of `email` is made: now, or just after the latest (the newest wins, even two within a millisecond). */
export async function nextAdjustmentAt(trx: Knex.Transaction, courseId: string, email: string, nowIso: string): Promise<string> {
  const last = (await trx('attendance_adjustments').where({ course_id: courseId, email }).max({ at: 'adjusted_at' }).first()) as
    { at: string | null } | undefined;
  return last?.at && last.at >= nowIso ? new Date(Date.parse(last.at) + 1).toISOString() : nowIso;
}

export async function replaceAttendance(
  trx: Knex.Transaction,
  input: { courseId: string; source: AttendanceSource; people: Presence[]; nowIso: string; registrants?: MatchOptions['registrants'] },
): Promise<ReplaceResult> {
  const { courseId, source, nowIso } = input;
  const attendees = await entitledAttendees(trx, courseId, nowIso);
  const { matched, unmatched } = matchPeople(input.people, attendees, { registrants: input.registrants, resolved: await resolutions(trx, courseId, source) });
  const polls = await pollCounts(trx, courseId, source);
  let changed = 0;
  const kept = new Set<string>();
  // Read once, written in batches: a 5,000-person report is a few statements, not 10,000.
  const existing = new Map((await Attendance.query(trx).where('course_id', courseId)).map((row) => [row.email, row]));
  const inserts: Array<Partial<Attendance>> = [];
  for (const person of matched) {
    kept.add(person.email);
    const fields = fieldsOf(person, person.userId, source, { answered: polls.answered(person.email), asked: polls.asked });
    const row = existing.get(person.email);
    if (row && same(row, fields)) continue;
    changed += 1;
    if (row)
      await Attendance.query(trx)
        .findById(row.id)
        .patch({ ...fields, importedAt: nowIso });
    else inserts.push({ id: crypto.randomUUID(), courseId, email: person.email, ...fields, importedAt: nowIso });
  }
  for (let i = 0; i < inserts.length; i += 500) await Attendance.insertMany(trx, inserts.slice(i, i + 500));
  const gone = (await Attendance.query(trx).where({ course_id: courseId, source }).select('id', 'email')).filter((row) => !kept.has(row.email));
  if (gone.length) {
    await Attendance.query(trx)
      .whereIn(
        'id',
        gone.map((row) => row.id),
      )
      .delete();
    changed += gone.length;
  }
  changed += await replaceUnmatched(trx, courseId, source, unmatched, nowIso);
  return { matched: matched.length, unmatched: unmatched.length, changed };
}

/** Unresolved unmatched rows of the source become `people`; resolved ones stay (their resolution is evidence). */
async function replaceUnmatched(trx: Knex.Transaction, courseId: string, source: AttendanceSource, people: Presence[], nowIso: string): Promise<number> {
  const existing = new Map((await AttendanceUnmatched.query(trx).where({ course_id: courseId, source })).map((row) => [row.personKey, row]));
  let changed = 0;
  for (const person of people) {
    const fields = { email: person.email.slice(0, 320), name: person.name.slice(0, 200), intervals: isoIntervals(person.intervals), seconds: person.seconds };
    const row = existing.get(person.key.slice(0, 330));
    existing.delete(person.key.slice(0, 330));
    if (row && JSON.stringify([row.email, row.name, row.intervals, row.seconds]) === JSON.stringify(Object.values(fields))) continue;
    if (row) await AttendanceUnmatched.query(trx).findById(row.id).patch(fields);
    else
      await AttendanceUnmatched.query(trx).insert({
        id: crypto.randomUUID(),
        courseId,
        source,
        personKey: person.key.slice(0, 330),
        ...fields,
        createdAt: nowIso,
      });
    changed += 1;
  }
  const stale = [...existing.values()].filter((row) => !row.resolvedUserId);
  if (stale.length)
    await AttendanceUnmatched.query(trx)
      .whereIn(
        'id',
        stale.map((row) => row.id),
      )
      .delete();
  return changed + stale.length;
}

/** The source's poll answers become `answers` (e-mail → question hashes); the attendance rows' poll counts follow. */
export async function replacePolls(
  trx: Knex.Transaction,
  courseId: string,
  source: AttendanceSource,
  answers: Map<string, Set<string>>,
  nowIso: string,
): Promise<number> {
  const wanted = [...answers].flatMap(([email, hashes]) => [...hashes].map((questionHash) => ({ courseId, source, email: email.slice(0, 320), questionHash })));
  const key = (a: { email: string; questionHash: string }) => `${a.email}\u0000${a.questionHash}`;
  const existing = new Set((await AttendancePollAnswer.query(trx).where({ course_id: courseId, source })).map(key));
  let changed = 0;
  if (existing.size !== wanted.length || wanted.some((a) => !existing.has(key(a)))) {
    await AttendancePollAnswer.query(trx).where({ course_id: courseId, source }).delete();
    for (let i = 0; i < wanted.length; i += 500) await AttendancePollAnswer.insertMany(trx, wanted.slice(i, i + 500));
    changed += 1;
  }
  const polls = await pollCounts(trx, courseId, source);
  for (const row of await Attendance.query(trx).where({ course_id: courseId, source })) {
    const counts = { pollsAnswered: polls.answered(row.email), pollsAsked: polls.asked };
    if (row.pollsAnswered === counts.pollsAnswered && row.pollsAsked === counts.pollsAsked) continue;
    await Attendance.query(trx)
      .findById(row.id)
      .patch({ ...counts, importedAt: nowIso });
    changed += 1;
  }
  return changed;
}
