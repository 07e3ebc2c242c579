/**
 * From the cart to the payment-intent request (storefront spec §7), and the addresses the
 * payment screens send the buyer to. Pure, so it is tested without a browser.
 */
import type { CreatePaymentIntentRequest } from '@contracts/checkout';

/** What checkout needs of a cart item (the cart's own items fit this shape). */
export interface CheckoutLine {
  courseId: string;
  pricingTierId?: string;
  pricingTierName?: string;
  title: string;
  price: number;
}

export interface Buyer {
  name: string;
  email: string;
}

/** One line per course + tier, with its quantity: how the order summary shows the cart. */
export interface SummaryLine {
  key: string;
  courseId: string;
  pricingTierId?: string;
  title: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

const MAX_QUANTITY_PER_ITEM = 99;

const roundCents = (amount: number) => Math.round(amount * 100) / 100;

export function groupLines(lines: readonly CheckoutLine[]): SummaryLine[] {
  const grouped = new Map<string, SummaryLine>();
  for (const line of lines) {
    const key = `${line.courseId}:${line.pricingTierId ?? ''}`;
    const existing = grouped.get(key);
    if (existing) {
      existing.quantity += 1;
      existing.lineTotal = roundCents(existing.lineTotal + line.price);
    } else {
      grouped.set(key, {
        key,
        courseId: line.courseId,
        pricingTierId: line.pricingTierId,
        title: line.title,
        unitPrice: line.price,
        quantity: 1,
        lineTotal: roundCents(line.price),
      });
    }
  }
  return [...grouped.values()];
}

export function linesTotal(lines: readonly CheckoutLine[]): number {
  return roundCents(lines.reduce((sum, line) => sum + line.price, 0));
}

/**
 * POST /api/create-payment-intent: `courseIds` one per cart item and `amount` the cart total
 * (spec §7), plus `items` grouped by course and tier so tiers are priced right. A guest adds the
 * name and e-mail for the receipt; a purchase for the buyer's team names the organisation (its seats
 * go to that organisation's pool). A coupon the quote applied goes with it (the server takes it off again).
 */
export function buildPaymentIntentRequest(
  lines: readonly CheckoutLine[],
  guest?: Buyer | null,
  orgId?: string | null,
  couponCode?: string | null,
): CreatePaymentIntentRequest {
  const items: NonNullable<CreatePaymentIntentRequest['items']> = [];
  for (const group of groupLines(lines)) {
    for (let left = group.quantity; left > 0; left -= MAX_QUANTITY_PER_ITEM) {
      items.push({
        courseId: group.courseId,
        ...(group.pricingTierId ? { pricingTierId: group.pricingTierId } : {}),
        quantity: Math.min(left, MAX_QUANTITY_PER_ITEM),
      });
    }
  }
  return {
    courseIds: lines.map((line) => line.courseId),
    amount: linesTotal(lines),
    items,
    ...(guest ? { customerName: guest.name.trim(), customerEmail: guest.email.trim() } : {}),
    ...(orgId ? { orgId } : {}),
    ...(couponCode ? { couponCode } : {}),
  };
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** /success with the payment's id and client secret, as Stripe's return address carries them. */
export function successPath(paymentIntentId: string, clientSecret: string): string {
  return `/success?${query({ payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret })}`;
}

export type MembershipPlanKey = 'prime' | 'business';

/** The membership return address (spec §4): /membership?success=true, with the plan for the welcome toast. */
export function membershipReturnPath(plan: MembershipPlanKey): string {
  return `/membership?${query({ success: 'true', plan })}`;
}

/** Adds the plan to the test processor's authentication address, so the step can return to it. */
export function withPlan(path: string, plan: MembershipPlanKey): string {
  return `${path}${path.includes('?') ? '&' : '?'}${query({ plan })}`;
}

export function isMembershipPlanKey(value: string | null | undefined): value is MembershipPlanKey {
  return value === 'prime' || value === 'business';
}

/** "Welcome to Prime membership!" (spec §8), or a neutral welcome when the plan is not known. */
export function welcomeMessage(plan: MembershipPlanKey | null): string {
  if (plan === 'prime') return 'Welcome to Prime membership!';
  if (plan === 'business') return 'Welcome to Business membership!';
  return 'Welcome to your new membership!';
}
