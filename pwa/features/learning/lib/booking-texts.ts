/**
 * The words of "Manage booking" on My Training (issue 35, point 3): what the cancellation policy
 * gives now (`GET /api/me/bookings`, the server's `bookingTerms`), and what a cancellation or a
 * transfer did (`BookingChange`). Percentages are written "100 %" with a no-break space.
 */
import type { BookingChange, MyBookings } from '@contracts/bookings';
import { ApiError } from '@pwa/lib/api-client';
import { formatDateTime, formatMoney } from '@pwa/lib/format';

export type MyBooking = MyBookings['bookings'][number];

const money = (cents: number) => formatMoney(cents / 100);
const percent = (value: number) => `${value}\u00a0%`;

export const BOOKING_TEXTS = {
  heading: 'Manage booking',
  cancel: 'Cancel booking',
  keep: 'Keep booking',
  cancelling: 'Cancelling…',
  transfer: 'Transfer to a colleague',
  transferSubmit: 'Transfer seat',
  transferring: 'Transferring…',
  emailLabel: 'Colleague’s e-mail',
  emailHint: 'They get your seat and an e-mail telling them how to sign in; your own access ends.',
  cancelEffect: 'Your access to this course ends and your seat is given back.',
  noCancellation: 'Cancellation is no longer possible.',
  offline: 'Cancelling or transferring a booking',
  offlineDetail: 'You can do it as soon as you are back online.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  failed: 'Your booking could not be changed. Please try again.',
  cancelledTitle: 'Booking cancelled',
  transferredTitle: 'Seat transferred',
} as const;

/** The dialog's statement of what a cancellation gives now, e.g. "You will get a full refund of $500.00 (100 %). This is possible until …". */
export function refundStatement(booking: Pick<MyBooking, 'refundPercent' | 'refundCents' | 'refundUntil'>): string {
  const until = booking.refundUntil ? ` This is possible until ${formatDateTime(booking.refundUntil)}.` : '';
  if (booking.refundCents <= 0) return `Nothing was paid for this seat, so there is nothing to refund.${until}`;
  if (booking.refundPercent >= 100) return `You will get a full refund of ${money(booking.refundCents)} (${percent(100)}).${until}`;
  return `You will get a ${percent(booking.refundPercent)} refund: ${money(booking.refundCents)}.${until}`;
}

/** The card's one line about cancelling: "Full refund if cancelled before …" / "50 % refund if cancelled before …". */
export function cancelSummary(booking: Pick<MyBooking, 'refundPercent' | 'refundUntil'>): string {
  const what = booking.refundPercent >= 100 ? 'Full refund' : `${percent(booking.refundPercent)} refund`;
  return booking.refundUntil ? `${what} if cancelled before ${formatDateTime(booking.refundUntil)}.` : `${what} if cancelled now.`;
}

/** The card's line about transferring: until when it is possible. */
export function transferSummary(booking: Pick<MyBooking, 'transferUntil'>): string {
  return booking.transferUntil
    ? `You can transfer your seat to a colleague until ${formatDateTime(booking.transferUntil)}.`
    : 'You can transfer your seat to a colleague.';
}

/** The toast after a cancellation: what happens to the money. */
export function cancelledText(change: Pick<BookingChange, 'refund' | 'refundCents'>): string {
  const amount = money(change.refundCents ?? 0);
  switch (change.refund) {
    case 'refunded':
      return `${amount} will be refunded to your card.`;
    case 'pending':
      return `Your refund of ${amount} is on its way to your card.`;
    case 'due':
      return `Our team will refund ${amount} to you.`;
    default:
      return 'Your seat has been given back; there was nothing to refund.';
  }
}

export const transferredText = (email: string) => `Your seat was transferred to ${email}.`;

/** A refused change said in its dialog: the server's reason (400, 409, …), or that it could not be reached. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? BOOKING_TEXTS.failed;
  return error instanceof TypeError ? BOOKING_TEXTS.unreachable : BOOKING_TEXTS.failed;
}

/** Whether the card shows "Manage booking": a session with a date (a course without one can never be cancelled or transferred). */
export const showsBooking = (booking: MyBooking) => booking.canCancel || booking.canTransfer || booking.startDate !== null;
