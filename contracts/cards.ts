/**
 * Card facts both sides check: the browser's card form before anything is sent, the built-in test
 * processor again on the server. Pure; no formatting (that is the form's).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

/** The brand a card number (digits only) belongs to, by its leading digits. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** 12 to 19 digits whose Luhn checksum holds. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's test cards, reproduced by the built-in test processor. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;
