/**
 * Tickets of live-seminar seats (issue 30, point 5). A ticket's code is derived from its seat
 * (the entitlement) with a key of the server's (`contracts/check-in.ts` says why), so the holder
 * can see it again while the database keeps only its SHA-256; each seat's row is made the first
 * time anyone needs it (the holder's ticket, the scanner's list, a scan) with
 * `INSERT … ON CONFLICT IGNORE`, and its hash follows the key should the server's secret change.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { CHECK_IN_MESSAGES, TICKET_PREFIX, ticketCourseTag, ticketSecret, type CheckInList, type TicketView } from '@contracts/check-in';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { CheckIn, Course, Entitlement, Ticket, User } from '@db/models';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hmac, sha256Hex } from '../../lib/crypto';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { whereLive } from '../enrollments/entitlements';
import { ticketQrSvg } from './ticket-qr';

export const SEMINAR_TYPE = 'live_seminar';

export interface TicketOptions {
  knex: Knex;
  clock: Clock;
  /** The key codes are derived with (`deriveKey(authSecret, 'seminar-tickets')`). */
  key: Buffer;
}

/** A live seminar, or 404 (also for other kinds of course: they have no tickets). */
export async function seminarOf(db: Knex, courseId: string): Promise<Course> {
  const course = await Course.query(db).findById(courseId).whereNull('archived_at');
  if (!course) throw AppError.notFound('Course not found');
  if (course.type !== SEMINAR_TYPE) throw AppError.notFound(CHECK_IN_MESSAGES.notSeminar);
  return course;
}

export class TicketService {
  constructor(private readonly o: TicketOptions) {}

  /** The code of a seat's ticket. */
  codeOf(entitlement: Pick<Entitlement, 'id' | 'courseId'>): string {
    const mac = hmac(this.o.key, `ticket:${entitlement.id}`);
    return `${TICKET_PREFIX}.${ticketCourseTag(entitlement.courseId)}.${ticketSecret(mac)}`;
  }

  /** Makes (or brings up to date) the ticket rows of these seats; their rows by seat. */
  async ensure(entitlements: Array<Pick<Entitlement, 'id' | 'courseId' | 'userId'>>): Promise<Map<string, Ticket>> {
    const db = this.o.knex;
    const read = async () => {
      const rows = new Map<string, Ticket>();
      const ids = entitlements.map((e) => e.id);
      for (let i = 0; i < ids.length; i += 500) {
        for (const row of await Ticket.query(db).whereIn('entitlement_id', ids.slice(i, i + 500))) rows.set(row.entitlementId, row);
      }
      return rows;
    };
    const rows = await read();
    const now = this.o.clock().toISOString();
    const missing: Array<Partial<Ticket>> = [];
    for (const e of entitlements) {
      const codeHash = sha256Hex(this.codeOf(e));
      const row = rows.get(e.id);
      if (!row) missing.push({ id: crypto.randomUUID(), entitlementId: e.id, courseId: e.courseId, userId: e.userId, codeHash, createdAt: now });
      else if (row.codeHash !== codeHash) {
        // The server's secret changed: the seat's code did too.
        await Ticket.query(db).where('id', row.id).patch({ codeHash });
        row.codeHash = codeHash;
      }
    }
    if (missing.length === 0) return rows;
    for (let i = 0; i < missing.length; i += 200) await Ticket.insertMany(db, missing.slice(i, i + 200), { ignoreConflictsOn: ['entitlement_id'] });
    return read();
  }

  /** `GET /api/me/courses/:id/ticket`: the holder's ticket (401 signed out, 403 without a live seat, 404 not a seminar). */
  async ticketFor(user: AuthenticatedUser | null, courseId: string): Promise<TicketView> {
    if (!user) throw new AppError('unauthorized', LEARNING_MESSAGES.signIn);
    const course = await seminarOf(this.o.knex, courseId);
    const seats = await Entitlement.query(this.o.knex).where({ user_id: user.id, course_id: courseId }).orderBy('created_at').orderBy('id');
    const live = Entitlement.query(this.o.knex).where({ user_id: user.id, course_id: courseId }).orderBy('created_at').orderBy('id');
    whereLive(live, this.o.clock().toISOString());
    const [seat] = await live;
    if (!seat) throw new AppError('forbidden', seats.length > 0 ? CHECK_IN_MESSAGES.revoked : CHECK_IN_MESSAGES.noTicket);
    await this.ensure([seat]);
    const code = this.codeOf(seat);
    return {
      code,
      qrSvg: await ticketQrSvg(code),
      course: { id: course.id, title: course.title, location: course.location },
      startsAt: course.startDate,
      holderName: user.name,
    };
  }

  /** The scanner's list: every seat of the seminar (revoked ones marked), with its last check-in and check-out. */
  async list(courseId: string): Promise<CheckInList> {
    const db = this.o.knex;
    const course = await seminarOf(db, courseId);
    const nowIso = this.o.clock().toISOString();
    const seats = await Entitlement.query(db).where('course_id', courseId).orderBy('created_at').orderBy('id');
    const tickets = await this.ensure(seats);
    const names = new Map<string, string>();
    const userIds = [...new Set(seats.map((s) => s.userId))];
    for (let i = 0; i < userIds.length; i += 500) {
      for (const u of await User.query(db)
        .whereIn('id', userIds.slice(i, i + 500))
        .select('id', 'name', 'email'))
        names.set(u.id, u.name || u.email);
    }
    const last = new Map<string, { in: string | null; out: string | null; scans: number }>();
    const rows = await CheckIn.query(db)
      .where('course_id', courseId)
      .groupBy('ticket_id', 'kind')
      .select('ticket_id', 'kind')
      .max('at as last')
      .count('* as scans');
    for (const row of rows as unknown as Array<{ ticketId: string; kind: 'in' | 'out'; last: string; scans: number | string }>) {
      const entry = last.get(row.ticketId) ?? { in: null, out: null, scans: 0 };
      entry[row.kind] = row.last;
      entry.scans += Number(row.scans);
      last.set(row.ticketId, entry);
    }
    const isLive = (s: Entitlement) => !s.revokedAt && s.startsAt <= nowIso && (!s.endsAt || s.endsAt > nowIso);
    return {
      course: { id: course.id, title: course.title, startDate: course.startDate, location: course.location, courseTag: ticketCourseTag(course.id) },
      attendees: seats.map((seat) => {
        const ticket = tickets.get(seat.id)!;
        const times = last.get(ticket.id);
        return {
          ticketHash: ticket.codeHash,
          name: names.get(seat.userId) ?? '',
          revoked: !isLive(seat),
          lastIn: times?.in ?? null,
          lastOut: times?.out ?? null,
          scans: times?.scans ?? 0,
        };
      }),
    };
  }
}
