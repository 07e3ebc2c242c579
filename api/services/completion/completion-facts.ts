/**
 * What a course's completion rule is judged on (`CompletionFacts`, `contracts/completion.ts`), for
 * many people and courses at once: a fixed number of queries whatever their number (people are
 * read in chunks of `CHUNK`, so a course of thousands is a few queries more, never one per person).
 * - videos: the course's video lessons whose asset is ready (its duration), and what each person
 *   watched of them (`lesson_progress.watched_seconds`);
 * - the final exam: a non-deleted `final` assessment, passed by any submitted attempt;
 * - attendance: the recorded rows (`attendance`) with their minutes and credits by the course's
 *   credit rule (`computeCredits`; the newest staff adjustment of a row wins, as the attendance
 *   table reads them). Join-log rows (a click, no minutes, no credits) add nothing and are left out;
 * - check-in: a scan `in` of the person's ticket, or a recorded row from check-in.
 */
import type { Knex } from 'knex';
import type { CompletionFacts, CompletionRule } from '@contracts/completion';
import { computeCredits, type Credit } from '@contracts/credits';
import { parseCreditRules } from '../attendance/credit-rules';

type Db = Knex | Knex.Transaction;

/** People per `IN (…)` list (SQLite's variable limit and MySQL's packet stay far away). */
export const CHUNK = 500;

export const factsKey = (courseId: string, userId: string) => `${courseId} ${userId}`;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `read` over `keys` (people, e-mails) a chunk at a time, the rows together; none for no keys. */
export async function byChunks<R>(keys: readonly string[], read: (ids: string[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const ids of chunks(keys)) out.push(...(await read(ids)));
  return out;
}

/** The facts some rule judges; the others are left blank (`evaluateCompletion` never looks at them). */
interface FactNeeds {
  videos: boolean;
  exam: boolean;
  /** Attendance rows: minutes, credits, and a check-in recorded as attendance. */
  attendance: boolean;
  credits: boolean;
  checkIn: boolean;
}

function needsOf(rules: readonly CompletionRule[]): FactNeeds {
  const any = (asks: (rule: CompletionRule) => unknown) => rules.some((rule) => !!asks(rule));
  return {
    videos: any((r) => r.minWatchedPercent),
    exam: any((r) => r.finalExamPassed),
    attendance: any((r) => r.minAttendanceMinutes || r.minCredits || r.checkInRequired),
    credits: any((r) => r.minCredits),
    checkIn: any((r) => r.checkInRequired),
  };
}

export type FinalExam = { id: string; courseId: string };

/** The courses' final exams (not deleted): the default rule asks for one where there is one. */
export async function finalExamsOf(db: Db, courseIds: readonly string[]): Promise<FinalExam[]> {
  return db('assessments')
    .whereIn('course_id', [...courseIds])
    .where('kind', 'final')
    .whereNull('deleted_at')
    .select('id', 'course_id as courseId');
}

/**
 * The facts of every (course, person) pair of `courseIds` × `userIds`, per `factsKey(course, person)`:
 * only those the rules in `judgedBy` judge are read (a recorded course's progress report reads no attendance).
 */
export async function loadCompletionFacts(
  db: Db,
  courseIds: readonly string[],
  userIds: readonly string[],
  finals: readonly FinalExam[],
  judgedBy: readonly CompletionRule[],
): Promise<Map<string, CompletionFacts>> {
  const needs = needsOf(judgedBy);
  const facts = new Map<string, CompletionFacts>();
  if (courseIds.length === 0 || userIds.length === 0) return facts;
  const courses = [...courseIds];

  const videos: Array<{ id: string; courseId: string; duration: number | null }> = !needs.videos
    ? []
    : await db({ l: 'lessons' })
        .join({ v: 'video_assets' }, 'v.id', 'l.video_asset_id')
        .whereIn('l.course_id', courses)
        .where('l.kind', 'video')
        .where('v.status', 'ready')
        .orderBy('l.position')
        .select('l.id as id', 'l.course_id as courseId', 'v.duration_seconds as duration');
  const lessonIds = videos.map((v) => v.id);
  const watched: Array<{ userId: string; lessonId: string; seconds: number }> = lessonIds.length
    ? await byChunks(userIds, (ids) =>
        db('lesson_progress')
          .whereIn('lesson_id', lessonIds)
          .whereIn('user_id', ids)
          .select('user_id as userId', 'lesson_id as lessonId', 'watched_seconds as seconds'),
      )
    : [];

  const passed: Array<{ courseId: string; userId: string }> =
    needs.exam && finals.length
      ? await byChunks(userIds, (ids) =>
          db('assessment_attempts')
            .whereIn(
              'assessment_id',
              finals.map((f) => f.id),
            )
            .whereIn('user_id', ids)
            .where('status', 'submitted')
            .where('passed', true)
            .distinct('course_id as courseId', 'user_id as userId'),
        )
      : [];

  const creditRules = new Map(
    (needs.attendance
      ? ((await db('courses').whereIn('id', courses).select('id', 'credit_rules as creditRules')) as Array<{ id: string; creditRules: unknown }>)
      : []
    ).map((c) => [c.id, parseCreditRules(c.creditRules)]),
  );
  const rows: Array<{ courseId: string; userId: string; email: string; seconds: number; pollsAnswered: number; pollsAsked: number; source: string }> =
    !needs.attendance
      ? []
      : await byChunks(userIds, (ids) =>
          db('attendance')
            .whereIn('course_id', courses)
            .whereIn('user_id', ids)
            .select('course_id as courseId', 'user_id as userId', 'email', 'seconds', 'polls_answered as pollsAnswered', 'polls_asked as pollsAsked', 'source'),
        );
  // Only the adjustments of these rows' e-mails (a one-person recompute reads that person's, not the course's).
  const adjustments: Array<{ courseId: string; email: string; credits: unknown }> = await byChunks(
    needs.credits ? [...new Set(rows.map((r) => r.email))] : [],
    (emails) =>
      db('attendance_adjustments')
        .whereIn('course_id', courses)
        .whereIn('email', emails)
        .orderBy('adjusted_at')
        .orderBy('id')
        .select('course_id as courseId', 'email', 'credits'),
  );
  const adjusted = new Map(
    adjustments.map((a) => [`${a.courseId} ${a.email}`, (typeof a.credits === 'string' ? JSON.parse(a.credits) : a.credits) as Credit[]]),
  );

  const scans: Array<{ courseId: string; userId: string }> = await byChunks(needs.checkIn ? userIds : [], (ids) =>
    db({ t: 'tickets' })
      .join({ c: 'check_ins' }, 'c.ticket_id', 't.id')
      .whereIn('t.course_id', courses)
      .whereIn('t.user_id', ids)
      .where('c.kind', 'in')
      .distinct('t.course_id as courseId', 't.user_id as userId'),
  );

  const blank = (courseId: string): CompletionFacts => ({
    videos: videos.filter((v) => v.courseId === courseId).map((v) => ({ lessonId: v.id, durationSeconds: v.duration ?? 0, watchedSeconds: 0 })),
    finalExamPassed: false,
    attendedMinutes: 0,
    credits: 0,
    checkedIn: false,
  });
  for (const courseId of courses) for (const userId of userIds) facts.set(factsKey(courseId, userId), blank(courseId));
  const courseOfLesson = new Map(videos.map((v) => [v.id, v.courseId]));
  for (const w of watched) {
    const video = facts.get(factsKey(courseOfLesson.get(w.lessonId)!, w.userId))?.videos.find((v) => v.lessonId === w.lessonId);
    if (video) video.watchedSeconds = Number(w.seconds) || 0;
  }
  for (const p of passed) facts.get(factsKey(p.courseId, p.userId))!.finalExamPassed = true;
  const creditsByKind = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const person = facts.get(factsKey(row.courseId, row.userId))!;
    const computed = computeCredits(
      { seconds: Number(row.seconds), pollsAnswered: Number(row.pollsAnswered), pollsAsked: Number(row.pollsAsked) },
      creditRules.get(row.courseId) ?? null,
    );
    person.attendedMinutes += computed.minutes;
    if (row.source === 'check_in') person.checkedIn = true;
    const kinds = creditsByKind.get(factsKey(row.courseId, row.userId)) ?? new Map<string, number>();
    for (const credit of adjusted.get(`${row.courseId} ${row.email}`) ?? computed.credits)
      kinds.set(credit.kind, (kinds.get(credit.kind) ?? 0) + credit.amount);
    creditsByKind.set(factsKey(row.courseId, row.userId), kinds);
  }
  // Several credit kinds (CPE, CME) are the same session counted for each body: the largest counts.
  for (const [key, kinds] of creditsByKind) facts.get(key)!.credits = Math.max(0, ...kinds.values());
  for (const s of scans) facts.get(factsKey(s.courseId, s.userId))!.checkedIn = true;
  return facts;
}
