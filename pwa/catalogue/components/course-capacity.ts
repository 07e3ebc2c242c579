/**
 * A live course's seats as the catalogue shows them (issue 35): which courses have a waitlist
 * (live, with a capacity) and when one is fully booked (every seat sold or offered to the
 * waitlist, not started yet); the server's join accepts at least these. Read by the course page and the back office's tables.
 */
import { isLiveSessionType } from '@contracts/live-sessions';

type Seats = { type: string; maxParticipants: number | null; currentParticipants: number; seatsOffered?: number; startDate: string | null };

/** A live session with a capacity: the only courses a waitlist is kept for. */
export function hasWaitlist(course: Pick<Seats, 'type' | 'maxParticipants'>): boolean {
  return isLiveSessionType(course.type) && course.maxParticipants !== null;
}

/** Not started at `now` (a session without a start date has not). */
export function notStarted(course: Pick<Seats, 'startDate'>, now: number): boolean {
  return !course.startDate || Date.parse(course.startDate) > now;
}

/**
 * Every seat taken (sold, or offered to people on the waitlist) and the session still to come: the
 * course page offers its waitlist instead of the cart.
 */
export function isFullyBooked(course: Seats, now: number): boolean {
  return hasWaitlist(course) && course.currentParticipants + (course.seatsOffered ?? 0) >= course.maxParticipants! && notStarted(course, now);
}
