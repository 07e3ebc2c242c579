import { describe, expect, it } from 'vitest';
import { createPaymentIntentSchema } from '@contracts/checkout';
import { buildPaymentIntentRequest, groupLines, membershipReturnPath, successPath, welcomeMessage, withPlan, type CheckoutLine } from './checkout-request';

const COURSE_A = '11111111-1111-4111-8111-111111111111';
const COURSE_B = '22222222-2222-4222-8222-222222222222';
const TIER_1 = '33333333-3333-4333-8333-333333333333';

const seat = (over: Partial<CheckoutLine> = {}): CheckoutLine => ({ courseId: COURSE_A, title: 'GMP Refresher', price: 199.99, ...over });

describe('the payment-intent request', () => {
  it('sends one course id per cart item, the cart total, and items grouped by course and tier', () => {
    const lines = [
      seat(),
      seat({ courseId: COURSE_B, pricingTierId: TIER_1, title: 'Audit - Team', price: 450.1 }),
      seat({ courseId: COURSE_B, pricingTierId: TIER_1, title: 'Audit - Team', price: 450.1 }),
    ];
    const request = buildPaymentIntentRequest(lines);
    expect(request).toEqual({
      courseIds: [COURSE_A, COURSE_B, COURSE_B],
      amount: 1100.19,
      items: [
        { courseId: COURSE_A, quantity: 1 },
        { courseId: COURSE_B, pricingTierId: TIER_1, quantity: 2 },
      ],
    });
    expect(createPaymentIntentSchema.safeParse(request).success).toBe(true);
  });

  it('adds the guest name and e-mail for the receipt', () => {
    const request = buildPaymentIntentRequest([seat()], { name: ' Guest Buyer ', email: ' guest@example.com ' });
    expect(request.customerName).toBe('Guest Buyer');
    expect(request.customerEmail).toBe('guest@example.com');
    expect(createPaymentIntentSchema.safeParse(request).success).toBe(true);
  });

  it('names the organisation when the seats are bought for the team', () => {
    const ORG = '44444444-4444-4444-8444-444444444444';
    const request = buildPaymentIntentRequest([seat(), seat(), seat()], null, ORG);
    expect(request).toMatchObject({ orgId: ORG, items: [{ courseId: COURSE_A, quantity: 3 }] });
    expect(createPaymentIntentSchema.safeParse(request).success).toBe(true);
    expect(buildPaymentIntentRequest([seat()], null, null)).not.toHaveProperty('orgId');
  });

  it('splits more than 99 seats of one line into several items', () => {
    const lines = Array.from({ length: 120 }, () => seat({ price: 10 }));
    const request = buildPaymentIntentRequest(lines);
    expect(request.items).toEqual([
      { courseId: COURSE_A, quantity: 99 },
      { courseId: COURSE_A, quantity: 21 },
    ]);
    expect(request.amount).toBe(1200);
  });
});

describe('the order summary lines', () => {
  it('counts seats of the same course and tier and keeps different tiers apart', () => {
    const lines = groupLines([seat(), seat(), seat({ pricingTierId: TIER_1, title: 'GMP Refresher - Team', price: 500 })]);
    expect(lines.map((l) => [l.title, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      ['GMP Refresher', 2, 199.99, 399.98],
      ['GMP Refresher - Team', 1, 500, 500],
    ]);
  });
});

describe('return addresses', () => {
  it('carries the payment id and client secret to /success', () => {
    expect(successPath('pi_123', 'pi_123_secret_a&b')).toBe('/success?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_a%26b');
  });

  it('returns memberships to /membership?success=true with the plan', () => {
    expect(membershipReturnPath('prime')).toBe('/membership?success=true&plan=prime');
    expect(withPlan('/payment-authentication?payment_intent=x', 'business')).toBe('/payment-authentication?payment_intent=x&plan=business');
    expect(withPlan('/membership', 'prime')).toBe('/membership?plan=prime');
  });

  it('welcomes the member by plan', () => {
    expect(welcomeMessage('prime')).toBe('Welcome to Prime membership!');
    expect(welcomeMessage('business')).toBe('Welcome to Business membership!');
  });
});
