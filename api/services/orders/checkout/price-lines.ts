/**
 * Prices every line of a cart from the database (never from the client) and bounds what one
 * checkout may ask for.
 */
import type { Knex } from 'knex';
import { Course, PricingTier } from '@db/models';
import type { CheckoutItem } from '@contracts/checkout';
import { isCourseType, type CourseType } from '@contracts/course-types';
import { AppError } from '@api/errors';
import { centsToDecimal } from '@api/lib/money';
import type { CheckoutServiceOptions } from './options';

/** Distinct lines (course and pricing option) in one checkout. */
export const MAX_ORDER_LINES = 50;

/** One order line: a course (and pricing option) with its unit price and quantity. */
export interface PricedLine {
  courseId: string;
  pricingTierId: string | null;
  title: string;
  tierName: string | null;
  unitCents: number;
  quantity: number;
  /** The course has a seat limit: its seats are held until payment. */
  seatLimited: boolean;
  /** What a membership discount depends on (null: not a course line). */
  courseType: CourseType | null;
  /** What a membership takes off this line in all (`membership-pricing.ts`); 0 as `priceLines` answers. */
  discountCents: number;
  discountLabel: string | null;
  /** What a coupon takes off this line in all, after the membership's (`coupons/coupon-rules.ts`); 0 as `priceLines` answers. */
  couponDiscountCents: number;
}

/** The answer to a total that is not the server's: the new total, for the cart to show. */
export function pricesChanged(totalCents: number): AppError {
  return AppError.conflict(`Prices have changed since you added these courses. The new total is $${centsToDecimal(totalCents)}. Please review your cart.`, {
    total: centsToDecimal(totalCents),
  });
}

/**
 * The order's lines priced from the database: one line per course and pricing option, with
 * its quantity. Refuses more than MAX_ORDER_LINES lines, more seats than the checkout limit,
 * and more seats of one seat-limited course than the per-order limit.
 */
export async function priceLines(o: CheckoutServiceOptions, courseIds: string[], items: CheckoutItem[] | undefined, db: Knex = o.knex): Promise<PricedLine[]> {
  const { limits } = o;
  const requested: CheckoutItem[] = items ?? courseIds.map((courseId) => ({ courseId, pricingTierId: null, quantity: 1 }));
  const merged = new Map<string, { courseId: string; pricingTierId: string | null; quantity: number }>();
  for (const item of requested) {
    const key = `${item.courseId}|${item.pricingTierId ?? ''}`;
    const line = merged.get(key) ?? { courseId: item.courseId, pricingTierId: item.pricingTierId ?? null, quantity: 0 };
    line.quantity += item.quantity;
    merged.set(key, line);
  }
  if (merged.size > MAX_ORDER_LINES)
    throw AppError.badRequest(`An order can have at most ${MAX_ORDER_LINES} different courses and options. Please split your order.`);
  const totalSeats = [...merged.values()].reduce((sum, line) => sum + line.quantity, 0);
  if (totalSeats > limits.maxSeatsPerCheckout)
    throw AppError.badRequest(`An order can include at most ${limits.maxSeatsPerCheckout} seats. For larger groups, please contact us.`);

  const ids = [...new Set([...courseIds, ...requested.map((i) => i.courseId)])];
  const courses = await Course.query(db).whereIn('id', ids).select('id', 'title', 'type', 'price_cents', 'max_participants', 'is_active');
  const byId = new Map(courses.map((c) => [c.id, c]));
  for (const id of ids) {
    const course = byId.get(id);
    if (!course) throw AppError.badRequest('A course in your cart no longer exists. Please remove it and try again.');
    if (!course.isActive) throw AppError.badRequest(`${course.title} is no longer available. Please remove it from your cart.`);
  }
  const tierIds = [...new Set([...merged.values()].map((i) => i.pricingTierId).filter((id): id is string => !!id))];
  const tiers = tierIds.length ? await PricingTier.query(db).whereIn('id', tierIds).select('id', 'course_id', 'name', 'price_cents') : [];
  const tierById = new Map(tiers.map((t) => [t.id, t]));

  const seatsPerCourse = new Map<string, number>();
  const lines = [...merged.values()].map((item): PricedLine => {
    const course = byId.get(item.courseId)!;
    seatsPerCourse.set(course.id, (seatsPerCourse.get(course.id) ?? 0) + item.quantity);
    const tier = item.pricingTierId ? tierById.get(item.pricingTierId) : undefined;
    if (item.pricingTierId && (!tier || tier.courseId !== course.id)) {
      throw AppError.badRequest(`The selected pricing option is not available for ${course.title}. Please remove it from your cart and add it again.`);
    }
    return {
      courseId: course.id,
      pricingTierId: tier?.id ?? null,
      title: tier ? `${course.title} - ${tier.name}` : course.title,
      tierName: tier?.name ?? null,
      unitCents: tier ? tier.priceCents : course.priceCents,
      quantity: item.quantity,
      seatLimited: course.maxParticipants !== null,
      courseType: isCourseType(course.type) ? course.type : null,
      discountCents: 0,
      discountLabel: null,
      couponDiscountCents: 0,
    };
  });
  for (const [courseId, seats] of seatsPerCourse) {
    const course = byId.get(courseId)!;
    if (course.maxParticipants !== null && seats > limits.maxSeatsPerOrder) {
      throw AppError.badRequest(`You can book at most ${limits.maxSeatsPerOrder} seats of ${course.title} in one order. For larger groups, please contact us.`);
    }
  }
  return lines;
}
