/**
 * The attendee table's rows (issue 30, points 1 and 3) — staff's list, its CSV and an attendee's
 * own row all read them here: the recorded rows (a report, a check-in, a match) with credits by
 * the course's rule (an adjustment wins), and, for a course whose meeting is a link (Teams, Meet,
 * Webex: no provider report), the join log's rows. An attendee with a live right to the course
 * who opened their join link in its window (T-30 min to the end) and has no recorded row has one
 * from the log: joined at their first click (not before the start), left unknown, 0 minutes and
 * 0 credits — a click proves they joined, not how long they stayed — reading
 * `joined_by_link`. A report that covers them replaces it, being a recorded row. Refused clicks
 * (too early, late, refunded, unknown token) were never logged; a right that ended since, or a
 * click outside the window as it is now (a rescheduled session), gives no row either.
 */
import type { Knex } from 'knex';
import { ATTENDANCE_MESSAGES, JOIN_LOG_STATUS, type AttendanceRowDto } from '@contracts/attendance';
import { computeCredits, type Credit } from '@contracts/credits';
import { JOIN_OPENS_BEFORE_MS } from '@contracts/join-links';
import { Attendance, AttendanceAdjustment, type Course } from '@db/models';
import { sessionTimes } from '../calendar/calendar-invites';
import { whereLive } from '../enrollments/entitlements';
import { creditRulesOf } from './credit-rules';

type Db = Knex | Knex.Transaction;

/** One row before credits: recorded, or from the join log (its id the person's join link's; `clickedAt` their first click). */
export type RowFacts = Pick<
  Attendance,
  'id' | 'userId' | 'email' | 'name' | 'firstJoinedAt' | 'lastLeftAt' | 'seconds' | 'pollsAnswered' | 'pollsAsked' | 'source'
> & { clickedAt?: string };

/** One person's rows (`userId`), or the join-log row of one join link (`linkId`). */
export interface RowFilter {
  userId?: string;
  linkId?: string;
}

/** The join log's rows of a course whose meeting is a link, for entitled people with no recorded row: one query, whatever the number. */
export async function joinLogRows(db: Db, course: Course, nowIso: string, filter: RowFilter = {}): Promise<RowFacts[]> {
  const session = sessionTimes(course);
  if (!session) return [];
  const opens = new Date(Date.parse(session.start) - JOIN_OPENS_BEFORE_MS).toISOString();
  const live = db({ e: 'entitlements' }).select(db.raw('1')).whereRaw('?? = ??', ['e.user_id', 'l.user_id']).where('e.course_id', course.id);
  whereLive(live, nowIso, 'e');
  const recorded = db({ a: 'attendance' })
    .select(db.raw('1'))
    .where('a.course_id', course.id)
    .where((w) => w.whereRaw('?? = ??', ['a.user_id', 'l.user_id']).orWhereRaw('?? = lower(??)', ['a.email', 'u.email']));
  const query = db({ l: 'join_links' })
    .join({ c: 'join_clicks' }, 'c.join_link_id', 'l.id')
    .join({ u: 'users' }, 'u.id', 'l.user_id')
    .join({ m: 'meetings' }, 'm.course_id', 'l.course_id')
    .where('l.course_id', course.id)
    .where('c.course_id', course.id)
    .where('m.provider', 'link')
    .where('c.clicked_at', '>=', opens)
    .where('c.clicked_at', '<', session.end)
    .whereExists(live)
    .whereNotExists(recorded)
    .groupBy('l.id', 'l.user_id', 'u.email', 'u.name')
    .select('l.id as linkId', 'l.user_id as userId', 'u.email as email', 'u.name as name')
    .min({ clickedAt: 'c.clicked_at' });
  if (filter.userId) query.where('l.user_id', filter.userId);
  if (filter.linkId) query.where('l.id', filter.linkId);
  const rows = (await query) as Array<{ linkId: string; userId: string; email: string; name: string; clickedAt: string }>;
  return rows.map((r) => ({
    id: r.linkId,
    userId: r.userId,
    email: r.email.toLowerCase(),
    name: r.name,
    firstJoinedAt: r.clickedAt < session.start ? session.start : r.clickedAt,
    lastLeftAt: null,
    seconds: 0,
    pollsAnswered: 0,
    pollsAsked: 0,
    source: 'join_log',
    clickedAt: r.clickedAt,
  }));
}

/**
 * The course's rows by e-mail (or one person's). A join-log row kept as a recorded row (staff
 * adjusted it) gives way to a report's row for the same person under another e-mail.
 */
export async function courseRows(db: Db, course: Course, nowIso: string, filter: Pick<RowFilter, 'userId'> = {}): Promise<RowFacts[]> {
  const query = Attendance.query(db).where('course_id', course.id);
  if (filter.userId) query.where('user_id', filter.userId);
  const rows: RowFacts[] = [...(await query), ...(await joinLogRows(db, course, nowIso, filter))];
  const reported = new Set(rows.filter((r) => r.source !== 'join_log' && r.userId).map((r) => r.userId));
  return rows.filter((r) => r.source !== 'join_log' || !reported.has(r.userId)).sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/**
 * A join-log row staff adjust becomes a recorded row (its id the join link's, so the table's row
 * keeps its id), inside the caller's transaction; undefined when `linkId` is no such row.
 */
export async function recordJoinLogRow(trx: Knex.Transaction, course: Course, linkId: string, nowIso: string): Promise<RowFacts | undefined> {
  const [row] = await joinLogRows(trx, course, nowIso, { linkId });
  if (!row) return undefined;
  const { clickedAt: _clickedAt, ...facts } = row;
  await Attendance.query(trx).insert({ ...facts, courseId: course.id, intervals: [], importedAt: nowIso });
  return row;
}

/** "Nov 28, 9:45 AM EST" in the course's zone (plain spaces, whatever the ICU version). */
const clickTime = (iso: string, timeZone: string | null) =>
  new Date(iso)
    .toLocaleString('en-US', { timeZone: timeZone ?? 'UTC', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    .replace(/\s/g, ' ');

/** The rows as the table reads them: minutes, credits by the course's rule, status and reason (the newest adjustment wins). */
export async function rowDtos(db: Db, course: Course, rows: RowFacts[]): Promise<AttendanceRowDto[]> {
  const rules = await creditRulesOf(db, course.id);
  const adjustments = await AttendanceAdjustment.query(db).where('course_id', course.id).orderBy('adjusted_at').orderBy('id');
  const latest = new Map(adjustments.map((a) => [a.email, a]));
  return rows.map((row) => {
    const computed = computeCredits({ seconds: row.seconds, pollsAnswered: row.pollsAnswered, pollsAsked: row.pollsAsked }, rules);
    const adjusted = latest.get(row.email);
    const joinLog = row.source === 'join_log';
    const clicked = row.clickedAt ?? row.firstJoinedAt;
    return {
      id: row.id,
      userId: row.userId,
      email: row.email,
      name: row.name,
      joinedAt: row.firstJoinedAt,
      leftAt: row.lastLeftAt,
      minutes: computed.minutes,
      pollsAnswered: row.pollsAnswered,
      pollsAsked: row.pollsAsked,
      credits: adjusted ? (adjusted.credits as Credit[]) : computed.credits,
      status: adjusted ? 'adjusted' : joinLog ? JOIN_LOG_STATUS : computed.status,
      reason: adjusted ? adjusted.reason : joinLog && clicked ? ATTENDANCE_MESSAGES.joinedByLink(clickTime(clicked, course.timezone)) : computed.reason,
      source: row.source,
    };
  });
}
