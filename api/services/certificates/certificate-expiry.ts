/**
 * Expiry and recertification (issue 32, point 6): 90, 30 and 7 days before a certificate's
 * `validUntil`, its holder is reminded by push (each device) and e-mail, as their reminder
 * preferences allow, with a link to the course's refresher (or the course itself).
 *
 * Claimed once across processes: the sweep (`certificate-expiry-reminders`, every few minutes)
 * lowers `expiry_reminded_days` with a conditional UPDATE that only one process wins, and in the
 * same transaction queues the `send-certificate-expiry` job (sent by any runner, retried on a mail
 * failure). A reminder is not sent for a certificate revoked or replaced meanwhile, nor to someone
 * who already holds a newer certificate of the course or its refresher (they recertified).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { expiryReminderDue, formatCertificateDay, type ExpiryReminderDays } from '@contracts/certificates';
import type { ReminderPayload } from '@contracts/push';
import { Certificate, CourseCertificateSettings, PushSubscription, User } from '@db/models';
import { transaction } from '@db/transaction';
import { composeMail, type Mailer, type MailMessage } from '../../integrations/mail';
import type { PushSender } from '../../integrations/web-push';
import { queuedJob } from '../../jobs/definitions';
import { enqueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { pushToDevices } from '../push/device-push';

export const SEND_CERTIFICATE_EXPIRY = queuedJob(
  'send-certificate-expiry',
  z.object({ certificateId: z.string().min(1).max(36), days: z.union([z.literal(90), z.literal(30), z.literal(7)]) }),
);
export type CertificateExpiryPayload = z.infer<typeof SEND_CERTIFICATE_EXPIRY.payload>;

const DAY_MS = 24 * 60 * 60_000;
/** Certificates looked at per round of a sweep. */
const SWEEP_BATCH = 200;

export interface CertificateExpiryOptions {
  knex: Knex;
  clock: Clock;
  mailer: Mailer;
  push: PushSender;
  logger: Logger;
  publicUrl: string;
  verifyUrl: (number: string) => string;
}

export interface ExpiryNotice {
  holderName: string;
  courseTitle: string;
  number: string;
  validUntil: string;
  days: ExpiryReminderDays;
  refresher: { title: string; url: string };
  verifyUrl: string;
}

const within = (days: ExpiryReminderDays) => (days === 90 ? 'in about three months' : days === 30 ? 'in about a month' : 'in a week');

export function expiryMail(to: string, n: ExpiryNotice): MailMessage {
  return composeMail(to, `Your certificate for ${n.courseTitle} expires on ${formatCertificateDay(n.validUntil)}`, [
    `Hello ${n.holderName}, your certificate ${n.number} for "${n.courseTitle}" expires on ${formatCertificateDay(n.validUntil)}, ${within(n.days)}.`,
    `To stay certified, take the refresher "${n.refresher.title}": ${n.refresher.url}`,
    `Until then it stays valid, as its verify page shows: ${n.verifyUrl}`,
  ]);
}

export function expiryPush(certificateId: string, n: ExpiryNotice, path: string): ReminderPayload {
  return {
    title: `Certificate expires ${formatCertificateDay(n.validUntil)}`,
    body: `"${n.courseTitle}" (${n.number}) expires ${within(n.days)}. Take the refresher "${n.refresher.title}" to stay certified.`,
    url: path,
    tag: `certificate-expiry-${certificateId}`,
  };
}

export class CertificateExpiryReminders {
  constructor(private readonly o: CertificateExpiryOptions) {}

  /** One sweep: claims every reminder due now and queues its sending; how many it claimed. */
  async sweep(now: Date = this.o.clock()): Promise<number> {
    let claimed = 0;
    for (let round = 0; round < 1000; round += 1) {
      const due = await this.due(now);
      let won = 0;
      for (const row of due) won += (await this.claim(row, now)) ? 1 : 0;
      claimed += won;
      if (due.length < SWEEP_BATCH || won === 0) break;
    }
    return claimed;
  }

  /** Valid certificates inside a reminder window whose reminder for that window is not claimed yet. */
  private async due(now: Date): Promise<Array<Pick<Certificate, 'id' | 'validUntil' | 'expiryRemindedDays'>>> {
    const nowIso = now.toISOString();
    const until = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
    const notReminded = (days: number) => (q: Knex.QueryBuilder) => q.whereNull('expiry_reminded_days').orWhere('expiry_reminded_days', '>', days);
    return Certificate.query(this.o.knex)
      .whereNull('revoked_at')
      .whereNull('superseded_by')
      .where('valid_until', '>', nowIso)
      .where((q) =>
        q
          .where((w) => w.where('valid_until', '<=', until(7)).where(notReminded(7)))
          .orWhere((w) => w.where('valid_until', '<=', until(30)).where(notReminded(30)))
          .orWhere((w) => w.where('valid_until', '<=', until(90)).whereNull('expiry_reminded_days')),
      )
      .orderBy('valid_until')
      .limit(SWEEP_BATCH)
      .select('id', 'valid_until', 'expiry_reminded_days');
  }

  /** Takes this reminder if no process has (the conditional UPDATE), and queues its sending with it. */
  private async claim(row: Pick<Certificate, 'id' | 'validUntil' | 'expiryRemindedDays'>, now: Date): Promise<boolean> {
    const days = expiryReminderDue(row.validUntil, row.expiryRemindedDays, now);
    if (days === null) return false;
    return transaction(this.o.knex, async (trx) => {
      const won = await trx('certificates')
        .where({ id: row.id })
        .where((q) => q.whereNull('expiry_reminded_days').orWhere('expiry_reminded_days', '>', days))
        .update({ expiry_reminded_days: days });
      if (won !== 1) return false;
      await enqueue(trx, SEND_CERTIFICATE_EXPIRY, { certificateId: row.id, days }, `${days}:${row.id}`, { now });
      return true;
    });
  }

  /** The `send-certificate-expiry` job: push to each device and e-mail, as the holder wants; false when nothing is to be sent. */
  async send({ certificateId, days }: CertificateExpiryPayload): Promise<boolean> {
    const { knex } = this.o;
    const row = await Certificate.query(knex).findById(certificateId);
    if (!row || row.revokedAt || row.supersededBy || !row.validUntil) return false;
    const holder = await User.query(knex).findById(row.userId);
    if (!holder || !holder.isActive) return false;
    const settings = await CourseCertificateSettings.query(knex).findById(row.courseId);
    const refresherId = settings?.refresherCourseId ?? row.courseId;
    const renewed = await Certificate.query(knex)
      .where('user_id', row.userId)
      .whereIn('course_id', [row.courseId, refresherId])
      .whereNull('revoked_at')
      .where('issued_at', '>', row.issuedAt)
      .select('id')
      .first();
    if (renewed) return false;
    const refresher = await knex('courses').where({ id: refresherId }).first('title');
    const path = `/courses/${encodeURIComponent(refresherId)}`;
    const notice: ExpiryNotice = {
      holderName: row.holderName,
      courseTitle: row.courseTitle,
      number: row.number,
      validUntil: row.validUntil,
      days,
      refresher: { title: (refresher?.title as string | undefined) ?? row.courseTitle, url: `${this.o.publicUrl}${path}` },
      verifyUrl: this.o.verifyUrl(row.number),
    };
    if (holder.remindByPush) await this.pushTo(holder.id, JSON.stringify(expiryPush(row.id, notice, path)), row.validUntil);
    if (holder.remindByEmail) await this.o.mailer.send(expiryMail(holder.email, notice));
    return true;
  }

  /** Best effort on every device (a repeat replaces the notification: one tag per certificate). */
  private async pushTo(userId: string, payload: string, validUntil: string): Promise<void> {
    const devices = await PushSubscription.query(this.o.knex).where('user_id', userId);
    const ttlSeconds = Math.max(60, Math.min(7 * 24 * 3600, Math.floor((Date.parse(validUntil) - this.o.clock().getTime()) / 1000)));
    for (const [device, outcome] of await pushToDevices(this.o.knex, this.o.push, devices, payload, { ttlSeconds, urgency: 'normal' })) {
      if (outcome.kind === 'retry' || outcome.kind === 'rejected')
        this.o.logger.warn('Certificate expiry push not delivered', { device: device.id, error: outcome.error });
    }
  }
}
