/**
 * The contact form reaches a person: each message is stored (the back office lists them) and
 * mailed to SUPPORT_EMAIL with the sender as Reply-To (the back office reads them through
 * services/admin/messages.ts). Limited per client and per sender. A
 * message whose honeypot is filled gets the same answer and is dropped.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ContactMessage } from '@db/models';
import { composeMail, type Mailer } from '../../integrations/mail';
import type { Logger } from '../../logger';
import type { Clock } from '../../lib/clock';
import { retryIn, type RateLimiter } from '../platform/rate-limiter';

const HOUR_MS = 60 * 60_000;
export const CONTACT_PER_EMAIL_PER_HOUR = 3;

export interface ContactServiceOptions {
  knex: Knex;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  supportEmail: string;
  /** Messages per client address per hour (CONTACT_LIMIT_PER_IP). */
  perIpPerHour: number;
}

export class ContactService {
  constructor(private readonly o: ContactServiceOptions) {}

  async send(input: { name: string; email: string; phone?: string; message: string; website?: string }, clientKey: string): Promise<void> {
    const { rateLimiter, knex, clock, mailer, logger } = this.o;
    const retry = (m: number) => `Too many messages. Please try again in ${retryIn(m)}.`;
    await rateLimiter.hit(`contact-ip:${clientKey}`, this.o.perIpPerHour, HOUR_MS, retry);
    await rateLimiter.hit(`contact-email:${input.email}`, CONTACT_PER_EMAIL_PER_HOUR, HOUR_MS, retry);
    if (input.website) {
      logger.info('Dropped a contact message with its honeypot filled', { clientKey });
      return;
    }
    const row = await ContactMessage.query(knex).insertAndFetch({
      id: crypto.randomUUID(),
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
      mailedAt: null,
      createdAt: clock().toISOString(),
    });
    const mail = composeMail(this.o.supportEmail, `Contact form: ${input.name}`, [
      `${input.name} <${input.email}>${input.phone ? `, phone ${input.phone}` : ''} wrote:`,
      input.message,
      `Reply to this e-mail to answer them. Message ${row.id}.`,
    ]);
    try {
      await mailer.send({ ...mail, replyTo: input.email });
      await ContactMessage.query(knex).patch({ mailedAt: clock().toISOString() }).where('id', row.id);
    } catch (error) {
      // Stored all the same: the back office lists it, so the question is not lost.
      logger.error('Could not mail a contact message to support', { id: row.id, error: String(error) });
    }
  }
}
