/**
 * The holder's mail about a certificate (issue 32): "issued", with the PDF attached, and
 * "revoked", with the reason. A queued job (`jobs/send-certificate-mail.ts`) enqueued in the
 * transaction that issued or revoked it, keyed by what happened to which certificate: it exists
 * exactly when that committed, a failed send is retried with a backoff, and it is sent once.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { certificateStatusText, formatCertificateDay } from '@contracts/certificates';
import type { Certificate } from '@db/models';
import { composeMail, type MailMessage } from '../../integrations/mail';
import { queuedJob } from '../../jobs/definitions';
import { enqueue } from '../../jobs/queue';

export const SEND_CERTIFICATE_MAIL = queuedJob(
  'send-certificate-mail',
  z.object({ certificateId: z.string().min(1).max(36), kind: z.enum(['issued', 'revoked']) }),
);
export type CertificateMailPayload = z.infer<typeof SEND_CERTIFICATE_MAIL.payload>;

/** Attempts of one mail: 30 s, 1, 2, … 64 min apart (about two hours in all) before it is `dead`. */
export const CERTIFICATE_MAIL_MAX_ATTEMPTS = 8;

export async function queueCertificateMail(trx: Knex.Transaction, payload: CertificateMailPayload, now: Date): Promise<void> {
  await enqueue(trx, SEND_CERTIFICATE_MAIL, payload, `${payload.kind}:${payload.certificateId}`, { now });
}

export function issuedMail(to: string, c: Certificate, verifyUrl: string, publicUrl: string, pdf: { filename: string; content: Buffer }): MailMessage {
  const message = composeMail(to, `Your certificate for ${c.courseTitle}`, [
    `Hello ${c.holderName}, congratulations on completing "${c.courseTitle}" on ${formatCertificateDay(c.completedAt)}.`,
    `Your certificate ${c.number} is attached as a PDF. ${certificateStatusText({ status: 'valid', validUntil: c.validUntil, revokedAt: null, revokedReason: null })}.`,
    `Anyone you show it to can check it at ${verifyUrl} (or by scanning its QR code).`,
    `Your training: ${publicUrl}/learn`,
  ]);
  return { ...message, attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }] };
}

export function revokedMail(to: string, c: Certificate, supportEmail: string): MailMessage {
  return composeMail(to, `Your certificate ${c.number} was revoked`, [
    `Hello ${c.holderName}, your certificate ${c.number} for "${c.courseTitle}" was revoked on ${formatCertificateDay(c.revokedAt!)}.`,
    `Reason: ${c.revokedReason ?? 'not given'}`,
    `Its verify page now says so. If you think this is a mistake, write to ${supportEmail}.`,
  ]);
}
