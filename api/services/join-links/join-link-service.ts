/**
 * Personal join links (issue 30, point 2). Each attendee of a live course with a meeting has one
 * address, `/join/<token>` (`join-tokens.ts`), which their receipt, calendar invite, reminders and
 * My Training carry. A click is decided at once, from the database as it is now:
 * - an unknown or altered token: 404; the person's right to the course revoked or ended (a
 *   refund): 403 — nothing is logged for either;
 * - before T-30 min, after the session's end, or while their Zoom registration is still being
 *   made: a page saying so (nothing logged);
 * - otherwise the click is logged (who, when, user agent) and answered with a 302 to the person's
 *   own meeting address: their Zoom registrant `join_url`, or the course's link (`provider: 'link'`).
 * For a meeting by link, the log is the attendance of those no report covers yet: joined at their
 * first click, for how long unknown (`attendance/attendance-rows.ts`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isLiveSessionType } from '@contracts/live-sessions';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { JOIN_MESSAGES, JOIN_OPENS_BEFORE_MS, JOIN_TOKEN_PATTERN, joinPath, joinStatusAt, type JoinStatus, type JoinView } from '@contracts/join-links';
import { CalendarInvite, Course, JoinClick, JoinLink, Meeting, MeetingRegistrant, Order, OrderItem, User } from '@db/models';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { sessionTimes } from '../calendar/calendar-invites';
import { formatSession } from '../calendar/calendar-format';
import type { LearningAccess } from '../learning/access';
import { ensureJoinToken, tokenHash } from './join-tokens';

/** Meetings a join link leads to (or soon will: a Zoom meeting being created, or one staff will save again). */
const USABLE_MEETINGS = ['creating', 'ready', 'failed'] as const;

export interface JoinLinkOptions {
  knex: Knex;
  clock: Clock;
  /** The tokens' key (derived from the server secret). */
  key: Buffer;
  publicUrl: string;
  access: LearningAccess;
}

/** What a click on `/join/:token` gets: the meeting, or a page with an HTTP status and words. */
export type JoinOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'page'; status: 200 | 403 | 404; joinStatus: JoinStatus | 'not_found' | 'revoked'; title: string; message: string };

export const usableMeeting = (db: Knex | Knex.Transaction, courseId: string) =>
  Meeting.query(db).where('course_id', courseId).whereIn('status', USABLE_MEETINGS).first();

/** The person's own meeting address now: their Zoom registration's link, or the course's link; null while Zoom has none for them. */
async function meetingUrl(db: Knex, meeting: Meeting, userId: string): Promise<string | null> {
  if (meeting.provider === 'link') return meeting.status === 'ready' ? meeting.joinUrl : null;
  const registrant = await MeetingRegistrant.query(db).where({ meeting_id: meeting.id, user_id: userId, status: 'registered' }).first();
  return registrant?.joinUrl ?? null;
}

export class JoinLinkService {
  constructor(private readonly o: JoinLinkOptions) {}

  private address(token: string): string {
    return `${this.o.publicUrl}${joinPath(token)}`;
  }

  /** The person's link to a course's meeting, made on first need; null without a meeting or a live right to the course. */
  async personalUrl(courseId: string, userId: string): Promise<string | null> {
    if (!(await usableMeeting(this.o.knex, courseId))) return null;
    if ((await this.o.access.live(userId, courseId)).length === 0) return null;
    return this.address(await ensureJoinToken(this.o.knex, this.o.key, courseId, userId, this.o.clock().toISOString()));
  }

  /**
   * The link for a calendar invite (one per buyer e-mail and course): the account of that e-mail's.
   * A REQUEST carrying it is mailed now, so its calendar has the link (`announced_at`).
   */
  async inviteUrl(invite: Pick<CalendarInvite, 'courseId' | 'email'>, method: string): Promise<string | null> {
    const user = await User.query(this.o.knex).where('email', invite.email.toLowerCase()).select('id').first();
    const url = user ? await this.personalUrl(invite.courseId, user.id) : null;
    if (url && method === 'REQUEST')
      await JoinLink.query(this.o.knex)
        .where({ course_id: invite.courseId, user_id: user!.id, token_hash: tokenHash(url.slice(url.lastIndexOf('/') + 1)) })
        .whereNull('announced_at')
        .patch({ announcedAt: this.o.clock().toISOString() });
    return url;
  }

  /** The receipt's paragraphs: the buyer's own link for each live course of the order that has a meeting. */
  async receiptNotes(orderId: string): Promise<string[]> {
    const order = await Order.query(this.o.knex).findById(orderId).select('user_id');
    if (!order?.userId) return [];
    const courses = await Course.query(this.o.knex)
      .whereIn('id', OrderItem.query(this.o.knex).where('order_id', orderId).whereNotNull('course_id').select('course_id'))
      .select('id', 'title', 'type')
      .orderBy('title');
    const notes: string[] = [];
    for (const course of courses.filter((c) => isLiveSessionType(c.type))) {
      const url = await this.personalUrl(course.id, order.userId);
      if (url) notes.push(`Your personal join link for “${course.title}” (it opens 30 minutes before the start; please do not share it): ${url}`);
    }
    return notes;
  }

  /** `GET /api/courses/:id/join`: the signed-in attendee's link and its window (401 signed out, 403 without a live right). */
  async view(user: AuthenticatedUser | null, courseId: string): Promise<JoinView> {
    if (!user) throw new AppError('unauthorized', LEARNING_MESSAGES.signIn);
    const course = await Course.query(this.o.knex).findById(courseId);
    if (!course || course.archivedAt) throw AppError.notFound('Course not found');
    if ((await this.o.access.live(user.id, courseId)).length === 0) throw new AppError('forbidden', LEARNING_MESSAGES.notEntitled);
    const window = sessionTimes(course);
    const opensAt = window ? new Date(Date.parse(window.start) - JOIN_OPENS_BEFORE_MS).toISOString() : null;
    const meeting = window ? await usableMeeting(this.o.knex, courseId) : undefined;
    if (!meeting) return { joinUrl: null, opensAt, endsAt: window?.end ?? null, status: 'no_meeting', message: JOIN_MESSAGES.noMeeting };
    const token = await ensureJoinToken(this.o.knex, this.o.key, courseId, user.id, this.o.clock().toISOString());
    const status = joinStatusAt(this.o.clock().getTime(), window, (await meetingUrl(this.o.knex, meeting, user.id)) !== null);
    return { joinUrl: this.address(token), opensAt, endsAt: window!.end, status, message: this.words(status, opensAt!, course.timezone) };
  }

  private words(status: JoinStatus, opensAt: string, timeZone: string | null): string {
    if (status === 'not_yet') return JOIN_MESSAGES.notYet(formatSession(opensAt, timeZone));
    return { open: JOIN_MESSAGES.open, ended: JOIN_MESSAGES.ended, preparing: JOIN_MESSAGES.preparing, no_meeting: JOIN_MESSAGES.noMeeting }[status];
  }

  /** A click on `/join/:token` (`log: false` for a HEAD request, which no person makes). */
  async open(token: string, userAgent: string | undefined, log = true): Promise<JoinOutcome> {
    const notFound = { kind: 'page', status: 404, joinStatus: 'not_found', title: 'Link not found', message: JOIN_MESSAGES.notFound } as const;
    if (!JOIN_TOKEN_PATTERN.test(token)) return notFound;
    const link = await JoinLink.query(this.o.knex).where('token_hash', tokenHash(token)).first();
    if (!link) return notFound;
    const course = await Course.query(this.o.knex).findById(link.courseId);
    if (!course) return notFound;
    if ((await this.o.access.live(link.userId, link.courseId)).length === 0)
      return { kind: 'page', status: 403, joinStatus: 'revoked', title: 'Access ended', message: JOIN_MESSAGES.revoked };
    const window = course.archivedAt ? null : sessionTimes(course);
    const meeting = window ? await usableMeeting(this.o.knex, course.id) : undefined;
    const url = meeting ? await meetingUrl(this.o.knex, meeting, link.userId) : null;
    const now = this.o.clock();
    const status = joinStatusAt(now.getTime(), window, meeting ? url !== null : null);
    if (status !== 'open') {
      const opensAt = window ? new Date(Date.parse(window.start) - JOIN_OPENS_BEFORE_MS).toISOString() : '';
      return { kind: 'page', status: 200, joinStatus: status, title: course.title, message: this.words(status, opensAt, course.timezone) };
    }
    if (log)
      await JoinClick.query(this.o.knex).insert({
        id: crypto.randomUUID(),
        joinLinkId: link.id,
        courseId: link.courseId,
        userId: link.userId,
        clickedAt: now.toISOString(),
        userAgent: userAgent ? userAgent.slice(0, 500) : null,
      });
    return { kind: 'redirect', url: url! };
  }
}
