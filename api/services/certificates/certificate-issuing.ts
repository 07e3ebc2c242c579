/**
 * Issuing (issue 32, point 1): a certificate per (person, course, completion), with its facts as
 * they are at issue — the account's name, the course's title, code, format, session date and
 * instructor, the credits (a live or in-person course's from the person's attendance, with staff's
 * adjustments; a self-study course's fixed ones from its settings) and `validUntil` from the
 * course's validity. Numbers come from the year's counter (`CERT-2026-000123`), taken in the
 * transaction that inserts, after its lock: issuers queue on it, and what one committed is seen by
 * the next, so a completion is issued once across processes and no number is skipped.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { certificateFormatOf, formatCertificateNumber, type CertificateFormat } from '@contracts/certificates';
import type { Credit } from '@contracts/credits';
import { Certificate, Course, CourseCertificateSettings, CourseCompletion, User } from '@db/models';
import { transaction } from '@db/transaction';
import type { Clock } from '../../lib/clock';
import { courseRows, rowDtos } from '../attendance/attendance-rows';
import { YearlyCounter } from '../platform/yearly-counter';
import { appendForMembers } from '../orgs/training-record';
import { queueCertificateMail } from './certificate-mail';

/** People per issuing transaction (the counter is held for its length). */
const PER_TRANSACTION = 100;

export const completionKey = (courseId: string, userId: string) => `completion:${courseId}:${userId}`;

/** `iso` plus `months` calendar months (UTC), the day clamped to the month's last. */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

/** Each person's credits in a live or in-person course: their attendance row's (adjusted) credits. */
async function attendanceCredits(knex: Knex, course: Course, userIds: string[], nowIso: string): Promise<Map<string, Credit[]>> {
  const rows = await courseRows(knex, course, nowIso, userIds.length === 1 ? { userId: userIds[0] } : {});
  const wanted = new Set(userIds);
  const dtos = await rowDtos(
    knex,
    course,
    rows.filter((row) => row.userId && wanted.has(row.userId)),
  );
  return new Map(dtos.map((dto) => [dto.userId!, dto.credits.filter((credit) => credit.amount > 0)]));
}

/** What a certificate says, before it has a number. */
export interface CertificateDraft {
  sourceKey: string;
  userId: string;
  courseId: string;
  holderName: string;
  /** The address it is issued to (the credential names the holder by it, hashed). */
  holderEmail: string | null;
  courseTitle: string;
  courseCode: string;
  courseType: string;
  format: CertificateFormat;
  sessionDate: string | null;
  completedAt: string;
  validUntil: string | null;
  credits: Credit[];
  instructorName: string | null;
}

/** The year's counter, locked first by every transaction that numbers certificates (`insertNumbered`). */
export const certificateNumbers = new YearlyCounter('certificate_counters', formatCertificateNumber);

/**
 * Numbers and inserts `drafts` in `trx`, which holds the counter of `now`'s year, and queues each
 * holder's mail (sent once this commits). Issued now.
 */
export async function insertNumbered(trx: Knex.Transaction, drafts: CertificateDraft[], now: Date): Promise<Certificate[]> {
  const rows: Certificate[] = [];
  for (const draft of drafts)
    rows.push(
      Certificate.fromJson({
        ...draft,
        id: crypto.randomUUID(),
        number: await certificateNumbers.next(trx, now.getUTCFullYear()),
        holderName: draft.holderName.slice(0, 200),
        courseTitle: draft.courseTitle.slice(0, 200),
        issuedAt: now.toISOString(),
        credits: draft.credits as unknown as Array<Record<string, unknown>>,
        revokedAt: null,
        revokedReason: null,
        supersededBy: null,
      }),
    );
  if (rows.length > 0) await Certificate.insertMany(trx, rows);
  for (const row of rows) await queueCertificateMail(trx, { certificateId: row.id, kind: 'issued' }, now);
  // Organisations' members: the completion and the certificate in their training records.
  await appendForMembers(
    trx,
    rows.flatMap((row) => [
      ...(row.sourceKey.startsWith('completion:')
        ? [
            {
              userId: row.userId,
              type: 'completed' as const,
              courseId: row.courseId,
              data: { completedAt: row.completedAt, course: row.courseTitle, code: row.courseCode },
            },
          ]
        : []),
      {
        userId: row.userId,
        type: 'certificate' as const,
        courseId: row.courseId,
        data: { number: row.number, issuedAt: row.issuedAt, validUntil: row.validUntil, credits: row.credits },
      },
    ]),
    now,
  );
  return rows;
}

/** Issues the certificates of `userIds`' completions of `courseId` not issued yet; returns how many it issued. */
export async function issueCertificates(knex: Knex, clock: Clock, courseId: string, userIds: readonly string[]): Promise<number> {
  const completions = await CourseCompletion.query(knex)
    .where('course_id', courseId)
    .whereIn('user_id', [...new Set(userIds)])
    .whereNotNull('completed_at');
  const issued = new Set(
    (
      await Certificate.query(knex)
        .whereIn(
          'source_key',
          completions.map((c) => completionKey(courseId, c.userId)),
        )
        .select('source_key')
    ).map((c) => c.sourceKey),
  );
  const pending = completions.filter((c) => !issued.has(completionKey(courseId, c.userId)));
  if (pending.length === 0) return 0;
  const course = await Course.query(knex).findById(courseId);
  if (!course) return 0;
  const nowIso = clock().toISOString();
  const format = certificateFormatOf(course.type);
  const [settings, users, live] = await Promise.all([
    CourseCertificateSettings.query(knex).findById(courseId),
    User.query(knex)
      .whereIn(
        'id',
        pending.map((c) => c.userId),
      )
      .select('id', 'name', 'email'),
    format === 'self_study'
      ? Promise.resolve(new Map<string, Credit[]>())
      : attendanceCredits(
          knex,
          course,
          pending.map((c) => c.userId),
          nowIso,
        ),
  ]);
  const names = new Map(users.map((user) => [user.id, user.name]));
  const emails = new Map(users.map((user) => [user.id, user.email]));
  const fixed = (settings?.credits ?? []) as unknown as Credit[];
  let count = 0;
  for (let i = 0; i < pending.length; i += PER_TRANSACTION) {
    const batch = pending.slice(i, i + PER_TRANSACTION).filter((c) => names.has(c.userId));
    const now = clock();
    const year = now.getUTCFullYear();
    await certificateNumbers.prepare(knex, year);
    count += await transaction(knex, async (trx) => {
      await certificateNumbers.lock(trx, year);
      // Read after the lock: what an earlier issuer committed is seen, so nothing is issued twice.
      const keys = batch.map((c) => completionKey(courseId, c.userId));
      const done = new Set((await Certificate.query(trx).whereIn('source_key', keys).select('source_key')).map((c) => c.sourceKey));
      const drafts = batch
        .filter((completion) => !done.has(completionKey(courseId, completion.userId)))
        .map((completion) => ({
          sourceKey: completionKey(courseId, completion.userId),
          userId: completion.userId,
          courseId,
          holderName: names.get(completion.userId)!,
          holderEmail: emails.get(completion.userId) ?? null,
          courseTitle: course.title,
          courseCode: course.code,
          courseType: course.type,
          format,
          sessionDate: format === 'self_study' ? null : course.startDate,
          completedAt: completion.completedAt!,
          validUntil: settings?.validityMonths ? addMonths(completion.completedAt!, settings.validityMonths) : null,
          credits: format === 'self_study' ? fixed : (live.get(completion.userId) ?? []),
          instructorName: course.instructorName,
        }));
      return (await insertNumbered(trx, drafts, now)).length;
    });
  }
  return count;
}
