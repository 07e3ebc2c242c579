/** Card checks for the built-in test processor; the ones the card form makes too live in contracts/. */
export { cardBrand, passesLuhn, TEST_CARDS } from '@contracts/cards';

/** True when "MM/YY" or "MM/YYYY" is this month or later. */
export function isExpiryInFuture(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
