/**
 * A membership's price benefits on a cart (issue 29, `contracts/membership-benefits.ts`): what
 * the signed-in buyer's plan takes off each line, the totals checkout charges, and the quote the
 * cart and checkout show before paying. The plan is the account's (`users.membership_type`), read
 * from the database at the moment of pricing; a guest gets none, also for an address whose
 * account has a membership: the discount needs the account's owner signed in.
 */
import type { Knex } from 'knex';
import { User } from '@db/models';
import type { CartQuote } from '@contracts/checkout';
import { discountCents, discountRows, lineDiscount, type MembershipPlan } from '@contracts/membership-benefits';
import { centsToDecimal } from '@api/lib/money';
import { orgPlan } from '../../orgs/org-membership';
import type { PricedLine } from './price-lines';

/**
 * The plan the buyer's account holds now, else the one their organisation gives them (a BUSINESS
 * membership of one of its managers, issue 33); null for a guest.
 */
export async function buyerPlan(db: Knex, userId: string | null): Promise<MembershipPlan | null> {
  if (!userId) return null;
  const user = await User.query(db).findById(userId).select('membership_type');
  return user?.membershipType ?? (await orgPlan(db, userId));
}

/**
 * The lines with what the plan takes off each. A group registration counts the seats of one
 * course in the whole order (two tiers of one seminar are one group).
 */
export function discountLines(lines: readonly PricedLine[], plan: MembershipPlan | null): PricedLine[] {
  const seats = new Map<string, number>();
  for (const line of lines) seats.set(line.courseId, (seats.get(line.courseId) ?? 0) + line.quantity);
  return lines.map((line) => {
    const discount = line.courseType ? lineDiscount(plan, line.courseType, seats.get(line.courseId) ?? line.quantity) : null;
    const cents = discountCents(discount, line.unitCents, line.quantity);
    return { ...line, discountCents: cents, discountLabel: cents > 0 ? discount!.label : null };
  });
}

export interface OrderTotals {
  /** The lines at their unit prices. */
  subtotalCents: number;
  /** What the membership takes off in all. */
  discountCents: number;
  /** What the coupon takes off in all (after the membership's). */
  couponCents: number;
  /** What is charged. */
  totalCents: number;
}

type TotalsLine = Pick<PricedLine, 'unitCents' | 'quantity' | 'discountCents'> & { couponDiscountCents?: number };

export function orderTotals(lines: readonly TotalsLine[]): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const discount = lines.reduce((sum, line) => sum + line.discountCents, 0);
  const coupon = lines.reduce((sum, line) => sum + (line.couponDiscountCents ?? 0), 0);
  return { subtotalCents, discountCents: discount, couponCents: coupon, totalCents: subtotalCents - discount - coupon };
}

/** A coupon as the quote shows it: its code, its discount line's label; or why it gives nothing (`message`). */
export interface QuotedCoupon {
  code: string | null;
  label: string | null;
  message: string | null;
}

/** The answer of POST /api/cart/quote for lines already discounted (membership, then coupon). */
export function quoteOf(lines: readonly PricedLine[], plan: MembershipPlan | null, coupon: QuotedCoupon | null = null): CartQuote {
  const totals = orderTotals(lines);
  const couponRows = coupon?.label && totals.couponCents > 0 ? [{ kind: 'coupon' as const, label: coupon.label, cents: totals.couponCents }] : [];
  return {
    lines: lines.map((line) => {
      const off = line.discountCents + line.couponDiscountCents;
      return {
        courseId: line.courseId,
        pricingTierId: line.pricingTierId,
        title: line.title,
        tierName: line.tierName,
        unitCents: line.unitCents,
        quantity: line.quantity,
        subtotalCents: line.unitCents * line.quantity,
        discountCents: off,
        totalCents: line.unitCents * line.quantity - off,
      };
    }),
    subtotalCents: totals.subtotalCents,
    discounts: [...discountRows(lines).map((row) => ({ kind: 'membership' as const, ...row })), ...couponRows].map((row) => ({
      ...row,
      amountCents: row.cents,
    })),
    totalCents: totals.totalCents,
    total: centsToDecimal(totals.totalCents),
    membershipPlan: plan,
    couponCode: coupon?.label ? coupon.code : null,
    ...(coupon?.message ? { message: coupon.message } : {}),
  };
}
