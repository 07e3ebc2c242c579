/**
 * What each membership gives, as rules the server prices by and texts the membership page shows
 * (storefront spec §9): one place, so the page never promises what the server does not grant.
 */
import type { CourseType } from './course-types';

export type MembershipPlan = 'prime' | 'business';

export interface PercentOff {
  /** Whole percent taken off the unit price. */
  percent: number;
  courseTypes: readonly CourseType[];
  /** Only for lines of at least this many seats of one course (group registrations). */
  minQuantity?: number;
  /** The discount line's label in the cart, checkout, receipt and invoice. */
  label: string;
}

export interface MembershipBenefits {
  discounts: readonly PercentOff[];
  /** Course types in the member's library without paying, while the membership lasts. */
  libraryTypes: readonly CourseType[];
}

export const MEMBERSHIP_BENEFITS: Record<MembershipPlan, MembershipBenefits> = {
  prime: {
    discounts: [
      {
        percent: 25,
        courseTypes: ['live_webinar', 'webinar', 'recorded_webinar', 'recorded_seminar'],
        label: 'PRIME member: 25% off webinars and virtual seminars',
      },
      { percent: 5, courseTypes: ['live_seminar'], label: 'PRIME member: 5% off live in-person seminars' },
    ],
    libraryTypes: [],
  },
  business: {
    discounts: [{ percent: 50, courseTypes: ['live_seminar'], minQuantity: 2, label: 'BUSINESS member: 50% off group registration' }],
    libraryTypes: ['recorded_webinar'],
  },
};

/** The discount a plan gives one line (the best that applies), or null. */
export function lineDiscount(plan: MembershipPlan | null | undefined, type: CourseType, quantity: number): PercentOff | null {
  if (!plan) return null;
  const applicable = MEMBERSHIP_BENEFITS[plan].discounts.filter((d) => d.courseTypes.includes(type) && quantity >= (d.minQuantity ?? 1));
  return applicable.reduce<PercentOff | null>((best, d) => (!best || d.percent > best.percent ? d : best), null);
}

/** Cents a discount takes off a line in all (rounded per line, never more than the line). */
export function discountCents(discount: PercentOff | null, unitCents: number, quantity: number): number {
  if (!discount) return 0;
  return Math.min(unitCents * quantity, Math.round((unitCents * quantity * discount.percent) / 100));
}
