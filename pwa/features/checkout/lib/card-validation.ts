/**
 * The built-in test processor's card form: input formatting and the checks a card element makes
 * before anything is sent (Luhn, expiry in the future, CVC length). The server checks again; the
 * messages are the ones it answers with, so the form and the server read the same.
 */
import { cardBrand, passesLuhn, TEST_CARDS as TEST_CARD_NUMBERS, type CardBrand } from '@contracts/cards';

export { cardBrand, passesLuhn, type CardBrand };

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Please enter the name on the card.',
} as const;

export const MAX_CARD_DIGITS = 19;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** Card number as typed or pasted, shown in groups of four: "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Expiry as typed or autofilled, shown as "MM/YY". A single leading digit above 1 is a month
 * ("4" → "04"); browsers that autofill "MM/YYYY" keep the last two digits of the year.
 */
export function formatExpiry(value: string): string {
  const long = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(value);
  if (long) return `${long[1]!.padStart(2, '0')}/${long[2]!.slice(2)}`;
  let digits = digitsOnly(value);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function numberError(value: string): string | undefined {
  const digits = digitsOnly(value);
  const brand = cardBrand(digits);
  const minimum = brand === 'amex' ? 15 : brand === 'card' ? 12 : 16;
  if (digits.length < minimum) return CARD_MESSAGES.numberIncomplete;
  return passesLuhn(digits) ? undefined : CARD_MESSAGES.numberInvalid;
}

/** "MM/YY": complete, a real month, and this month or later (card expiry is end of month). */
export function expiryError(value: string, now: Date): string | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(formatExpiry(value));
  if (!match) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return CARD_MESSAGES.expiryPast;
  return undefined;
}

export function cvcError(value: string, number: string): string | undefined {
  return digitsOnly(value).length === cvcLength(cardBrand(digitsOnly(number))) ? undefined : CARD_MESSAGES.cvcIncomplete;
}

export function nameError(value: string): string | undefined {
  return value.trim().length >= 2 ? undefined : CARD_MESSAGES.nameMissing;
}

export function validateCard(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {
    number: numberError(card.number),
    expiry: expiryError(card.expiry, now),
    cvc: cvcError(card.cvc, card.number),
    name: nameError(card.name),
  };
  for (const key of Object.keys(errors) as Array<keyof CardInput>) if (!errors[key]) delete errors[key];
  return errors;
}

/** What the test processor's confirm call expects. */
export function toCardPayload(card: CardInput): CardInput {
  return { number: digitsOnly(card.number), expiry: formatExpiry(card.expiry), cvc: digitsOnly(card.cvc), name: card.name.trim() };
}

/** Stripe's test cards, which the built-in test processor reproduces. */
export const TEST_CARDS = [
  { number: formatCardNumber(TEST_CARD_NUMBERS.success), outcome: 'Payment succeeds' },
  { number: formatCardNumber(TEST_CARD_NUMBERS.declined), outcome: 'Card is declined' },
  { number: formatCardNumber(TEST_CARD_NUMBERS.authentication), outcome: 'Asks for authentication' },
] as const;
