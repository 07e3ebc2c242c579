/**
 * What each membership gives, as rules the server prices by and texts the membership page shows
 * (storefront spec §9): one place, so the page never promises what the server does not grant.
 * Each percentage is written once: the page's line ("25% off webinars and virtual seminars") and
 * the discount line's label in the cart, checkout, receipt and invoice are made from it.
 */
import type { CourseType } from './course-types';

export type MembershipPlan = 'prime' | 'business';

/** The plans' names as the page and the discount labels write them. */
export const MEMBERSHIP_PLAN_NAMES: Record<MembershipPlan, 'PRIME' | 'BUSINESS'> = { prime: 'PRIME', business: 'BUSINESS' };

export interface PercentOff {
  /** Whole percent taken off the unit price. */
  percent: number;
  courseTypes: readonly CourseType[];
  /** Only for lines of at least this many seats of one course (group registrations). */
  minQuantity?: number;
  /** The membership page's line: "25% off webinars and virtual seminars". */
  text: string;
  /** The discount line's label in the cart, checkout, receipt and invoice: "PRIME member: 25% off …". */
  label: string;
}

export interface MembershipBenefits {
  discounts: readonly PercentOff[];
  /** Course types in the member's library without paying, while the membership lasts. */
  libraryTypes: readonly CourseType[];
  /** The membership page's line for that library (null: no library). */
  libraryText: string | null;
}

function percentOff(plan: MembershipPlan, percent: number, on: string, courseTypes: readonly CourseType[], minQuantity?: number): PercentOff {
  const text = `${percent}% off ${on}`;
  return { percent, courseTypes, ...(minQuantity ? { minQuantity } : {}), text, label: `${MEMBERSHIP_PLAN_NAMES[plan]} member: ${text}` };
}

export const MEMBERSHIP_BENEFITS: Record<MembershipPlan, MembershipBenefits> = {
  prime: {
    discounts: [
      percentOff('prime', 25, 'webinars and virtual seminars', ['live_webinar', 'webinar', 'recorded_webinar', 'recorded_seminar']),
      percentOff('prime', 5, 'live in-person seminars', ['live_seminar']),
    ],
    libraryTypes: [],
    libraryText: null,
  },
  business: {
    // A group registration: two or more seats of one seminar on one order line.
    discounts: [percentOff('business', 50, 'group registration for physical seminars', ['live_seminar'], 2)],
    libraryTypes: ['recorded_webinar'],
    libraryText: 'Access to all webinars (1000+)',
  },
};

/**
 * The discount a plan gives one line (the best that applies), or null. `quantity` is what
 * `minQuantity` counts: the seats of that course in the whole order.
 */
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

/** A stored discount whose benefit cannot be told from its amount. */
export const MEMBERSHIP_DISCOUNT_LABEL = 'Membership discount';

/**
 * The label of a discount already taken (an order line keeps only its cents): the benefit that
 * gives exactly those cents on that line, else `MEMBERSHIP_DISCOUNT_LABEL`.
 */
export function storedDiscountLabel(unitCents: number, quantity: number, cents: number): string {
  const matches = Object.values(MEMBERSHIP_BENEFITS)
    .flatMap((benefits) => benefits.discounts)
    .filter((d) => discountCents(d, unitCents, quantity) === cents);
  return matches.length === 1 ? matches[0]!.label : MEMBERSHIP_DISCOUNT_LABEL;
}

export interface DiscountRow {
  label: string;
  cents: number;
}

/**
 * The discount rows to show under a cart's, receipt's or invoice's lines: one per label, summed,
 * in the order of the lines. A line without its label (a stored one) gets `storedDiscountLabel`.
 */
export function discountRows(lines: readonly { unitCents: number; quantity: number; discountCents: number; discountLabel?: string | null }[]): DiscountRow[] {
  const rows = new Map<string, DiscountRow>();
  for (const line of lines) {
    if (line.discountCents <= 0) continue;
    const label = line.discountLabel ?? storedDiscountLabel(line.unitCents, line.quantity, line.discountCents);
    const row = rows.get(label) ?? { label, cents: 0 };
    row.cents += line.discountCents;
    rows.set(label, row);
  }
  return [...rows.values()];
}

/** The membership page's lines for a plan's benefits that the server grants (discounts, then the library). */
export function membershipBenefitTexts(plan: MembershipPlan): string[] {
  const { discounts, libraryText } = MEMBERSHIP_BENEFITS[plan];
  return [...(libraryText ? [libraryText] : []), ...discounts.map((d) => d.text)];
}
