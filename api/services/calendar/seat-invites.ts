/**
 * Calendar invites follow an organisation's seats (issue 33): the person holding a seat of a dated
 * live session has the invite, not the buyer. Given a seat, the holder's invite is made (or made
 * active again) and marked due — the invite job mails "Invitation: …" with METHOD:REQUEST and their
 * own join link; taken from them, their invite is cancelled and marked due — "Cancelled: …" (their
 * place; the session goes ahead) with METHOD:CANCEL. Both in the seat change's transaction, so the calendar follows what committed.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CalendarInvite, Course } from '@db/models';
import { sessionTimes } from './calendar-invites';

export interface SeatHolder {
  email: string;
  name: string | null;
}

export async function seatInvitesMoved(
  trx: Knex.Transaction,
  seat: { courseId: string; orderId: string },
  from: SeatHolder | null,
  to: SeatHolder | null,
  nowIso: string,
): Promise<void> {
  const course = await Course.query(trx).findById(seat.courseId).select('type', 'start_date', 'end_date', 'duration', 'archived_at');
  if (!course || course.archivedAt || !sessionTimes(course)) return;
  if (from) {
    const invite = await CalendarInvite.query(trx).modify('active').where({ course_id: seat.courseId, email: from.email.toLowerCase() }).first();
    // Never mailed: nothing to take back from their calendar, only the mail not to send.
    const mailed = !!invite && (invite.sentSequence > 0 || invite.sequence > 0 || !invite.mailDue);
    if (invite)
      await CalendarInvite.query(trx)
        .findById(invite.id)
        .patch({ status: 'cancelled', sequence: raw('sequence + 1'), mailDue: mailed, updatedAt: nowIso });
  }
  if (!to) return;
  const email = to.email.toLowerCase();
  const held = await CalendarInvite.query(trx).where({ course_id: seat.courseId, email }).first();
  if (held) {
    // Given back to someone who had it: the same event again, a newer sequence.
    if (held.status !== 'active')
      await CalendarInvite.query(trx)
        .findById(held.id)
        .patch({ status: 'active', sequence: raw('sequence + 1'), mailDue: true, orderId: seat.orderId, updatedAt: nowIso });
    return;
  }
  await CalendarInvite.insertMany(
    trx,
    [
      {
        id: crypto.randomUUID(),
        courseId: seat.courseId,
        orderId: seat.orderId,
        email,
        name: to.name,
        sequence: 0,
        sentSequence: 0,
        status: 'active' as const,
        mailDue: true,
        createdAt: nowIso,
        updatedAt: nowIso,
      },
    ],
    { ignoreConflictsOn: ['course_id', 'email'] },
  );
}
