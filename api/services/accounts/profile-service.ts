/** The signed-in customer's profile: account, orders with their lines, and enrollments. Three queries. */
import type { Knex } from 'knex';
import { Course, Enrollment, Order, Refund, User } from '@db/models';
import type { ProfileResponse } from '@contracts/auth';
import { AppError } from '../../errors';
import { centsToDecimal } from '../../lib/money';
import { sessionTimes } from '../calendar/calendar-invites';
import { orderDiscountRows } from '../orders/order-discounts';

/** The enrolled course's fields "Add to calendar" depends on (a dated live session, not archived). */
interface EnrolledCourse {
  courseTitle: string | null;
  courseType: string | null;
  courseStart: string | null;
  courseEnd: string | null;
  courseDuration: number | null;
  courseArchivedAt: string | null;
}

export class ProfileService {
  constructor(private readonly knex: Knex) {}

  async getProfile(userId: string): Promise<ProfileResponse> {
    const user = await User.query(this.knex).findById(userId);
    if (!user) throw AppError.notFound('Account not found');
    const [orders, enrollments] = await Promise.all([
      // Purchases only: open and abandoned checkouts (pending, expired, failed) are not orders to the customer.
      Order.query(this.knex)
        .where('user_id', userId)
        .modify('visibleToBuyer')
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
        .withGraphFetched('items'),
      Enrollment.query(this.knex)
        .where('enrollments.user_id', userId)
        .leftJoin(Course.tableName, 'courses.id', 'enrollments.course_id')
        .select(
          'enrollments.*',
          'courses.title as course_title',
          'courses.type as course_type',
          'courses.start_date as course_start',
          'courses.end_date as course_end',
          'courses.duration as course_duration',
          'courses.archived_at as course_archived_at',
        )
        .orderBy('enrollments.enrolled_at', 'desc') as unknown as Promise<Array<Enrollment & EnrolledCourse>>,
    ]);
    // Refunds the processor made, with their credit notes (issue 29).
    const refunds = await Refund.query(this.knex)
      .whereIn(
        'order_id',
        orders.map((order) => order.id),
      )
      .where('status', 'succeeded')
      .orderBy('created_at');
    const refundsOf = (orderId: string) => {
      const own = refunds.filter((r) => r.orderId === orderId && r.creditNoteNumber);
      const cents = own.reduce((sum, r) => sum + r.amountCents, 0);
      return {
        refunded: cents > 0 ? centsToDecimal(cents) : null,
        creditNotes: own.map((r) => ({ refundId: r.id, number: r.creditNoteNumber!, amount: centsToDecimal(r.amountCents) })),
      };
    };
    return {
      user: { name: user.name, email: user.email, membershipType: user.membershipType, createdAt: user.createdAt },
      orders: orders.map((order) => ({
        id: order.id,
        createdAt: order.createdAt,
        total: centsToDecimal(order.totalCents),
        status: order.status,
        items: (order.items ?? []).map((item) => ({
          title: item.title,
          price: centsToDecimal(item.priceCents),
          tierName: item.tierName,
          quantity: item.quantity,
        })),
        discounts: orderDiscountRows(order).map((d) => ({ label: d.label, amount: centsToDecimal(d.cents) })),
        stripePaymentIntentId: order.stripePaymentIntentId,
        refundDue: order.refundDueCents > 0 ? centsToDecimal(order.refundDueCents) : null,
        invoiceNumber: order.invoiceNumber,
        ...refundsOf(order.id),
      })),
      enrollments: enrollments.map((e) => ({
        id: e.id,
        courseId: e.courseId,
        courseTitle: e.courseTitle ?? null,
        enrolledAt: e.enrolledAt,
        calendar:
          !e.courseArchivedAt &&
          !!e.courseType &&
          !!sessionTimes({ type: e.courseType, startDate: e.courseStart, endDate: e.courseEnd, duration: e.courseDuration }),
      })),
      reminders: { push: user.remindByPush, email: user.remindByEmail },
    };
  }
}
