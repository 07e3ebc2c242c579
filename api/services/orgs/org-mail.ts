/**
 * The organisation's mails (issue 33), each a queued job enqueued in the transaction that asked
 * for it and keyed by what happened, so it exists exactly when that committed and is sent once:
 * - `invitation`: to an invited member (`invite:<member>:<round>`; a resend is the next round);
 *   skipped if the member was revoked or has accepted since.
 * - `seat`: to the person a seat was assigned to (`seat:<seat>:<assignment>`); skipped if the
 *   seat has moved on since.
 * - `reminder`: a manager's reminder of outstanding training (`reminder:<reminder>`), a push on
 *   each of the person's devices and an e-mail; skipped if nothing is outstanding any more.
 * A failed send throws, so the runner tries again after its backoff.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { Course, Organisation, OrgMember, OrgReminder, OrgSeat, PushSubscription } from '@db/models';
import type { ReminderPayload } from '@contracts/push';
import { composeMail, type Mailer } from '../../integrations/mail';
import type { PushSender } from '../../integrations/web-push';
import { pushToDevices } from '../push/device-push';
import { queuedJob } from '../../jobs/definitions';
import { enqueue, enqueueMany } from '../../jobs/queue';
import { outstandingCourses } from './outstanding';

export const SEND_ORG_MAIL = queuedJob(
  'send-org-mail',
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('invitation'), memberId: z.string().min(1).max(36), round: z.number().int().min(1) }),
    z.object({ kind: z.literal('seat'), seatId: z.string().min(1).max(36), assignment: z.number().int().min(1) }),
    z.object({ kind: z.literal('reminder'), reminderId: z.string().min(1).max(36) }),
  ]),
);
export type OrgMailPayload = z.infer<typeof SEND_ORG_MAIL.payload>;
export const ORG_MAIL_MAX_ATTEMPTS = 8;

export async function queueInvitations(trx: Knex.Transaction, members: Array<{ id: string; round: number }>, now: Date): Promise<void> {
  await enqueueMany(
    trx,
    SEND_ORG_MAIL,
    members.map(({ id, round }) => ({ payload: { kind: 'invitation' as const, memberId: id, round }, key: `invite:${id}:${round}` })),
    { now },
  );
}

export async function queueSeatMail(trx: Knex.Transaction, seatId: string, assignment: number, now: Date): Promise<void> {
  await enqueue(trx, SEND_ORG_MAIL, { kind: 'seat', seatId, assignment }, `seat:${seatId}:${assignment}`, { now });
}

export async function queueReminders(trx: Knex.Transaction, reminderIds: string[], now: Date): Promise<void> {
  await enqueueMany(
    trx,
    SEND_ORG_MAIL,
    reminderIds.map((id) => ({ payload: { kind: 'reminder' as const, reminderId: id }, key: `reminder:${id}` })),
    { now },
  );
}

/** The reminder's push: what is outstanding, opening My Training; one notification per person (a new one replaces it). */
export function reminderPush(orgName: string, titles: string[], memberId: string): ReminderPayload {
  const what = titles.length === 1 ? `"${titles[0]}" is` : `${titles.length} courses are`;
  return { title: 'Training reminder', body: `${orgName}: ${what} waiting for you.`, url: '/learn', tag: `org-reminder-${memberId}` };
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export class OrgMail {
  constructor(private readonly o: { knex: Knex; mailer: Mailer; publicUrl: string; push: PushSender }) {}

  async send(payload: OrgMailPayload): Promise<'sent' | 'skipped'> {
    if (payload.kind === 'reminder') return this.reminder(payload.reminderId);
    return payload.kind === 'invitation' ? this.invitation(payload.memberId, payload.round) : this.seat(payload.seatId, payload.assignment);
  }

  private async reminder(reminderId: string): Promise<'sent' | 'skipped'> {
    const { knex, mailer, publicUrl } = this.o;
    const reminder = await OrgReminder.query(knex).findById(reminderId);
    const member = reminder ? await OrgMember.query(knex).findById(reminder.memberId) : undefined;
    if (!reminder || !member || member.status === 'revoked') return 'skipped';
    const outstanding = (await outstandingCourses(knex, [member])).get(member.id) ?? [];
    if (outstanding.length === 0) return 'skipped';
    const [org, courses] = await Promise.all([
      Organisation.query(knex).findById(member.orgId).select('name'),
      Course.query(knex)
        .whereIn(
          'id',
          outstanding.map((o) => o.courseId),
        )
        .select('id', 'title')
        .orderBy('title'),
    ]);
    const orgName = org?.name ?? 'Your organisation';
    const dueOf = new Map(outstanding.map((o) => [o.courseId, o.dueAt]));
    if (member.userId) {
      const devices = await PushSubscription.query(knex).where('user_id', member.userId);
      const payload = JSON.stringify(
        reminderPush(
          orgName,
          courses.map((c) => c.title),
          member.id,
        ),
      );
      await pushToDevices(knex, this.o.push, devices, payload, { ttlSeconds: 24 * 3600, urgency: 'normal' });
    }
    await mailer.send(
      composeMail(member.email, `Reminder: your training with ${orgName}`, [
        `Hello${member.name ? ` ${member.name}` : ''}, ${orgName} reminds you of the training it has given you:`,
        ...courses.map((c) => `- ${c.title}${dueOf.get(c.id) ? ` (due ${day(dueOf.get(c.id)!)})` : ''}`),
        member.status === 'active'
          ? `Continue in My Training: ${publicUrl}/learn`
          : `Sign in with this address (${member.email}) to find it in My Training: ${publicUrl}/login`,
      ]),
    );
    return 'sent';
  }

  private async invitation(memberId: string, round: number): Promise<'sent' | 'skipped'> {
    const { knex, mailer, publicUrl } = this.o;
    const member = await OrgMember.query(knex).findById(memberId);
    if (!member || member.status !== 'invited') return 'skipped';
    const org = await Organisation.query(knex).findById(member.orgId).select('name');
    await mailer.send(
      composeMail(member.email, `You are invited to train with ${org?.name ?? 'your organisation'}`, [
        `Hello${member.name ? ` ${member.name}` : ''}, ${org?.name ?? 'your organisation'} invites you to its training on LifeScience Academy.`,
        `To accept, sign in with this address (${member.email}): ${publicUrl}/login. No password is needed; we send you a code.`,
        `Courses your organisation gives you will then be in My Training: ${publicUrl}/learn`,
      ]),
    );
    await OrgMember.query(knex).findById(memberId).where('mails_sent', '<', round).patch({ mailState: 'sent', mailsSent: round });
    return 'sent';
  }

  private async seat(seatId: string, assignment: number): Promise<'sent' | 'skipped'> {
    const { knex, mailer, publicUrl } = this.o;
    const seat = await OrgSeat.query(knex).findById(seatId);
    if (!seat || seat.assignments !== assignment || !seat.memberId || seat.voidedAt) return 'skipped';
    const [member, course, org] = await Promise.all([
      OrgMember.query(knex).findById(seat.memberId),
      Course.query(knex).findById(seat.courseId).select('title'),
      Organisation.query(knex).findById(seat.orgId).select('name'),
    ]);
    if (!member || member.status === 'revoked') return 'skipped';
    await mailer.send(
      composeMail(member.email, `Your seat: ${course?.title ?? 'a course'}`, [
        `Hello${member.name ? ` ${member.name}` : ''}, ${org?.name ?? 'your organisation'} has given you a seat of "${course?.title ?? 'a course'}".`,
        member.status === 'active'
          ? `It is in My Training: ${publicUrl}/learn/${seat.courseId}`
          : `Sign in with this address (${member.email}) to find it in My Training: ${publicUrl}/login`,
      ]),
    );
    return 'sent';
  }
}
