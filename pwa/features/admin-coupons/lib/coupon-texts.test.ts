/** How a coupon reads in the back office: its status now, its uses, when it is valid, its conditions. */
import { describe, expect, it } from 'vitest';
import { centsText, conditionsText, couponStatus, shortId, usesText, validText } from './coupon-texts';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const coupon = (over: Partial<Parameters<typeof couponStatus>[0]> = {}) => ({ paused: false, startsAt: null, endsAt: null, uses: 0, maxUses: null, ...over });

describe('a coupon’s status', () => {
  it('is Active, Paused, Not started, Expired or Used up; expired and used up win over paused', () => {
    expect(couponStatus(coupon(), NOW)).toBe('Active');
    expect(couponStatus(coupon({ paused: true }), NOW)).toBe('Paused');
    expect(couponStatus(coupon({ startsAt: '2026-12-01T00:00:00.000Z' }), NOW)).toBe('Not started');
    expect(couponStatus(coupon({ startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-12-31T23:59:00.000Z' }), NOW)).toBe('Active');
    expect(couponStatus(coupon({ endsAt: '2026-11-29T12:00:00.000Z' }), NOW)).toBe('Expired');
    expect(couponStatus(coupon({ endsAt: '2026-11-01T00:00:00.000Z', paused: true }), NOW)).toBe('Expired');
    expect(couponStatus(coupon({ uses: 200, maxUses: 200, paused: true }), NOW)).toBe('Used up');
    expect(couponStatus(coupon({ uses: 199, maxUses: 200 }), NOW)).toBe('Active');
  });
});

describe('the texts', () => {
  it('say the uses against the limit, and the held ones when there are', () => {
    expect(usesText({ uses: 0, maxUses: 200, held: 0 })).toBe('0 of 200');
    expect(usesText({ uses: 3, maxUses: null, held: 2 })).toBe('3 of unlimited, 2 held');
  });

  it('say when it is valid, in dates or with the time', () => {
    expect(validText({ startsAt: null, endsAt: null })).toBe('Always');
    expect(validText({ startsAt: null, endsAt: '2026-12-31T12:00:00.000Z' })).toMatch(/^Until Dec 31, 2026$/);
    expect(validText({ startsAt: '2026-12-01T12:00:00.000Z', endsAt: null })).toBe('From Dec 1, 2026');
    expect(validText({ startsAt: '2026-12-01T12:00:00.000Z', endsAt: '2026-12-31T12:00:00.000Z' })).toBe('Dec 1, 2026 – Dec 31, 2026');
    expect(validText({ startsAt: null, endsAt: '2026-12-31T12:00:00.000Z' }, true)).toMatch(/^Until Dec 31, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('say the conditions, amounts in dollars and an order by its short id', () => {
    expect(conditionsText({ maxUsesPerCustomer: 1, minOrderCents: null })).toBe('Once per customer');
    expect(conditionsText({ maxUsesPerCustomer: 3, minOrderCents: 10000 })).toBe('3 uses per customer · Orders from $100.00');
    expect(conditionsText({ maxUsesPerCustomer: null, minOrderCents: null })).toBe('');
    expect(centsText(129999)).toBe('$1,299.99');
    expect(shortId('0b7e4a52-35a3-4b4a-9a53-6f2d0c1f9e10')).toBe('0b7e4a52');
  });
});
