import { describe, expect, it } from 'vitest';
import { hasWaitlist, isFullyBooked } from './course-capacity';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const seminar = { type: 'live_seminar', maxParticipants: 20, currentParticipants: 20, startDate: '2026-12-01T09:00:00.000Z' };

describe('a live course’s seats', () => {
  it('keeps a waitlist only for live sessions with a capacity', () => {
    expect(hasWaitlist(seminar)).toBe(true);
    expect(hasWaitlist({ ...seminar, type: 'live_webinar' })).toBe(true);
    expect(hasWaitlist({ ...seminar, maxParticipants: null })).toBe(false);
    expect(hasWaitlist({ ...seminar, type: 'recorded_seminar' })).toBe(false);
  });

  it('is fully booked with every seat taken, until the session starts', () => {
    expect(isFullyBooked(seminar, NOW)).toBe(true);
    expect(isFullyBooked({ ...seminar, currentParticipants: 21 }, NOW)).toBe(true);
    expect(isFullyBooked({ ...seminar, startDate: null }, NOW)).toBe(true);
    expect(isFullyBooked({ ...seminar, currentParticipants: 19 }, NOW)).toBe(false);
    // The last free seat offered to someone on the waitlist: not for sale, so fully booked.
    expect(isFullyBooked({ ...seminar, currentParticipants: 19, seatsOffered: 1 }, NOW)).toBe(true);
    expect(isFullyBooked({ ...seminar, currentParticipants: 18, seatsOffered: 1 }, NOW)).toBe(false);
    expect(isFullyBooked({ ...seminar, startDate: '2026-11-21T12:00:00.000Z' }, NOW)).toBe(false);
    expect(isFullyBooked({ ...seminar, maxParticipants: null }, NOW)).toBe(false);
  });
});
