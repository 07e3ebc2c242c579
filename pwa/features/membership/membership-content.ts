/**
 * Copy of /membership beyond the plans themselves (storefront spec §2 Membership: feature cards
 * and an FAQ). What the server grants — the discounts and the library — is named from
 * contracts/membership-benefits.ts (issue 29), so the page says what checkout prices.
 */
import { MEMBERSHIP_BENEFITS } from '@contracts/membership-benefits';

const [PRIME_WEBINARS, PRIME_SEMINARS] = MEMBERSHIP_BENEFITS.prime.discounts;
const [BUSINESS_GROUPS] = MEMBERSHIP_BENEFITS.business.discounts;

export type MembershipFeatureIcon = 'tag' | 'certificate' | 'team' | 'support';

export interface MembershipFeature {
  icon: MembershipFeatureIcon;
  title: string;
  text: string;
}

export const MEMBERSHIP_FEATURES: readonly MembershipFeature[] = [
  {
    icon: 'tag',
    title: 'Save on every session',
    text: 'Member pricing on webinars, virtual seminars and live in-person seminars, taken off at checkout when you are signed in: you see it in your cart before you pay.',
  },
  {
    icon: 'certificate',
    title: 'Certificates for your training file',
    text: 'Attendance certificates for every session you complete, ready for inspectors, auditors and your annual training record.',
  },
  {
    icon: 'team',
    title: 'Built for quality teams',
    text: `Business members plan a training calendar for their staff, register groups at ${BUSINESS_GROUPS!.percent}% off and certify up to ten participants.`,
  },
  {
    icon: 'support',
    title: 'Help from people who know GxP',
    text: 'Priority support from our course team, and for Business members a relationship manager who knows your programme.',
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
}

export const MEMBERSHIP_FAQ: readonly FaqEntry[] = [
  {
    question: 'How is the membership billed?',
    answer:
      'Both plans are annual. PRIME costs $348 a year ($29 per month, billed annually); BUSINESS costs $9,000 a year. You pay by card and receive a receipt by e-mail straight away.',
  },
  {
    question: 'When does my membership start?',
    answer:
      'As soon as your payment goes through. The membership is attached to the account for the e-mail address you enter; if you do not have an account yet, one is created for you, and you sign in with that e-mail to see your membership in My Profile. If that address already has an account and you are not signed in to it, the membership is added when you next sign in with that e-mail.',
  },
  {
    question: 'Which courses do the discounts apply to?',
    answer: `PRIME gives ${PRIME_WEBINARS!.text} and ${PRIME_SEMINARS!.text}. BUSINESS includes ${MEMBERSHIP_BENEFITS.business.libraryText!.replace(/^Access/, 'access')} and ${BUSINESS_GROUPS!.text} (${BUSINESS_GROUPS!.minQuantity} or more seats of one seminar). The discount is taken off at checkout when you are signed in to the member's account, and shows in your cart, on your receipt and on your invoice.`,
  },
  {
    question: 'Can my colleagues use a BUSINESS membership?',
    answer:
      'Yes. BUSINESS is made for organisations: it covers unlimited participants, includes a training calendar for your staff and certificates for up to 10 participants. Your relationship manager helps you plan sessions around audits and inspections.',
  },
  {
    question: 'Do I receive certificates of attendance?',
    answer: 'Yes. Members receive attendance certificates for the sessions they complete, suitable for GMP, GCP, GLP and medical-device training records.',
  },
  {
    question: 'Is my card payment secure?',
    answer:
      'Card payments are handled by our payment provider over an encrypted connection. We never store your card number: your order keeps only the card brand and its last four digits.',
  },
];
