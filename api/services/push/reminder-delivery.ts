/**
 * Sends the reminders that are due, each exactly once across every process on the database.
 *
 * 1. Claim (`reminder-claims.ts`): a sweep inserts one `session_reminders` row per due reminder
 *    under its own claim token (`INSERT … ON CONFLICT DO NOTHING` on `(enrollment, start, kind)`),
 *    then reads back the rows carrying its token: whatever another process claimed first is not
 *    ours. A claimed row carries a lease; a row whose lease ran out (its sender crashed, or a
 *    retry's backoff is over) is taken over with a conditional UPDATE that only one process can win.
 * 2. Send: the course and the enrollment are read again (a reminder for a deleted, archived,
 *    deactivated or rescheduled session is cancelled), then pushed to each of the user's devices
 *    not reached yet, or e-mailed when push cannot reach them and the user wants e-mail.
 * 3. Finish: `sent`, or back to `claimed` with a lease until the next attempt (429, 5xx, Retry-After),
 *    or `expired` once the session has started. Every finishing write is conditional on the claim
 *    token, so a sweep that lost its lease changes nothing.
 */
import type { Knex } from 'knex';
import { retryOnLockError } from '@db/transaction';
import { PushSubscription, SessionReminder } from '@db/models';
import { LIVE_SESSION_TYPES } from '@contracts/push';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { composeMail, type Mailer } from '../../integrations/mail';
import type { PushSender } from '../../integrations/web-push';
import { pushToDevices } from './device-push';
import { ReminderClaims } from './reminder-claims';
import { coursePath, reminderMail, reminderPayload, reminderTopic, retryDelayMs, ttlSeconds } from './session-reminders';

export interface ReminderDeliveryOptions {
  knex: Knex;
  push: PushSender;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  /** The session's calendar file for this buyer ("Add to calendar"), attached to the e-mail reminder; undefined when there is none. */
  calendarFile?: (user: { id: string; email: string; name: string }, courseId: string) => Promise<{ filename: string; content: string } | undefined>;
  /** The person's own join link for the course (`/join/…`, issue 30), or null: the push opens it and the e-mail carries it. */
  joinUrl?: (userId: string, courseId: string) => Promise<string | null>;
  /** How long a claim is ours before another sweep may take it over (default 2 minutes). */
  leaseMs?: number;
  /** Reminders claimed at a time (default 50): one batch is sent well within one lease. */
  batchSize?: number;
  /** Requests in flight at once (default 10). */
  concurrency?: number;
}

export interface SweepResult {
  claimed: number;
  sent: number;
  retrying: number;
  cancelled: number;
  expired: number;
}

/** `lost`: another sweep took the claim over before this one started sending it (nothing sent). */
type Finish = 'sent' | 'retry' | 'cancelled' | 'expired' | 'lost';

interface ReminderContext {
  courseId: string;
  userId: string;
  userName: string;
  title: string;
  type: string;
  startDate: string | null;
  timezone: string | null;
  isActive: boolean | number;
  archivedAt: string | null;
  email: string;
  userActive: boolean | number;
  remindByPush: boolean | number;
  remindByEmail: boolean | number;
}

const truncate = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export class ReminderDeliveryService {
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly claims: ReminderClaims;

  constructor(private readonly o: ReminderDeliveryOptions) {
    this.leaseMs = o.leaseMs ?? 2 * 60_000;
    this.concurrency = o.concurrency ?? 10;
    this.claims = new ReminderClaims({ knex: o.knex, clock: o.clock, leaseMs: this.leaseMs, batchSize: o.batchSize ?? 50 });
  }

  /** Claims and sends batches until nothing is due. */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { claimed: 0, sent: 0, retrying: 0, cancelled: 0, expired: 0 };
    result.expired += await this.expireStarted();
    // Until nothing is due: a batch another process claimed first (found, but none ours) goes on to the next.
    for (let round = 0; round < 10_000; round++) {
      const { claims, found } = await this.claims.claim();
      if (found === 0) break;
      if (claims.length === 0) continue;
      result.claimed += claims.length;
      const outcomes = await this.deliverAll(claims);
      for (const outcome of outcomes) {
        if (outcome === 'sent') result.sent++;
        else if (outcome === 'retry') result.retrying++;
        else if (outcome === 'cancelled') result.cancelled++;
        else if (outcome === 'expired') result.expired++;
      }
    }
    return result;
  }

  /** Claimed reminders whose session has started and whose lease is over: too late to send. */
  expireStarted(): Promise<number> {
    return this.claims.expireStarted();
  }

  /**
   * Claims up to one batch: first reminders whose lease ran out, then new due ones. Returns the
   * rows this call holds (its own claim token). Safe in any number of processes at once.
   */
  async claimBatch(): Promise<SessionReminder[]> {
    return (await this.claims.claim()).claims;
  }

  private async deliverAll(claims: SessionReminder[]): Promise<Finish[]> {
    const outcomes: Finish[] = new Array(claims.length);
    let next = 0;
    const worker = async () => {
      while (next < claims.length) {
        const index = next++;
        outcomes[index] = await this.deliver(claims[index]!).catch((error: unknown) => {
          this.o.logger.error('Session reminder failed', { reminder: claims[index]!.id, error: String(error) });
          return this.finish(claims[index]!, 'retry', { error: String(error) });
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, claims.length) }, worker));
    return outcomes;
  }

  /** Sends one claimed reminder and records the outcome (under its claim token). */
  async deliver(claim: SessionReminder): Promise<Finish> {
    const now = this.o.clock();
    // Still ours? Then the lease starts again now, for this one send: a slow batch never sends a
    // reminder that another sweep took over meanwhile, and is not taken over while it sends.
    const held = await retryOnLockError(async () =>
      SessionReminder.query(this.o.knex)
        .findById(claim.id)
        .where('claim_token', claim.claimToken)
        .where('status', 'claimed')
        .patch({ leaseUntil: new Date(now.getTime() + this.leaseMs).toISOString() }),
    );
    if (held !== 1) return 'lost';
    const context = await this.context(claim.enrollmentId);
    if (
      !context ||
      !context.isActive ||
      context.archivedAt ||
      !(LIVE_SESSION_TYPES as readonly string[]).includes(context.type) ||
      context.startDate !== claim.startsAt
    ) {
      return this.finish(claim, 'cancelled', { error: 'The session was cancelled, rescheduled or is no longer live' });
    }
    if (now.getTime() >= Date.parse(claim.startsAt)) return this.finish(claim, 'expired', { error: 'The session has started' });
    if (!context.userActive) return this.finish(claim, 'cancelled', { error: 'The account is deactivated' });

    const subject = {
      courseId: context.courseId,
      courseTitle: context.title,
      courseType: context.type,
      timezone: context.timezone,
      startsAt: claim.startsAt,
      kind: claim.kind,
    };
    const devices = context.remindByPush ? await PushSubscription.query(this.o.knex).where('user_id', claim.userId).orderBy('created_at') : [];
    const delivered = new Set(claim.deliveredTo);
    const pending = devices.filter((d) => !delivered.has(d.id));
    let retryAfterMs: number | null = null;
    let retryError: string | null = null;
    let retrying = false;
    const joinUrl = (await this.o.joinUrl?.(context.userId, context.courseId)) ?? null;
    if (pending.length > 0) {
      const payload = JSON.stringify(reminderPayload(subject, now, joinUrl));
      const options = {
        ttlSeconds: ttlSeconds(claim.startsAt, now),
        urgency: claim.kind === 'soon' ? ('high' as const) : ('normal' as const),
        topic: reminderTopic(subject),
      };
      // A subscription the push service says is gone is deleted there: it is never used again.
      for (const [device, outcome] of await pushToDevices(this.o.knex, this.o.push, pending, payload, options)) {
        if (outcome.kind === 'delivered') delivered.add(device.id);
        else if (outcome.kind === 'retry') {
          retrying = true;
          retryError = outcome.error;
          retryAfterMs = Math.max(retryAfterMs ?? 0, outcome.retryAfterMs ?? 0) || retryAfterMs;
        } else if (outcome.kind === 'rejected')
          this.o.logger.warn('Push service refused a reminder', { reminder: claim.id, status: outcome.status, error: outcome.error });
      }
    }
    if (retrying) return this.finish(claim, 'retry', { deliveredTo: [...delivered], retryAfterMs, error: retryError ?? undefined });
    if (delivered.size > 0) return this.finish(claim, 'sent', { deliveredTo: [...delivered], channel: 'push' });

    // No device reached it (none, push turned off, or all gone): e-mail, when the user wants it.
    if (!context.remindByEmail) return this.finish(claim, 'cancelled', { error: 'No reminder channel: no push device and e-mail reminders are off' });
    const { subject: mailSubject, paragraphs } = reminderMail(subject, now, `${this.o.publicUrl}${coursePath(context.courseId)}`, joinUrl);
    const message = composeMail(context.email, mailSubject, paragraphs);
    // The same event as the buyer's "Add to calendar" file (one UID): a calendar keeps one entry.
    const calendar = await this.o.calendarFile?.({ id: context.userId, email: context.email, name: context.userName }, context.courseId).catch(() => undefined);
    if (calendar)
      message.attachments = [{ filename: calendar.filename, content: calendar.content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }];
    try {
      await this.o.mailer.send(message);
    } catch (error) {
      return this.finish(claim, 'retry', { error: `Mail failed: ${String(error)}` });
    }
    return this.finish(claim, 'sent', { channel: 'email' });
  }

  private async context(enrollmentId: string): Promise<ReminderContext | undefined> {
    return this.o
      .knex({ e: 'enrollments' })
      .join({ c: 'courses' }, 'c.id', 'e.course_id')
      .join({ u: 'users' }, 'u.id', 'e.user_id')
      .where('e.id', enrollmentId)
      .first(
        'c.id as courseId',
        'c.title',
        'c.type',
        'c.start_date as startDate',
        'c.timezone',
        'c.is_active as isActive',
        'c.archived_at as archivedAt',
        'u.email',
        'u.id as userId',
        'u.name as userName',
        'u.is_active as userActive',
        'u.remind_by_push as remindByPush',
        'u.remind_by_email as remindByEmail',
      );
  }

  /** Records how the attempt ended; only while this claim is still the row's. */
  private async finish(
    claim: SessionReminder,
    outcome: Exclude<Finish, 'lost'>,
    extra: { deliveredTo?: string[]; channel?: 'push' | 'email'; retryAfterMs?: number | null; error?: string } = {},
  ): Promise<Finish> {
    const now = this.o.clock();
    const nowIso = now.toISOString();
    let result = outcome;
    const patch: Partial<SessionReminder> = { updatedAt: nowIso, lastError: extra.error ? truncate(extra.error) : null };
    if (extra.deliveredTo) patch.deliveredTo = extra.deliveredTo;
    if (outcome === 'retry') {
      const at = now.getTime() + retryDelayMs(claim.attempts, extra.retryAfterMs ?? null);
      if (at >= Date.parse(claim.startsAt)) {
        result = (extra.deliveredTo?.length ?? 0) > 0 ? 'sent' : 'expired';
        patch.status = result === 'sent' ? 'sent' : 'expired';
        if (result === 'sent') Object.assign(patch, { channel: 'push', sentAt: nowIso });
      } else {
        patch.leaseUntil = new Date(at).toISOString();
      }
    } else {
      patch.status = outcome;
      if (outcome === 'sent') Object.assign(patch, { channel: extra.channel ?? null, sentAt: nowIso });
    }
    const changed = await retryOnLockError(async () =>
      SessionReminder.query(this.o.knex).findById(claim.id).where('claim_token', claim.claimToken).where('status', 'claimed').patch(patch),
    );
    if (changed !== 1) this.o.logger.warn('A session reminder changed hands while it was being sent', { reminder: claim.id });
    return result;
  }
}
