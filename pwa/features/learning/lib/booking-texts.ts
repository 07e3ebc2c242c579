/**
 * The words of "Manage booking" on My Training (issue 35, point 3): what the cancellation policy
 * gives now (`GET /api/me/bookings`, the server's `bookingTerms`), and what a cancellation, a
 * transfer or a move to another date did (`BookingChange`). Percentages are written "100 %" with a
 * no-break space; dates as the rest of My Training writes them (`formatDateTime`, the viewer's zone).
 */
import type { BookingChange, MyBookings } from '@contracts/bookings';
import { ApiError } from '@pwa/lib/api-client';
import { formatDateTime, formatMoney } from '@pwa/lib/format';

export type MyBooking = MyBookings['bookings'][number];
export type OtherSession = MyBooking['otherSessions'][number];

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
  move: 'Move to another date',
  moveSubmit: 'Move seat',
  moving: 'Moving…',
  datesLabel: 'New date',
  moveNoCharge: 'Your seat moves at no charge; what you paid stays with it.',
  fullyBooked: 'Fully booked',
  offline: 'Cancelling or transferring a booking',
  offlineMove: 'Moving a booking to another date',
  offlineDetail: 'You can do it as soon as you are back online.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  failed: 'Your booking could not be changed. Please try again.',
  cancelledTitle: 'Booking cancelled',
  transferredTitle: 'Seat transferred',
  movedTitle: 'Seat moved',
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

/** Whether the card offers "Move to another date": the policy allows it now and the course has other dates. */
export const canMoveNow = (booking: Pick<MyBooking, 'canMove' | 'otherSessions'>) => booking.canMove && booking.otherSessions.length > 0;

/** The dialog's line about moving: until when it is possible. */
export function moveSummary(booking: Pick<MyBooking, 'moveUntil'>): string {
  return booking.moveUntil
    ? `You can move your seat to another date of this course until ${formatDateTime(booking.moveUntil)}.`
    : 'You can move your seat to another date of this course.';
}

/** The card's note when a move is all that is left. */
export function moveOnlyText(booking: Pick<MyBooking, 'moveUntil'>): string {
  const until = booking.moveUntil ? ` until ${formatDateTime(booking.moveUntil)}` : '';
  return `It is too late to cancel or transfer this booking. You can still move your seat to another date${until}.`;
}

/** "20 seats left", "1 seat left", "Fully booked"; nothing when the session has no limit. */
export function seatsText(seatsLeft: number | null): string | null {
  if (seatsLeft === null) return null;
  if (seatsLeft <= 0) return BOOKING_TEXTS.fullyBooked;
  return `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left`;
}

/** One date to choose: "Dec 15, 2026, 9:00 AM · Hôtel Lutetia, Paris · 20 seats left". */
export function sessionLabel(session: Pick<OtherSession, 'startDate' | 'location' | 'seatsLeft'>): string {
  return [formatDateTime(session.startDate), session.location?.trim() || null, seatsText(session.seatsLeft)].filter(Boolean).join(' · ');
}

/** The toast after a move: the seat's new date. */
export const movedText = (startDate: string) => `Your seat is now on ${formatDateTime(startDate)}.`;

/** A refused change said in its dialog: the server's reason (400, 409, …), or that it could not be reached. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? BOOKING_TEXTS.failed;
  return error instanceof TypeError ? BOOKING_TEXTS.unreachable : BOOKING_TEXTS.failed;
}

/** Whether the card shows "Manage booking": a session with a date (a course without one can never be cancelled, transferred or moved). */
export const showsBooking = (booking: MyBooking) => booking.canCancel || booking.canTransfer || booking.canMove || booking.startDate !== null;
