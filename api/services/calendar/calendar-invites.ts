/**
 * Calendar invites for live sessions (issue 16): one per buyer (e-mail) and live course, made in
 * the fulfilment transaction. The receipt carries each as METHOD:REQUEST; a reschedule raises
 * the SEQUENCE of every active invite of the course and marks it due, an archive or delete
 * cancels them (SEQUENCE + 1, METHOD:CANCEL) — both in the staff write's transaction. The due
 * mails go out after the write and from a job every minute, each claimed by a conditional UPDATE
 * so it is sent once whatever the number of processes (and marked due again when sending fails).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CalendarInvite, Course, Enrollment, Order, OrderItem } from '@db/models';
import { INVOICE_MESSAGES } from '@contracts/invoices';
import { isLiveSessionType, LIVE_SESSION_TYPES } from '@contracts/live-sessions';
import { AppError } from '../../errors';
import { composeMail, PRODUCT_NAME, type MailAttachment, type Mailer } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { courseBuyers } from '../enrollments/course-buyers';
import { buildCalendarFile, type CalendarMethod, type CalendarParty, type SessionEvent } from './calendar-file';
import { formatSession, slug } from './calendar-format';

const DEFAULT_MINUTES: Record<string, number> = { live_webinar: 90, live_seminar: 480 };

/** When a live course's session starts and ends (UTC), or null when it is not a dated live session. */
export function sessionTimes(course: Pick<Course, 'type' | 'startDate' | 'endDate' | 'duration'>): { start: string; end: string } | null {
  if (!isLiveSessionType(course.type) || !course.startDate) return null;
  const start = Date.parse(course.startDate);
  if (Number.isNaN(start)) return null;
  const end = course.endDate ? Date.parse(course.endDate) : NaN;
  const finish =
    course.type === 'live_seminar' && end > start
      ? end
      : start + (course.duration && course.duration > 0 ? course.duration : DEFAULT_MINUTES[course.type]!) * 60_000;
  return { start: new Date(start).toISOString(), end: new Date(finish).toISOString() };
}

/** The fields of a course that an invite shows: a change to any of them is a reschedule. */
export const INVITE_FIELDS = ['title', 'type', 'startDate', 'endDate', 'duration', 'timezone', 'location'] as const;

/** Whether a staff write changed what buyers' calendars show. */
export function inviteChange(before: Course, after: Course): 'rescheduled' | 'cancelled' | null {
  // A live course that gets its first date: its buyers get their invites now (as an update).
  if (!sessionTimes(before)) return sessionTimes(after) && !after.archivedAt ? 'rescheduled' : null;
  if (!sessionTimes(after) || after.archivedAt) return 'cancelled';
  return INVITE_FIELDS.some((field) => before[field] !== after[field]) ? 'rescheduled' : null;
}

interface Buyer {
  courseId: string;
  orderId: string;
  email: string;
  name: string | null;
}

async function insertInvites(trx: Knex.Transaction, buyers: Buyer[], nowIso: string): Promise<void> {
  await CalendarInvite.insertMany(
    trx,
    buyers.map((b) => ({
      id: crypto.randomUUID(),
      courseId: b.courseId,
      orderId: b.orderId,
      email: b.email.toLowerCase(),
      name: b.name,
      sequence: 0,
      sentSequence: 0,
      status: 'active' as const,
      mailDue: false,
      createdAt: nowIso,
      updatedAt: nowIso,
    })),
    { ignoreConflictsOn: ['course_id', 'email'] },
  );
}

/** The invites of a just-completed order: one per dated live course in it (the receipt mails them). */
export async function createInvitesForOrder(trx: Knex.Transaction, orderId: string, nowIso: string): Promise<void> {
  const order = await Order.query(trx).findById(orderId).select('customer_email', 'customer_name', 'org_id');
  // Seats bought for an organisation: their holders get the invites as seats are given (seat-invites.ts).
  if (!order?.customerEmail || order.orgId) return;
  const courses = await Course.query(trx)
    .whereIn('id', OrderItem.query(trx).where('order_id', orderId).whereNotNull('course_id').select('course_id'))
    .whereIn('type', [...LIVE_SESSION_TYPES])
    .whereNotNull('start_date')
    .whereNull('archived_at')
    .select('id');
  await insertInvites(
    trx,
    courses.map((c) => ({ courseId: c.id, orderId, email: order.customerEmail!, name: order.customerName })),
    nowIso,
  );
}

/** Every buyer of the course has an invite (buyers from before invites existed get theirs now). */
async function ensureCourseInvites(trx: Knex.Transaction, courseId: string, nowIso: string): Promise<void> {
  await insertInvites(trx, await courseBuyers(trx, [courseId]), nowIso);
}

/**
 * A staff write rescheduled or cancelled a live session: in its transaction, every buyer's
 * invite gets SEQUENCE + 1 and an update (or cancellation) to mail. Returns how many.
 */
export async function recordInviteChange(trx: Knex.Transaction, courseId: string, change: 'rescheduled' | 'cancelled', nowIso: string): Promise<number> {
  await ensureCourseInvites(trx, courseId, nowIso);
  return CalendarInvite.query(trx)
    .modify('active')
    .where('course_id', courseId)
    .patch({ sequence: raw('sequence + 1'), mailDue: true, updatedAt: nowIso, ...(change === 'cancelled' ? { status: 'cancelled' as const } : {}) });
}

export interface CalendarServiceOptions {
  knex: Knex;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  /** Who sends the invites (ORGANIZER): the product, at its support address. */
  organizerEmail: string;
  /** The person's own join address (`/join/…`, issue 30) for an invite, as LOCATION and URL; null without one. */
  joinUrl?: (invite: CalendarInvite, method: CalendarMethod) => Promise<string | null>;
}

export interface CalendarFile {
  filename: string;
  content: string;
}

export class CalendarService {
  private readonly organizer: CalendarParty;
  private readonly host: string;

  constructor(private readonly o: CalendarServiceOptions) {
    this.organizer = { name: PRODUCT_NAME, email: o.organizerEmail };
    this.host = new URL(o.publicUrl).hostname;
  }

  private event(invite: CalendarInvite, course: Course, joinUrl: string | null): SessionEvent | null {
    const times = sessionTimes(course);
    if (!times) return null;
    const page = `${this.o.publicUrl}/courses/${course.id}`;
    const url = joinUrl ?? page;
    const kind = course.type === 'live_seminar' ? 'Live seminar' : 'Live webinar';
    return {
      inviteId: invite.id,
      sequence: invite.sequence,
      title: course.title,
      ...times,
      timeZone: course.timezone,
      // A seminar's venue stays its location (the link is its URL); an online session's location is the link.
      location: (course.type === 'live_seminar' && course.location?.trim()) || joinUrl || course.location?.trim() || url,
      url,
      description: `${kind} from ${PRODUCT_NAME}.${course.shortDescription ? `\n\n${course.shortDescription}` : ''}\n\n${joinUrl ? `Your join link (opens 30 minutes before the start): ${joinUrl}\n` : ''}Course page: ${page}`,
    };
  }

  private async file(method: CalendarMethod, invite: CalendarInvite, course: Course): Promise<string | null> {
    const joinUrl = method === 'CANCEL' ? null : ((await this.o.joinUrl?.(invite, method)) ?? null);
    const event = this.event(invite, course, joinUrl);
    if (!event) return null;
    const attendee = method === 'PUBLISH' ? null : { name: invite.name || invite.email, email: invite.email };
    return buildCalendarFile({ method, event, organizer: this.organizer, attendee, host: this.host, stamp: this.o.clock() });
  }

  /** The receipt's calendar files: METHOD:REQUEST for each active invite of the order. */
  async receiptAttachments(orderId: string): Promise<MailAttachment[]> {
    const invites = await CalendarInvite.query(this.o.knex).modify('active').where('order_id', orderId).orderBy('created_at');
    const courses = await Course.query(this.o.knex).findByIds(invites.map((i) => i.courseId));
    const attachments: MailAttachment[] = [];
    for (const invite of invites) {
      const course = courses.find((c) => c.id === invite.courseId);
      const content = course && (await this.file('REQUEST', invite, course));
      if (content) attachments.push({ filename: `${slug(course.title)}.ics`, content, contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    }
    return attachments;
  }

  /**
   * "Add to calendar": the signed-in buyer's invite for a live course they are enrolled in, as a
   * file to open (METHOD:PUBLISH, same UID and SEQUENCE as the mailed invite). Anyone else: 404.
   */
  async fileForUser(user: { id: string; email: string; name: string }, courseId: string): Promise<CalendarFile> {
    const course = await Course.query(this.o.knex).findById(courseId);
    const enrolled = course && (await Enrollment.query(this.o.knex).where({ user_id: user.id, course_id: courseId }).first().select('id', 'order_id'));
    if (!course || !enrolled || course.archivedAt || !sessionTimes(course)) throw AppError.notFound(INVOICE_MESSAGES.calendarNotFound);
    const email = user.email.toLowerCase();
    const find = () =>
      CalendarInvite.query(this.o.knex)
        .where('course_id', courseId)
        .where((w) => w.where('email', email).orWhereIn('order_id', Order.query(this.o.knex).where('user_id', user.id).select('id')))
        .orderBy('created_at')
        .first();
    let invite = await find();
    if (!invite) {
      const nowIso = this.o.clock().toISOString();
      await CalendarInvite.insertMany(
        this.o.knex,
        [
          {
            id: crypto.randomUUID(),
            courseId,
            orderId: enrolled.orderId,
            email,
            name: user.name,
            sequence: 0,
            sentSequence: 0,
            status: 'active',
            mailDue: false,
            createdAt: nowIso,
            updatedAt: nowIso,
          },
        ],
        { ignoreConflictsOn: ['course_id', 'email'] },
      );
      invite = await find();
    }
    if (!invite || invite.status !== 'active') throw AppError.notFound(INVOICE_MESSAGES.calendarNotFound);
    return { filename: `${slug(course.title)}.ics`, content: (await this.file('PUBLISH', invite, course))! };
  }

  /** Mails every due update and cancellation, each once (claimed first). Returns how many were sent. */
  async sendDue(limit = 200): Promise<number> {
    const { knex, mailer, logger } = this.o;
    const due = await CalendarInvite.query(knex).modify('mailDue').limit(limit);
    // The batch's courses, read once (a rescheduled session has many buyers).
    const courses = new Map((await Course.query(knex).findByIds([...new Set(due.map((i) => i.courseId))])).map((c) => [c.id, c]));
    let sent = 0;
    for (const invite of due) {
      const claimed = await CalendarInvite.query(knex)
        .findById(invite.id)
        .modify('mailDue')
        .where('sequence', invite.sequence)
        .patch({ mailDue: false, sentSequence: invite.sequence });
      if (claimed !== 1) continue;
      try {
        const course = courses.get(invite.courseId);
        if (!course) continue;
        const message = await this.changeMail(invite, course);
        if (message) {
          await mailer.send(message);
          sent += 1;
        }
      } catch (error) {
        logger.error('Could not send a calendar update; will try again', { inviteId: invite.id, error: String(error) });
        await CalendarInvite.query(knex)
          .findById(invite.id)
          .where({ sequence: invite.sequence, mail_due: false })
          .patch({ mailDue: true, sentSequence: invite.sentSequence });
      }
    }
    return sent;
  }

  private async changeMail(invite: CalendarInvite, course: Course) {
    const cancelled = invite.status === 'cancelled';
    const method = cancelled ? 'CANCEL' : 'REQUEST';
    const content = await this.file(method, invite, course);
    if (!content) return null;
    const times = sessionTimes(course)!;
    const when = formatSession(times.start, course.timezone);
    const place = course.location ? `, ${course.location}` : '';
    // Cancelled while the session goes on: this person's place only (a refund, a seat moved to someone else).
    const placeOnly = cancelled && !course.archivedAt;
    // A seat holder's first invite (receipts carry the buyers' own).
    const first = !cancelled && invite.sequence === 0 && invite.sentSequence === 0;
    const message = placeOnly
      ? composeMail(invite.email, `Cancelled: ${course.title}`, [
          `Your place at ${course.title} (${when}) has been cancelled; the session itself goes ahead. The attached calendar update removes it from your calendar.`,
          `Questions? Reply to ${this.organizer.email}.`,
        ])
      : first
        ? composeMail(invite.email, `Invitation: ${course.title}`, [
            `You have a place at ${course.title}: ${when}${place}. The attached invitation adds it to your calendar.`,
            `Course page: ${this.o.publicUrl}/courses/${course.id}`,
          ])
        : cancelled
          ? composeMail(invite.email, `Cancelled: ${course.title}`, [
              `${course.title} (${when}) has been cancelled. The attached calendar update removes it from your calendar.`,
              `Questions about your order? Reply to ${this.organizer.email}.`,
            ])
          : composeMail(invite.email, `Updated: ${course.title}`, [
              `${course.title} has new details: ${when}${place}. The attached calendar update moves it in your calendar.`,
              `Course page: ${this.o.publicUrl}/courses/${course.id}`,
            ]);
    return { ...message, calendar: { method, content, filename: 'invite.ics' } as const };
  }
}
