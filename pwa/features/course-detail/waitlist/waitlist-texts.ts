/** What the course page says about a live session's waitlist (issue 35; the specs have no wording for it yet). */
import { formatDateTime } from '@pwa/lib/format';

export const WAITLIST_TEXTS = {
  fullyBooked: 'This session is fully booked',
  waitlistTitle: 'Waitlist',
  join: 'Join waitlist',
  leave: 'Leave waitlist',
  signIn: 'Sign in to join the waitlist',
  owned: 'You have a seat in this session.',
  placeFailed: 'Your place on the waitlist could not be checked.',
  joinFailed: 'Could not join the waitlist. Please try again.',
  leaveFailed: 'Could not leave the waitlist. Please try again.',
  book: 'Book your seat',
  bookHint: 'Book it before then, or it goes to the next person on the waitlist.',
  finishCheckout: 'Finish your checkout to keep your seat',
  checkoutHint: 'Your seat is kept while you pay.',
  toCheckout: 'Go to checkout',
  offline: { join: 'Joining the waitlist', book: 'Booking your seat', detail: 'You can do it here as soon as you are back online.' },
} as const;

export const positionText = (position: number) => `You are number ${position} on the waitlist`;

export const heldUntilText = (iso: string) => `A seat is held for you until ${formatDateTime(iso)}`;

/** "24 hours", "1 hour", "90 minutes": how long an offered seat is kept. */
export function holdTimeText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Why to join: what happens when a seat frees (with the offer's time once the person's place is known). */
export function joinHint(offerMinutes: number | undefined): string {
  const held = offerMinutes ? ` for ${holdTimeText(offerMinutes)}` : ' for a limited time';
  return `Join the waitlist: when a seat frees up, the first person waiting is told by e-mail and notification, and the seat is held for them${held}.`;
}
