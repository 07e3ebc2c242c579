/**
 * Check-in and check-out times become the attendance of a seminar (issue 30, point 5): each seat's
 * scans, in time order, pair an "in" with the next "out" into an interval present, and the whole
 * course's intervals are recorded as the attendance source `check_in` (the attendance domain
 * merges them, clips them to the session and computes credits by the course's rule).
 *
 * A check-in queues the `check-in-attendance` job in its own transaction (keyed by the check-in,
 * so a replayed scan queues nothing new); the job reads every scan of the course when it runs, so
 * the last one queued sees them all. Decided: an "in" without its "out" counts nothing until the
 * person is checked out (no credit for time nobody saw; staff check out or adjust with a reason);
 * a second "in" while in, or an "out" while out, is a repeated scan and ignored.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { queuedJob } from '@api/jobs/definitions';
import { enqueue } from '@api/jobs/queue';
import type { AttendanceService } from '../attendance/attendance-service';
import type { ReportRow } from '../attendance/intervals';

export const CHECK_IN_ATTENDANCE = queuedJob('check-in-attendance', z.object({ courseId: z.string().min(1).max(36) }));
export type CheckInAttendancePayload = z.infer<typeof CHECK_IN_ATTENDANCE.payload>;

/** Queues the course's attendance from its scans, in the transaction that stored check-in `checkInId`. */
export async function queueCheckInAttendance(trx: Knex.Transaction, courseId: string, checkInId: string, now: Date): Promise<void> {
  await enqueue(trx, CHECK_IN_ATTENDANCE, { courseId }, `check-in:${checkInId}`, { now });
}

interface Scan {
  entitlement_id: string;
  kind: 'in' | 'out';
  at: string;
  email: string | null;
  name: string | null;
}

/** Each seat's in/out pairs as report rows (one per interval present). */
export async function checkInRows(knex: Knex, courseId: string): Promise<ReportRow[]> {
  const scans: Scan[] = await knex('check_ins')
    .join('entitlements', 'entitlements.id', 'check_ins.entitlement_id')
    .join('users', 'users.id', 'entitlements.user_id')
    .where('check_ins.course_id', courseId)
    .orderBy('check_ins.entitlement_id')
    .orderBy('check_ins.at')
    .select('check_ins.entitlement_id', 'check_ins.kind', 'check_ins.at', 'users.email', 'users.name');
  const rows: ReportRow[] = [];
  let seat: string | null = null;
  let since: number | null = null;
  for (const scan of scans) {
    if (scan.entitlement_id !== seat) {
      seat = scan.entitlement_id;
      since = null;
    }
    const at = Date.parse(scan.at);
    if (scan.kind === 'in') since ??= at;
    else if (since !== null) {
      rows.push({ email: scan.email ?? '', name: scan.name ?? scan.email ?? '', join: since, leave: at });
      since = null;
    }
  }
  return rows;
}

/** How many scans the course has (and the latest's arrival): a new scan while recording means recording again. */
async function scanMark(knex: Knex, courseId: string): Promise<string> {
  const mark = (await knex('check_ins').where('course_id', courseId).count({ n: '*' }).max({ last: 'received_at' }).first()) as {
    n: number | string;
    last: string | null;
  };
  return `${Number(mark.n)}:${mark.last ?? ''}`;
}

/** Records the course's check-in attendance from its scans as they stand (again while scans keep arriving, at most three times). */
export async function recordCheckInAttendance(knex: Knex, attendance: AttendanceService, courseId: string): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const before = await scanMark(knex, courseId);
    await attendance.recordReport({ courseId, source: 'check_in', rows: await checkInRows(knex, courseId), registrants: new Map() });
    if ((await scanMark(knex, courseId)) === before) return;
  }
}
