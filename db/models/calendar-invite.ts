import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

export type CalendarInviteStatus = 'active' | 'cancelled';

/**
 * A buyer's calendar invite for one live course (unique per course and e-mail): `id` is the
 * event's stable UID, `sequence` its SEQUENCE (+1 on every reschedule and on the cancellation),
 * `sentSequence` the one last mailed; `mailDue` marks an update or cancellation still to send.
 */
export class CalendarInvite extends BaseModel {
  static override tableName = 'calendar_invites';
  static override booleanAttributes = ['mailDue'];

  static override get modifiers(): Modifiers<QueryBuilder<CalendarInvite>> {
    return {
      active: (query) => query.where('calendar_invites.status', 'active'),
      mailDue: (query) => query.where('calendar_invites.mail_due', true),
    };
  }

  id!: string;
  courseId!: string;
  orderId!: string | null;
  email!: string;
  name!: string | null;
  sequence!: number;
  sentSequence!: number;
  status!: CalendarInviteStatus;
  mailDue!: boolean;
  createdAt!: string;
  updatedAt!: string;
}
