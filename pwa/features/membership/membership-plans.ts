/**
 * The two annual memberships (storefront spec §9). The price comes from the contract the server
 * charges by (contracts/membership.ts); the benefits the server grants (discounts, the library)
 * are the lines of contracts/membership-benefits.ts, the rules it prices by (issue 29), never a
 * second copy here. `priceId` is what POST /api/create-subscription expects for the plan (§7).
 */
import { MEMBERSHIP_PLANS as CHARGED } from '@contracts/membership';
import { membershipBenefitTexts } from '@contracts/membership-benefits';

/** "$348", "$9,000": whole dollars as the plan cards show them. */
const headline = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
export type MembershipPlanId = 'prime' | 'business';

export interface MembershipPlan {
  id: MembershipPlanId;
  /** Display name, as the spec writes it. */
  name: 'PRIME' | 'BUSINESS';
  /** Price per year in integer cents. */
  annualPriceCents: number;
  /** Headline price, e.g. "$348". */
  price: string;
  period: '/year';
  /** Secondary price line, when the plan has one. */
  priceNote?: string;
  audience: string;
  features: readonly string[];
  /** Shown with the "MOST POPULAR" mark. */
  mostPopular: boolean;
  priceId: 'price_prime_monthly' | 'price_business_yearly';
}

export { MOST_POPULAR_LABEL } from '@contracts/membership';

export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = [
  {
    id: 'prime',
    name: 'PRIME',
    annualPriceCents: CHARGED.price_prime_monthly.amountCents,
    price: headline(CHARGED.price_prime_monthly.amountCents),
    period: '/year',
    priceNote: '$29 per month billed annually',
    audience: 'For individual professionals',
    features: [
      'Discounted access to all courses',
      ...membershipBenefitTexts('prime'),
      'Member coupon code',
      'Attendance certificates',
      'Priority e-mail support',
    ],
    mostPopular: false,
    priceId: 'price_prime_monthly',
  },
  {
    id: 'business',
    name: 'BUSINESS',
    annualPriceCents: CHARGED.price_business_yearly.amountCents,
    price: headline(CHARGED.price_business_yearly.amountCents),
    period: '/year',
    audience: 'For teams and organizations',
    features: [
      'Unlimited participants',
      'Training calendar for your staff',
      ...membershipBenefitTexts('business'),
      'Dedicated relationship manager',
      'Certificates for up to 10 participants',
      '20% off on renewal',
      'Priority phone and e-mail support',
    ],
    mostPopular: true,
    priceId: 'price_business_yearly',
  },
];

export function membershipPlan(id: MembershipPlanId): MembershipPlan {
  const plan = MEMBERSHIP_PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown membership plan "${id}"`);
  return plan;
}
