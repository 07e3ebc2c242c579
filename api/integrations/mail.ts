/**
 * Outgoing mail. With SMTP_URL it is sent through that server (nodemailer). Without it — the
 * embedded default — each message is written to the log and appended to a local outbox file
 * that `npm run mail:outbox` prints, so someone trying the product can read their code.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';
import { escapeHtml } from '../lib/html-page';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (e.g. the customer who wrote through the contact form). */
  replyTo?: string;
  /** Files sent with the message (an invoice PDF, calendar files). */
  attachments?: MailAttachment[];
  /** A calendar invite, update or cancellation sent as the message's own text/calendar part (iTIP), as calendar clients expect. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
}

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
}

/** What the outbox file keeps of a message: attachments by name, type and size only. */
function outboxCopy(message: MailMessage): MailMessage {
  const { attachments, calendar, ...rest } = message;
  return {
    ...rest,
    ...(attachments
      ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: `(${Buffer.byteLength(a.content)} bytes)` })) }
      : {}),
    ...(calendar ? { calendar: { ...calendar, content: `(${Buffer.byteLength(calendar.content)} bytes)` } } : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry extends MailMessage {
  from: string;
  sentAt: string;
}

/**
 * Bounded waits (nodemailer's defaults are 2 and 10 minutes): a send ends well inside the 2-minute
 * claim lease of the jobs that mail. Given as the URL's options (nodemailer reads its query), unless
 * SMTP_URL sets them itself.
 */
export function withBoundedWaits(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ['connectionTimeout', 20_000],
    ['greetingTimeout', 20_000],
    ['socketTimeout', 45_000],
  ] as const)
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { transporter: Transporter } {
  const transporter = nodemailer.createTransport(withBoundedWaits(smtpUrl));
  return {
    transporter,
    async send(message) {
      const { calendar, ...rest } = message;
      await transporter.sendMail({
        from,
        ...rest,
        ...(calendar ? { icalEvent: { method: calendar.method, content: calendar.content, filename: calendar.filename } } : {}),
      });
    },
  };
}

export function createOutboxMailer(outboxFile: string, from: string, logger: Logger): Mailer {
  const file = path.resolve(outboxFile);
  return {
    async send(message) {
      const entry: OutboxEntry = { from, sentAt: new Date().toISOString(), ...outboxCopy(message) };
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.appendFile(file, JSON.stringify(entry) + '\n', { mode: 0o600 });
      logger.info(`Mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxFile: string; logger: Logger }): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(options.outboxFile, options.from, options.logger);
}

export function readOutbox(outboxFile: string): OutboxEntry[] {
  const file = path.resolve(outboxFile);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as OutboxEntry];
      } catch {
        return [];
      }
    });
}

export const PRODUCT_NAME = 'LifeScience Academy';

/** Wraps paragraphs into a plain-text and an HTML body that name the product. */
export function composeMail(to: string, subject: string, paragraphs: string[], highlight?: string): MailMessage {
  const text = [...paragraphs.slice(0, 1), ...(highlight ? [highlight] : []), ...paragraphs.slice(1), `— ${PRODUCT_NAME}`].join('\n\n');
  const html = [
    `<div style="font-family:Segoe UI,Arial,sans-serif;font-size:15px;color:#1b1b1b;max-width:520px">`,
    `<h1 style="font-size:18px;color:#0e7c86">${PRODUCT_NAME}</h1>`,
    `<p>${escapeHtml(paragraphs[0] ?? '')}</p>`,
    highlight ? `<p style="font-size:28px;letter-spacing:6px;font-weight:600">${escapeHtml(highlight)}</p>` : '',
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p style="color:#616161">— ${PRODUCT_NAME}</p></div>`,
  ].join('');
  return { to, subject: `${subject} — ${PRODUCT_NAME}`, text, html };
}
