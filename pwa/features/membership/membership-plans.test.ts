import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_PLANS as CHARGED } from '@contracts/membership';
import { MEMBERSHIP_BENEFITS } from '@contracts/membership-benefits';
import { MEMBERSHIP_FAQ } from './membership-content';
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

  it("promise the discounts the server prices by, in the spec's words", () => {
    expect(membershipPlan('prime').features).toEqual(expect.arrayContaining(['25% off webinars and virtual seminars', '5% off live in-person seminars']));
    expect(membershipPlan('business').features).toEqual(
      expect.arrayContaining(['Access to all webinars (1000+)', '50% off group registration for physical seminars']),
    );
    const faq = MEMBERSHIP_FAQ.map((entry) => entry.answer).join(' ');
    for (const id of ['prime', 'business'] as const) {
      for (const discount of MEMBERSHIP_BENEFITS[id].discounts) {
        expect(membershipPlan(id).features).toContain(discount.text);
        expect(faq).toContain(discount.text);
      }
    }
  });
});
