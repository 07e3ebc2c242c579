/**
 * Claiming the reminders that are due, safe in any number of processes on the database (see
 * `reminder-delivery.ts` for the whole flow):
 * - new due reminders are inserted under this sweep's claim token (`INSERT … ON CONFLICT DO
 *   NOTHING` on `(enrollment, start, kind)`), then read back by the token: whatever another
 *   process claimed first is not ours;
 * - a claimed row whose lease ran out (its sender crashed, or a retry's backoff is over) is taken
 *   over with a conditional UPDATE that only one process can win;
 * - a claimed row whose session has started and whose lease is over is `expired`.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { retryOnLockError } from '@db/transaction';
import { SessionReminder, type ReminderStatus } from '@db/models';
import { LIVE_SESSION_TYPES } from '@contracts/push';
import type { Clock } from '../../lib/clock';
import { dueReminders, reminderWindows, type PlannedReminder, type ReminderCandidate, type ReminderKind } from './session-reminders';

export interface ReminderClaimsOptions {
  knex: Knex;
  clock: Clock;
  /** How long a claim is ours before another sweep may take it over. */
  leaseMs: number;
  /** Reminders claimed at a time. */
  batchSize: number;
}

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const byKey = (a: PlannedReminder, b: PlannedReminder) =>
  a.enrollmentId < b.enrollmentId
    ? -1
    : a.enrollmentId > b.enrollmentId
      ? 1
      : a.startsAt < b.startsAt
        ? -1
        : a.startsAt > b.startsAt
          ? 1
          : a.kind < b.kind
            ? -1
            : a.kind > b.kind
              ? 1
              : 0;

export class ReminderClaims {
  constructor(private readonly o: ReminderClaimsOptions) {}

  /** Claimed reminders whose session has started and whose lease is over: too late to send. */
  async expireStarted(): Promise<number> {
    const nowIso = this.o.clock().toISOString();
    return SessionReminder.query(this.o.knex).modify('leaseOver', nowIso).where('starts_at', '<=', nowIso).patch({ status: 'expired', updatedAt: nowIso });
  }

  /**
   * Claims up to one batch: first reminders whose lease ran out, then new due ones. `claims`: the
   * rows this call holds (its own claim token); `found`: reminders that were due or free (claimed
   * by this call or by another process meanwhile).
   */
  async claim(): Promise<{ claims: SessionReminder[]; found: number }> {
    const now = this.o.clock();
    const nowIso = now.toISOString();
    const token = crypto.randomUUID();
    const leaseUntil = new Date(now.getTime() + this.o.leaseMs).toISOString();
    const knex = this.o.knex;

    const stale = await SessionReminder.query(knex)
      .modify('leaseOver', nowIso)
      .where('starts_at', '>', nowIso)
      .orderBy('lease_until')
      .limit(this.o.batchSize)
      .select('id');
    if (stale.length > 0) {
      await retryOnLockError(async () =>
        SessionReminder.query(knex)
          .whereIn(
            'id',
            stale.map((row) => row.id),
          )
          .modify('leaseOver', nowIso)
          .patch({ claimToken: token, leaseUntil, attempts: knex.raw('attempts + 1') as unknown as number, updatedAt: nowIso }),
      );
    }

    let found = stale.length;
    const room = this.o.batchSize - stale.length;
    if (room > 0) {
      const { due, skipped } = dueReminders(await this.candidates(now, room * 4), now);
      found += due.length;
      // A random share of what is due, so processes sweeping together mostly claim different rows;
      // inserted in key order (two inserts locking the same keys in opposite orders could deadlock).
      const chosen = (due.length > room ? shuffle(due).slice(0, room) : due).sort(byKey);
      const row = (r: PlannedReminder, status: ReminderStatus, extra: Partial<SessionReminder> = {}) => ({
        id: crypto.randomUUID(),
        enrollmentId: r.enrollmentId,
        courseId: '',
        userId: '',
        startsAt: r.startsAt,
        kind: r.kind,
        status,
        claimToken: token,
        leaseUntil,
        attempts: 1,
        deliveredTo: [],
        channel: null,
        lastError: null,
        sentAt: null,
        createdAt: nowIso,
        updatedAt: nowIso,
        ...extra,
      });
      const rows = [...chosen.map((r) => row(r, 'claimed')), ...skipped.map((r) => row(r, 'cancelled', { lastError: 'Enrolled after the reminder time' }))];
      const owners = await this.owners(rows.map((r) => r.enrollmentId));
      const complete = rows.filter((r) => owners.has(r.enrollmentId)).map((r) => ({ ...r, ...owners.get(r.enrollmentId)! }));
      for (let i = 0; i < complete.length; i += 200) {
        await retryOnLockError(() =>
          SessionReminder.insertMany(knex, complete.slice(i, i + 200), { ignoreConflictsOn: ['enrollment_id', 'starts_at', 'kind'] }),
        );
      }
    }
    const claims = await SessionReminder.query(knex).where('claim_token', token).where('status', 'claimed').orderBy('starts_at');
    return { claims, found };
  }

  /** Enrollments in active live sessions inside a reminder window whose reminder for it is not claimed yet. */
  private async candidates(now: Date, limit: number): Promise<ReminderCandidate[]> {
    const { soon, dayBefore } = reminderWindows(now);
    const claim = (alias: string, kind: ReminderKind) => (join: Knex.JoinClause) =>
      join.on(`${alias}.enrollment_id`, '=', 'e.id').andOn(`${alias}.starts_at`, '=', 'c.start_date').andOnVal(`${alias}.kind`, '=', kind);
    const rows: Array<{ enrollment_id: string; enrolled_at: string; start_date: string; day_claim: string | null; soon_claim: string | null }> = await this.o
      .knex({ e: 'enrollments' })
      .join({ c: 'courses' }, 'c.id', 'e.course_id')
      .leftJoin({ d: 'session_reminders' }, claim('d', 'day_before'))
      .leftJoin({ s: 'session_reminders' }, claim('s', 'soon'))
      .whereIn('c.type', [...LIVE_SESSION_TYPES])
      .where('c.is_active', true)
      .whereNull('c.archived_at')
      .where((w) =>
        w
          .where((soonWindow) => soonWindow.where('c.start_date', '>', soon.after).where('c.start_date', '<=', soon.until).whereNull('s.id'))
          .orWhere((dayWindow) => dayWindow.where('c.start_date', '>', dayBefore.after).where('c.start_date', '<=', dayBefore.until).whereNull('d.id')),
      )
      .orderBy([{ column: 'c.start_date' }, { column: 'e.id' }])
      .limit(limit)
      .select('e.id as enrollment_id', 'e.enrolled_at', 'c.start_date', 'd.id as day_claim', 's.id as soon_claim');
    return rows.map((r) => ({
      enrollmentId: r.enrollment_id,
      enrolledAt: r.enrolled_at,
      startsAt: r.start_date,
      claimed: [...(r.day_claim ? (['day_before'] as const) : []), ...(r.soon_claim ? (['soon'] as const) : [])],
    }));
  }

  private async owners(enrollmentIds: string[]): Promise<Map<string, { userId: string; courseId: string }>> {
    const map = new Map<string, { userId: string; courseId: string }>();
    for (let i = 0; i < enrollmentIds.length; i += 500) {
      const rows: Array<{ id: string; user_id: string; course_id: string }> = await this.o
        .knex('enrollments')
        .whereIn('id', enrollmentIds.slice(i, i + 500))
        .select('id', 'user_id', 'course_id');
      for (const r of rows) map.set(r.id, { userId: r.user_id, courseId: r.course_id });
    }
    return map;
  }
}
