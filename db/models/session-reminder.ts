import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

export type ReminderKind = 'day_before' | 'soon';
export type ReminderStatus = 'claimed' | 'sent' | 'cancelled' | 'expired';

/**
 * One reminder of one enrollment for one session start, claimed before it is sent (the unique key
 * `(enrollment_id, starts_at, kind)`). `claimed` rows belong to the sweep holding `claim_token`
 * until `lease_until`; after that (a crash, or a retry's backoff) another sweep takes them over
 * with a conditional UPDATE.
 */
export class SessionReminder extends BaseModel {
  static override tableName = 'session_reminders';
  static override get jsonAttributes() {
    return ['deliveredTo'];
  }

  static override get modifiers(): Modifiers<QueryBuilder<SessionReminder>> {
    return {
      /** Claimed rows whose lease has run out at `nowIso`: free for another sweep. */
      leaseOver: (query, nowIso: string) => query.where('session_reminders.status', 'claimed').where('session_reminders.lease_until', '<=', nowIso),
    };
  }

  id!: string;
  enrollmentId!: string;
  courseId!: string;
  userId!: string;
  startsAt!: string;
  kind!: ReminderKind;
  status!: ReminderStatus;
  claimToken!: string;
  leaseUntil!: string;
  attempts!: number;
  /** Subscription ids already reached. */
  deliveredTo!: string[];
  channel!: 'push' | 'email' | null;
  lastError!: string | null;
  sentAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
