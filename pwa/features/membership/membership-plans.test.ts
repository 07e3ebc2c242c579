import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_PLANS as CHARGED } from '@contracts/membership';
import { membershipPlan } from './membership-plans';

describe('membership plans on screen', () => {
  it('show the prices the server charges', () => {
    expect(membershipPlan('prime')).toMatchObject({ price: '$348', annualPriceCents: CHARGED.price_prime_monthly.amountCents, priceId: 'price_prime_monthly' });
    expect(membershipPlan('business')).toMatchObject({
      price: '$9,000',
      annualPriceCents: CHARGED.price_business_yearly.amountCents,
      priceId: 'price_business_yearly',
    });
    for (const id of ['prime', 'business'] as const) expect(CHARGED[membershipPlan(id).priceId].plan).toBe(id);
  });
});
