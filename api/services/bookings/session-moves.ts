/**
 * Moving a booked seat to another session (date) of the same course (issue 35, point 3): the
 * sessions of one course share `courses.series_id` (Duplicate sets it). What may be chosen, and
 * the steps that move the seat, inside the booking change's transaction (`BookingChanges.move`):
 * a seat taken on the new date by one conditional UPDATE (none free: 409, nothing moved), the old
 * date's seat given back (to its waitlist), the right and the enrollment moved, the person's place
 * on the new date's waitlist ended, and both dates' catalogue rows changed.
 *
 * No money changes hands: the seat keeps what was paid for it (the order's line), whatever the new
 * date's price; a later cancellation refunds by that line and the new date's policy.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { Course, Enrollment, Entitlement, SeatHold, WaitlistEntry } from '@db/models';
import { BOOKING_MESSAGES, type MyBookings } from '@contracts/bookings';
import { AppError } from '@api/errors';
import { endOffer } from '../waitlists/waitlist-seats';

export type OtherSession = MyBookings['bookings'][number]['otherSessions'][number];

type SessionRow = Pick<Course, 'id' | 'seriesId' | 'title' | 'startDate' | 'location' | 'maxParticipants' | 'currentParticipants' | 'seatsHeld'>;

const sessionColumns = ['id', 'series_id', 'title', 'start_date', 'location', 'max_participants', 'current_participants', 'seats_held'];

/** The sessions a booking may move to: the same series, on sale, not archived, not started. */
const bookableSessions = (db: Knex | Knex.Transaction, nowIso: string) =>
  Course.query(db).modify('active').modify('notArchived').where('start_date', '>', nowIso).select(sessionColumns);

function toOtherSession(row: SessionRow): OtherSession {
  return {
    courseId: row.id,
    title: row.title,
    startDate: row.startDate!,
    location: row.location,
    seatsLeft: row.maxParticipants === null ? null : Math.max(0, row.maxParticipants - row.currentParticipants - row.seatsHeld),
  };
}

/** For each course, its other sessions by start date (one query for all of My Training's cards). */
export async function otherSessionsOf(db: Knex, courses: Array<Pick<Course, 'id' | 'seriesId'>>, nowIso: string): Promise<Map<string, OtherSession[]>> {
  const series = [...new Set(courses.map((c) => c.seriesId).filter((id): id is string => !!id))];
  if (series.length === 0) return new Map();
  const rows = await bookableSessions(db, nowIso).whereIn('series_id', series).orderBy('start_date').orderBy('id');
  return new Map(
    courses.map((course) => [course.id, rows.filter((row) => course.seriesId && row.seriesId === course.seriesId && row.id !== course.id).map(toOtherSession)]),
  );
}

/** The session a booking of `from` may move to, or the 4xx that says why not. */
export async function moveTarget(db: Knex, from: Pick<Course, 'id' | 'seriesId'>, courseId: string, nowIso: string): Promise<Course> {
  // Their own date (or a double click's second request, after the first moved the seat there).
  if (courseId === from.id) throw AppError.conflict(BOOKING_MESSAGES.alreadyBooked);
  const target = await Course.query(db).findById(courseId).modify('active').modify('notArchived');
  if (!target || !from.seriesId || target.seriesId !== from.seriesId) throw AppError.badRequest(BOOKING_MESSAGES.notSameCourse);
  if (!target.startDate || target.startDate <= nowIso) throw AppError.conflict(BOOKING_MESSAGES.targetStarted);
  return target;
}

export interface SeatMove {
  userId: string;
  orderId: string;
  entitlement: Entitlement;
  enrollment: Enrollment;
  to: Course;
}

/** The seat on the new date, the right and the enrollment moved; the old date's seat goes back by the caller (`returnSeat`). */
export async function moveSeat(trx: Knex.Transaction, move: SeatMove, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  // Their own offer on the new date gives its seat back first, so the seat they take may be that one.
  const places = await WaitlistEntry.query(trx).where({ course_id: move.to.id, user_id: move.userId }).whereIn('status', ['waiting', 'offered']);
  for (const entry of places) await endOffer(trx, entry, 'accepted', nowIso);
  const taken = await Course.query(trx)
    .findById(move.to.id)
    .modify('hasSeatsFor', 1)
    .patch({ currentParticipants: raw('current_participants + 1') });
  if (taken !== 1) throw AppError.conflict(`${move.to.title} is fully booked`);
  await SeatHold.query(trx).insert({
    id: crypto.randomUUID(),
    orderId: move.orderId,
    courseId: move.to.id,
    seats: 1,
    status: 'converted',
    expiresAt: nowIso,
    createdAt: nowIso,
  });

  const right = { startsAt: nowIso, endsAt: move.entitlement.endsAt, revokedAt: null, revokedReason: null, revokedBy: null };
  // A right to the new date from this order that ended (moved away before): it lives again.
  const again = await Entitlement.query(trx).where({ user_id: move.userId, course_id: move.to.id, source: 'order', source_id: move.orderId }).patch(right);
  if (again === 0)
    await Entitlement.query(trx).insert({
      id: crypto.randomUUID(),
      userId: move.userId,
      courseId: move.to.id,
      source: 'order',
      sourceId: move.orderId,
      orderItemId: move.entitlement.orderItemId,
      pricingTierId: move.entitlement.pricingTierId,
      createdAt: nowIso,
      ...right,
    });
  // Their enrollment is this one (an old one on the new date, without a right, gives way).
  await Enrollment.query(trx).where({ user_id: move.userId, course_id: move.to.id }).delete();
  await Enrollment.query(trx).findById(move.enrollment.id).patch({ courseId: move.to.id });
  await recordCatalogueChanges(trx, [{ entity: 'course', entityId: move.to.id, action: 'upsert' }], now);
}
