import { describe, expect, it } from 'vitest';
import { cardBrand, isExpiryInFuture, passesLuhn, TEST_CARDS } from './cards';

describe('card checks', () => {
  it('accepts Luhn-valid numbers and rejects others', () => {
    for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });

  it('names the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('checks the expiry against the current month', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(isExpiryInFuture('11/26', now)).toBe(true);
    expect(isExpiryInFuture('10/26', now)).toBe(false);
    expect(isExpiryInFuture('01/2031', now)).toBe(true);
    expect(isExpiryInFuture('13/30', now)).toBe(false);
  });
});
