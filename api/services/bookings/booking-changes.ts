/**
 * A customer cancels, transfers or moves to another date (`session-moves.ts`) their own booked
 * seat from My Training (issue 35, point 3), by the policy of the course's type (`bookingTerms`).
 *
 * One transaction claims the change (a `booking_changes` row unique per entitlement, so a double
 * click or a second process changes nothing more) and moves everything that follows the seat:
 * the right (revoked; a transfer grants the new holder one, a move one to the new date), the seat
 * (a cancellation or a move gives it back to the course, where the waitlist sweep offers it), the
 * enrollment, the calendar invites (a CANCEL to the old holder or date, an invitation to the new
 * one), the Zoom registrations (queued) and the audit. A cancellation's refund then goes through the refund flow (`RefundService`) with a
 * key derived from the change, so it is issued once; a processor that refuses it leaves the
 * amount marked due on the order, for staff.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { isUniqueViolation } from '@db/errors';
import { BookingChange, Course, Enrollment, Entitlement, Order, SeatHold } from '@db/models';
import { transaction } from '@db/transaction';
import { BOOKING_MESSAGES, bookingTerms, type BookingChange as BookingChangeAnswer, type BookingTerms, type MyBookings } from '@contracts/bookings';
import { isCourseType } from '@contracts/course-types';
import { AppError } from '@api/errors';
import { composeMail, type Mailer } from '@api/integrations/mail';
import type { Clock } from '@api/lib/clock';
import type { Logger } from '@api/logger';
import { seatInvitesMoved } from '../calendar/seat-invites';
import { whereLive } from '../enrollments/entitlements';
import { syncCourseAttendees } from '../meetings/attendees';
import type { RefundService } from '../orders/refunds/refund-service';
import { recordAudit } from '../platform/audit';
import { describeChange, type ChangeKind } from './change-kinds';
import { accountFor, holdsSeat, type Holder } from './holders';
import { allPolicies, policyFor } from './policies';
import { moveSeat, moveTarget, otherSessionsOf } from './session-moves';

export interface BookingChangeOptions {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  publicUrl: string;
  refunds: RefundService;
}

/** The booking as the customer holds it now: their enrollment, its course and order, the seat's live right. */
interface Booking {
  enrollment: Enrollment;
  course: Course;
  order: Order;
  entitlement: Entitlement;
  terms: BookingTerms;
}

export class BookingChanges {
  constructor(private readonly o: BookingChangeOptions) {}

  private async booking(user: Holder, enrollmentId: string): Promise<Booking> {
    const { knex } = this.o;
    const now = this.o.clock();
    const enrollment = await Enrollment.query(knex).findOne({ id: enrollmentId, user_id: user.id });
    if (!enrollment) throw AppError.notFound(BOOKING_MESSAGES.notFound);
    const course = await Course.query(knex).findById(enrollment.courseId);
    const order = enrollment.orderId ? await Order.query(knex).findById(enrollment.orderId).withGraphFetched('items') : undefined;
    if (!course || !isCourseType(course.type)) throw AppError.notFound(BOOKING_MESSAGES.notFound);
    // A seat of an organisation's pool is the organisation's to move (issue 33), not its holder's.
    if (!order || order.orgId || order.userId !== user.id) throw AppError.conflict(BOOKING_MESSAGES.notOwnSeat);
    const rights = Entitlement.query(knex).where({ user_id: user.id, course_id: course.id, source: 'order', source_id: order.id });
    whereLive(rights, now.toISOString());
    const entitlement = await rights.first();
    if (!entitlement) throw AppError.conflict(BOOKING_MESSAGES.alreadyChanged);
    return { enrollment, course, order, entitlement, terms: bookingTerms(await policyFor(knex, course.type), course.startDate, now) };
  }

  /** What one seat cost in the order (its line after discounts; a moved seat keeps its line), never more than is left to refund. */
  private seatPaidCents(order: Order, courseId: string, orderItemId: string | null): number {
    const lines = (order.items ?? []).filter((item) => (orderItemId ? item.id === orderItemId : item.courseId === courseId));
    const seats = lines.reduce((sum, line) => sum + line.quantity, 0);
    const paid = lines.reduce((sum, line) => sum + line.priceCents * line.quantity - line.discountCents - line.couponDiscountCents, 0);
    return seats > 0 ? Math.min(Math.round(paid / seats), order.totalCents - order.refundedCents) : 0;
  }

  /** GET /api/me/bookings: each seat the person bought for themselves and still holds, with what the policy allows now. */
  async mine(user: Holder): Promise<MyBookings> {
    const { knex } = this.o;
    const now = this.o.clock();
    const enrollments = await Enrollment.query(knex).where('user_id', user.id).whereNotNull('order_id');
    if (enrollments.length === 0) return { bookings: [] };
    const orderIds = [...new Set(enrollments.map((e) => e.orderId!))];
    const [orders, courses, policies] = await Promise.all([
      Order.query(knex).whereIn('id', orderIds).where('user_id', user.id).whereNull('org_id').withGraphFetched('items'),
      Course.query(knex).whereIn('id', [...new Set(enrollments.map((e) => e.courseId))]),
      allPolicies(knex),
    ]);
    const rights = Entitlement.query(knex)
      .where({ user_id: user.id, source: 'order' })
      .whereIn('source_id', orderIds)
      .select('course_id', 'source_id', 'order_item_id');
    whereLive(rights, now.toISOString());
    const live = new Map((await rights).map((r) => [`${r.sourceId}|${r.courseId}`, r.orderItemId]));
    const others = await otherSessionsOf(knex, courses, now.toISOString());
    const orderById = new Map(orders.map((o) => [o.id, o]));
    const courseById = new Map(courses.map((c) => [c.id, c]));
    const bookings: MyBookings['bookings'] = [];
    for (const enrollment of enrollments) {
      const order = orderById.get(enrollment.orderId!);
      const course = courseById.get(enrollment.courseId);
      const key = `${order?.id}|${course?.id}`;
      if (!order || !course || !isCourseType(course.type) || !live.has(key)) continue;
      const terms = bookingTerms(policies.get(course.type)!, course.startDate, now);
      const paid = this.seatPaidCents(order, course.id, live.get(key) ?? null);
      bookings.push({
        enrollmentId: enrollment.id,
        courseId: course.id,
        title: course.title,
        startDate: course.startDate,
        refundCents: Math.round((paid * terms.refundPercent) / 100),
        ...terms,
        otherSessions: terms.canMove ? (others.get(course.id) ?? []) : [],
      });
    }
    return { bookings };
  }

  /** POST /api/me/enrollments/:id/cancel. */
  async cancel(user: Holder, enrollmentId: string): Promise<BookingChangeAnswer> {
    const booking = await this.booking(user, enrollmentId);
    if (!booking.terms.canCancel)
      throw AppError.conflict(booking.terms.canTransfer ? BOOKING_MESSAGES.noRefundLeft : (booking.terms.reason ?? BOOKING_MESSAGES.noCancellation));
    const percent = booking.terms.refundPercent;
    const { order, course, entitlement } = booking;
    const refundCents = Math.round((this.seatPaidCents(order, course.id, entitlement.orderItemId) * percent) / 100);
    const now = this.o.clock();
    const changeId = await this.claim(booking, user, { kind: 'cancelled', refund: { percent, refundCents } }, now, async (trx) => {
      await this.returnSeat(trx, booking, now);
      await Enrollment.query(trx).deleteById(booking.enrollment.id);
      await seatInvitesMoved(trx, { courseId: booking.course.id, orderId: booking.order.id }, user, null, now.toISOString());
    });
    const refund = refundCents > 0 ? await this.refund(booking, user, changeId, refundCents, percent) : 'none';
    return { kind: 'cancelled', courseId: booking.course.id, refundPercent: percent, refundCents, refund, newHolder: null, newCourseId: null };
  }

  /** POST /api/me/enrollments/:id/transfer `{ email }`. */
  async transfer(user: Holder, enrollmentId: string, email: string): Promise<BookingChangeAnswer> {
    if (email === user.email.toLowerCase()) throw AppError.badRequest(BOOKING_MESSAGES.ownAddress);
    const booking = await this.booking(user, enrollmentId);
    if (!booking.terms.canTransfer) throw AppError.conflict(booking.terms.reason ?? BOOKING_MESSAGES.noTransfer);
    const now = this.o.clock();
    const nowIso = now.toISOString();
    const target = await accountFor(this.o.knex, email, nowIso);
    if (await holdsSeat(this.o.knex, target.id, booking.course.id, nowIso)) throw AppError.conflict(BOOKING_MESSAGES.alreadyOwned);
    await this.claim(booking, user, { kind: 'transferred', to: target }, now, async (trx) => {
      const { entitlement } = booking;
      await Entitlement.query(trx).insert({
        id: crypto.randomUUID(),
        userId: target.id,
        courseId: booking.course.id,
        source: 'order',
        sourceId: booking.order.id,
        orderItemId: entitlement.orderItemId,
        pricingTierId: entitlement.pricingTierId,
        startsAt: nowIso,
        endsAt: entitlement.endsAt,
        revokedAt: null,
        revokedReason: null,
        revokedBy: null,
        createdAt: nowIso,
      });
      // The new holder's enrollment is this one (an old one of theirs, without a right, gives way).
      await Enrollment.query(trx).where({ user_id: target.id, course_id: booking.course.id }).delete();
      await Enrollment.query(trx).findById(booking.enrollment.id).patch({ userId: target.id, enrolledAt: nowIso });
      await seatInvitesMoved(trx, { courseId: booking.course.id, orderId: booking.order.id }, user, target, nowIso);
    });
    await this.o.mailer
      .send(
        composeMail(target.email, `${user.name} has given you their seat: ${booking.course.title}`, [
          `Hello ${target.name}, ${user.name} (${user.email}) has transferred their seat in "${booking.course.title}" to you.`,
          `Sign in with this address (${target.email}) to find it in My Training: ${this.o.publicUrl}/learn. No password is needed; we send you a code.`,
        ]),
      )
      .catch((error: unknown) => this.o.logger.warn('Could not mail the new holder of a transferred seat', { email: target.email, error: String(error) }));
    return {
      kind: 'transferred',
      courseId: booking.course.id,
      refundPercent: null,
      refundCents: null,
      refund: null,
      newHolder: target.email,
      newCourseId: null,
    };
  }

  /** POST /api/me/enrollments/:id/transfer `{ courseId }`: the seat moves to another date of the same course. */
  async move(user: Holder, enrollmentId: string, courseId: string): Promise<BookingChangeAnswer> {
    const booking = await this.booking(user, enrollmentId);
    if (!booking.terms.canMove) throw AppError.conflict(booking.terms.reason ?? BOOKING_MESSAGES.noMove);
    const now = this.o.clock();
    const nowIso = now.toISOString();
    const to = await moveTarget(this.o.knex, booking.course, courseId, nowIso);
    if (await holdsSeat(this.o.knex, user.id, to.id, nowIso)) throw AppError.conflict(BOOKING_MESSAGES.alreadyBooked);
    const { order, course, entitlement, enrollment } = booking;
    await this.claim(booking, user, { kind: 'moved', toCourse: to }, now, async (trx) => {
      await moveSeat(trx, { userId: user.id, orderId: order.id, entitlement, enrollment, to }, now);
      await this.returnSeat(trx, booking, now);
      await seatInvitesMoved(trx, { courseId: course.id, orderId: order.id }, user, null, nowIso);
      await seatInvitesMoved(trx, { courseId: to.id, orderId: order.id }, null, user, nowIso);
      await syncCourseAttendees(trx, to.id, now, [user.id]);
    });
    return { kind: 'moved', courseId: course.id, refundPercent: null, refundCents: null, refund: null, newHolder: null, newCourseId: to.id };
  }

  /**
   * The change, once: its row (unique per entitlement), the old right revoked (conditionally),
   * then `moves` (what follows the seat), Zoom registrations and the audit, in one transaction.
   */
  private async claim(booking: Booking, user: Holder, change: ChangeKind, now: Date, moves: (trx: Knex.Transaction) => Promise<void>): Promise<string> {
    const nowIso = now.toISOString();
    const id = crypto.randomUUID();
    try {
      await transaction(this.o.knex, async (trx) => {
        await BookingChange.query(trx).insert({
          id,
          kind: change.kind,
          entitlementId: booking.entitlement.id,
          userId: user.id,
          courseId: booking.course.id,
          orderId: booking.order.id,
          toUserId: change.kind === 'transferred' ? change.to.id : null,
          toCourseId: change.kind === 'moved' ? change.toCourse.id : null,
          refundPercent: change.kind === 'cancelled' ? change.refund.percent : null,
          refundCents: change.kind === 'cancelled' ? change.refund.refundCents : null,
          refundId: null,
          createdAt: nowIso,
        });
        const revoked = await Entitlement.query(trx)
          .findById(booking.entitlement.id)
          .whereNull('revoked_at')
          .patch({ revokedAt: nowIso, revokedReason: describeChange(change, booking.course, user).reason, revokedBy: user.id });
        if (revoked !== 1) throw AppError.conflict(BOOKING_MESSAGES.alreadyChanged);
        await moves(trx);
        await syncCourseAttendees(trx, booking.course.id, now, change.kind === 'transferred' ? [user.id, change.to.id] : [user.id]);
        const { before, after, summary } = describeChange(change, booking.course, user);
        await recordAudit(
          trx,
          { id: user.id, email: user.email },
          { entity: 'booking', entityId: booking.entitlement.id, action: change.kind === 'cancelled' ? 'delete' : 'update', before, after, summary },
          nowIso,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(BOOKING_MESSAGES.alreadyChanged);
      throw error;
    }
    return id;
  }

  /** The cancelled seat goes back to the course (its paid hold one seat smaller), so the waitlist can be offered it. */
  private async returnSeat(trx: Knex.Transaction, booking: Booking, now: Date): Promise<void> {
    const hold = await SeatHold.query(trx).findOne({ order_id: booking.order.id, course_id: booking.course.id, status: 'converted' });
    if (!hold) return;
    const shrunk =
      hold.seats > 1
        ? await SeatHold.query(trx)
            .where({ id: hold.id, status: 'converted', seats: hold.seats })
            .patch({ seats: hold.seats - 1 })
        : await SeatHold.query(trx).where({ id: hold.id, status: 'converted' }).patch({ status: 'released' });
    if (shrunk !== 1) return;
    await Course.query(trx)
      .findById(booking.course.id)
      .patch({ currentParticipants: raw('case when current_participants > 0 then current_participants - 1 else 0 end') });
    await recordCatalogueChanges(trx, [{ entity: 'course', entityId: booking.course.id, action: 'upsert' }], now);
  }

  /** The refund through the refund flow, keyed by the change; a refusal leaves the amount due for staff. */
  private async refund(booking: Booking, user: Holder, changeId: string, amountCents: number, percent: number): Promise<'refunded' | 'pending' | 'due'> {
    try {
      const result = await this.o.refunds.refund({
        orderId: booking.order.id,
        actor: { id: user.id, email: user.email },
        request: { amountCents, reason: `Cancelled by the customer: ${booking.course.title} (${percent}% by the cancellation policy)`.slice(0, 500) },
        idempotencyKey: `booking-cancel-${changeId}`,
      });
      await BookingChange.query(this.o.knex).findById(changeId).patch({ refundId: result.refund.id });
      return 'refunded';
    } catch (error) {
      if (error instanceof AppError && error.code === 'bad_gateway') return 'pending';
      this.o.logger.error('A cancellation’s refund was refused: it is marked due on the order', { orderId: booking.order.id, changeId, error: String(error) });
      await Order.query(this.o.knex)
        .findById(booking.order.id)
        .patch({ refundDueCents: raw('refund_due_cents + ?', [amountCents]), refundReason: `Cancellation refund refused by the processor (${changeId})` });
      return 'due';
    }
  }
}
