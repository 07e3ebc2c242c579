import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  numberError,
  passesLuhn,
  TEST_CARDS,
  toCardPayload,
  validateCard,
} from './card-validation';

const MARCH_2026 = new Date(2026, 2, 15);

describe('card number', () => {
  it('is shown in groups of four and capped at 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('accepts the test cards and refuses a number failing the Luhn check', () => {
    for (const card of TEST_CARDS) expect(numberError(card.number)).toBeUndefined();
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(numberError('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberInvalid);
  });

  it('calls a short number incomplete', () => {
    expect(numberError('')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(numberError('4242 4242 4242')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(numberError('3782 822463 1000')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(numberError('378282246310005')).toBeUndefined();
  });
});

describe('expiry', () => {
  it('is shown as MM/YY while typing and from MM/YYYY autofill', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12/2034')).toBe('12/34');
    expect(formatExpiry('1/2031')).toBe('01/31');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('must be complete, a real month, and not in the past', () => {
    expect(expiryError('12/3', MARCH_2026)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(expiryError('13/30', MARCH_2026)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryError('00/30', MARCH_2026)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryError('02/26', MARCH_2026)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError('12/25', MARCH_2026)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError('03/26', MARCH_2026)).toBeUndefined();
    expect(expiryError('01/34', MARCH_2026)).toBeUndefined();
  });
});

describe('CVC', () => {
  it('has 3 digits, or 4 for American Express', () => {
    expect(cvcError('123', '4242424242424242')).toBeUndefined();
    expect(cvcError('12', '4242424242424242')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('123', '378282246310005')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('1234', '378282246310005')).toBeUndefined();
  });
});

describe('the whole card', () => {
  it('reports every problem at once and nothing for a good card', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '', name: ' ' }, MARCH_2026)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
      name: CARD_MESSAGES.nameMissing,
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' }, MARCH_2026)).toEqual({});
  });

  it('is sent as plain digits, MM/YY and a trimmed name', () => {
    expect(toCardPayload({ number: '4242 4242 4242 4242', expiry: '12/2034', cvc: ' 123', name: ' Ada ' })).toEqual({
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ada',
    });
  });
});
