/**
 * The "New coupon" form's way to the wire: a percentage as a whole number, dollars to cents, a
 * local date-time read in the browser's zone, empty fields left out, what it applies to; and its
 * messages, the contract's, each at the field it belongs to (plus the form's own: "only what is
 * chosen" with nothing chosen).
 */
import { describe, expect, it } from 'vitest';
import { createCouponSchema } from '@contracts/coupons';
import {
  CHOOSE_WHAT,
  EMPTY_COUPON_FORM,
  couponFormErrors,
  couponFormSchema,
  dollarsToCents,
  localToIso,
  toCreateRequest,
  type CouponFormValues,
} from './coupon-form';

const form = (values: Partial<CouponFormValues>): CouponFormValues => ({ ...EMPTY_COUPON_FORM, ...values });

describe('dollars to cents', () => {
  it('reads dollars with up to two decimals, a "$" and thousands commas; nothing is nothing; anything else is NaN', () => {
    expect(dollarsToCents('50')).toBe(5000);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' $1,299.99 ')).toBe(129999);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('')).toBeUndefined();
    for (const bad of ['12.345', '-5', 'ten', '1.2.3']) expect(dollarsToCents(bad), bad).toBeNaN();
  });
});

describe('local date-times', () => {
  it('are read in the browser’s time zone and sent as ISO 8601', () => {
    const typed = '2026-12-31T23:59';
    expect(localToIso(typed)).toBe(new Date(2026, 11, 31, 23, 59).toISOString());
    expect(localToIso('')).toBeUndefined();
    expect(localToIso('tomorrow')).toBe('tomorrow');
  });
});

describe('the request', () => {
  it('of GMP25: 25 % off live webinars, 200 uses, until 31 Dec, once per customer', () => {
    const request = toCreateRequest(
      form({ code: ' GMP25 ', value: '25', appliesTo: 'chosen', types: 'live_webinar', endsAt: '2026-12-31T23:59', maxUses: '200', maxUsesPerCustomer: '1' }),
    );
    expect(request).toEqual({
      code: 'GMP25',
      percentOff: 25,
      appliesTo: { types: ['live_webinar'] },
      endsAt: new Date(2026, 11, 31, 23, 59).toISOString(),
      maxUses: 200,
      maxUsesPerCustomer: 1,
    });
    expect(createCouponSchema.safeParse(request).success).toBe(true);
    expect(couponFormErrors(form({ code: 'GMP25', value: '25' }))).toEqual({});
  });

  it('of a fixed amount for everything, with a start, a minimum order, chosen courses and memberships', () => {
    const ids = ['0b7e4a52-35a3-4b4a-9a53-6f2d0c1f9e10', '5d1f0c2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f'];
    expect(toCreateRequest(form({ code: 'SAVE50', discountKind: 'amount', value: '50', startsAt: '2026-12-01T09:00', minOrder: '199.99' }))).toEqual({
      code: 'SAVE50',
      amountOffCents: 5000,
      startsAt: new Date(2026, 11, 1, 9, 0).toISOString(),
      minOrderCents: 19999,
    });
    expect(toCreateRequest(form({ code: 'PICK', value: '10%', appliesTo: 'chosen', courseIds: ids.join(','), memberships: 'yes' }))).toEqual({
      code: 'PICK',
      percentOff: 10,
      appliesTo: { courseIds: ids, memberships: true },
    });
  });

  it('leaves out what the form hides: the types, courses and memberships of "everything"', () => {
    expect(toCreateRequest(form({ code: 'ALL10', value: '10', appliesTo: 'all', types: 'live_webinar', memberships: 'yes' }))).toEqual({
      code: 'ALL10',
      percentOff: 10,
    });
  });
});

describe('the messages', () => {
  it('are the contract’s, each at its field', () => {
    const errors = couponFormErrors(
      form({ code: 'a b', value: '', startsAt: '2026-12-31T10:00', endsAt: '2026-12-01T10:00', maxUses: '0', maxUsesPerCustomer: '1.5', minOrder: 'ten' }),
    );
    expect(errors).toEqual({
      code: 'A code is 3 to 32 letters, digits, "-" or "_"',
      value: 'percentOff must be a whole number from 1 to 100',
      endsAt: 'endsAt must be after startsAt',
      maxUses: 'maxUses must be a whole number of at least 1',
      maxUsesPerCustomer: 'maxUsesPerCustomer must be a whole number of at least 1',
      minOrder: 'minOrderCents must be a whole number of cents',
    });
    expect(couponFormErrors(form({ code: 'OK1', value: '101' })).value).toBe('percentOff must be a whole number from 1 to 100');
    expect(couponFormErrors(form({ code: 'OK1', discountKind: 'amount', value: '0' })).value).toBe('amountOffCents must be a whole number of at least 1');
    expect(couponFormErrors(form({ code: 'OK1', value: '5', startsAt: 'soon' })).startsAt).toMatch(/^Dates must be ISO 8601/);
  });

  it('ask for a choice when only what is chosen applies and nothing is', () => {
    expect(couponFormErrors(form({ code: 'NONE', value: '5', appliesTo: 'chosen' }))).toEqual({ types: CHOOSE_WHAT });
    expect(couponFormErrors(form({ code: 'ONE', value: '5', appliesTo: 'chosen', memberships: 'yes' }))).toEqual({});
  });

  it('come out of the form’s schema with the field as the path, in the fields’ order', () => {
    const parsed = couponFormSchema.safeParse(form({ code: '', value: 'x', maxUses: '-1' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['code', 'A code is 3 to 32 letters, digits, "-" or "_"'],
      ['value', 'percentOff must be a whole number from 1 to 100'],
      ['maxUses', 'maxUses must be a whole number of at least 1'],
    ]);
    expect(couponFormSchema.safeParse(form({ code: 'FINE', value: '5' })).success).toBe(true);
  });
});
