/** What My Training says a cancellation gives (issue 35, point 3): the policy's percentage, the amount, until when; and what it did. Moving to another date: the dates, their seats, the note and the toast. */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@pwa/lib/format';
import {
  canMoveNow,
  cancelSummary,
  cancelledText,
  moveOnlyText,
  moveSummary,
  movedText,
  refundStatement,
  seatsText,
  sessionLabel,
  showsBooking,
  transferredText,
  type MyBooking,
} from './booking-texts';

const UNTIL = '2026-12-01T09:00:00.000Z';
const BOOKING: MyBooking = {
  enrollmentId: 'e1',
  courseId: 'c1',
  title: 'Deviation Handling',
  startDate: '2026-12-08T09:00:00.000Z',
  refundCents: 50000,
  canCancel: true,
  refundPercent: 100,
  refundUntil: UNTIL,
  canTransfer: true,
  transferUntil: '2026-12-08T09:00:00.000Z',
  canMove: true,
  moveUntil: '2026-12-07T09:00:00.000Z',
  otherSessions: [],
  reason: null,
};
const LATER = '2026-12-15T09:00:00.000Z';

describe('booking texts', () => {
  it('a full refund: the amount, 100 % and until when', () => {
    expect(refundStatement(BOOKING)).toBe(`You will get a full refund of $500.00 (100\u00a0%). This is possible until ${formatDateTime(UNTIL)}.`);
    expect(cancelSummary(BOOKING)).toBe(`Full refund if cancelled before ${formatDateTime(UNTIL)}.`);
  });

  it('a partial refund: its percentage and amount', () => {
    const half = { ...BOOKING, refundPercent: 50, refundCents: 25000 };
    expect(refundStatement(half)).toBe(`You will get a 50\u00a0% refund: $250.00. This is possible until ${formatDateTime(UNTIL)}.`);
    expect(cancelSummary(half)).toBe(`50\u00a0% refund if cancelled before ${formatDateTime(UNTIL)}.`);
  });

  it('a free seat: nothing to refund', () => {
    expect(refundStatement({ ...BOOKING, refundCents: 0, refundUntil: null })).toBe('Nothing was paid for this seat, so there is nothing to refund.');
  });

  it('after a cancellation: where the money stands', () => {
    expect(cancelledText({ refund: 'refunded', refundCents: 25000 })).toBe('$250.00 will be refunded to your card.');
    expect(cancelledText({ refund: 'pending', refundCents: 25000 })).toBe('Your refund of $250.00 is on its way to your card.');
    expect(cancelledText({ refund: 'due', refundCents: 25000 })).toBe('Our team will refund $250.00 to you.');
    expect(cancelledText({ refund: 'none', refundCents: 0 })).toBe('Your seat has been given back; there was nothing to refund.');
    expect(transferredText('kim@example.com')).toBe('Your seat was transferred to kim@example.com.');
  });

  it('"Manage booking" shows for a dated session, not for a course without a session date', () => {
    expect(showsBooking({ ...BOOKING, canCancel: false, canTransfer: false, canMove: false, reason: 'This session has already started' })).toBe(true);
    expect(showsBooking({ ...BOOKING, startDate: null, canCancel: false, canTransfer: false, canMove: false, reason: 'no date' })).toBe(false);
  });

  it('a date to move to: when, where and its seats; a full one says so, an unlimited one says nothing of seats', () => {
    expect(seatsText(20)).toBe('20 seats left');
    expect(seatsText(1)).toBe('1 seat left');
    expect(seatsText(0)).toBe('Fully booked');
    expect(seatsText(null)).toBeNull();
    const session = { courseId: 'c2', title: 'Deviation Handling', startDate: LATER, location: 'Hôtel Lutetia, Paris', seatsLeft: 3 };
    expect(sessionLabel(session)).toBe(`${formatDateTime(LATER)} · Hôtel Lutetia, Paris · 3 seats left`);
    expect(sessionLabel({ ...session, location: null, seatsLeft: null })).toBe(formatDateTime(LATER));
    expect(sessionLabel({ ...session, location: ' ', seatsLeft: 0 })).toBe(`${formatDateTime(LATER)} · Fully booked`);
  });

  it('moving: offered only with another date; until when; the note when it is all that is left; the toast', () => {
    const session = { courseId: 'c2', title: 'Deviation Handling', startDate: LATER, location: null, seatsLeft: null };
    expect(canMoveNow(BOOKING)).toBe(false);
    expect(canMoveNow({ ...BOOKING, otherSessions: [session] })).toBe(true);
    expect(canMoveNow({ ...BOOKING, canMove: false, otherSessions: [session] })).toBe(false);
    const until = formatDateTime('2026-12-07T09:00:00.000Z');
    expect(moveSummary(BOOKING)).toBe(`You can move your seat to another date of this course until ${until}.`);
    expect(moveOnlyText(BOOKING)).toBe(`It is too late to cancel or transfer this booking. You can still move your seat to another date until ${until}.`);
    expect(movedText(LATER)).toBe(`Your seat is now on ${formatDateTime(LATER)}.`);
  });
});
