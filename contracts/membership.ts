/**
 * The membership plans sold at checkout: what each processor price id buys (the plan set on the
 * user), the order line's label and its price. A domain fact shared with the PWA: keep it pure.
 */
import type { MembershipPriceId } from './checkout';

/** The mark on the plan most members choose (storefront spec: "MOST POPULAR"). */
export const MOST_POPULAR_LABEL = 'MOST POPULAR';

export const MEMBERSHIP_PLANS: Record<MembershipPriceId, { plan: 'prime' | 'business'; label: string; amountCents: number }> = {
  price_prime_monthly: { plan: 'prime', label: 'PRIME Membership (annual)', amountCents: 34_800 },
  price_business_yearly: { plan: 'business', label: 'BUSINESS Membership (annual)', amountCents: 900_000 },
};
