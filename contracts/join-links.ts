/**
 * Personal join links (issue 30, point 2): each attendee of a live session has their own address
 * `/join/<token>`, which opens the meeting (their Zoom registration, or the course's meeting link)
 * from 30 minutes before the start until the end. Pure facts both sides read.
 */

/** The link opens this long before the session starts. */
export const JOIN_OPENS_BEFORE_MS = 30 * 60_000;

/**
 * `open`: the link goes to the meeting now; `not_yet`: it opens at `opensAt`; `ended`: the session
 * is over; `preparing`: the meeting is there but this person's Zoom registration is not yet made;
 * `no_meeting`: the course has no online meeting (an in-person seminar, or none set yet).
 */
export const JOIN_STATUSES = ['open', 'not_yet', 'ended', 'preparing', 'no_meeting'] as const;
export type JoinStatus = (typeof JOIN_STATUSES)[number];

/** `GET /api/courses/:id/join`: the signed-in attendee's own link and its window. */
export interface JoinView {
  /** The person's `/join/<token>` address (absolute), or null when there is no meeting. */
  joinUrl: string | null;
  opensAt: string | null;
  endsAt: string | null;
  status: JoinStatus;
  /** What to tell the person, in words. */
  message: string;
}

/** A token is 32 bytes in base64url. */
export const JOIN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function joinPath(token: string): string {
  return `/join/${token}`;
}

/** What the join view (`JoinView.message`), the `/join/<token>` page and the "Join session" button's note say. */
export const JOIN_MESSAGES = {
  open: 'The session is open: join now.',
  /** `opensAt` as the server writes it: the date and time in the course's zone ("Tuesday, December 1, 2026, 8:30 AM EST"). */
  notYet: (opensAt: string) => `Opens ${opensAt}, 30 minutes before the start.`,
  ended: 'This session has ended.',
  preparing: 'Your personal join link is being prepared. Please check again in a few minutes.',
  noMeeting: 'This session has no online meeting.',
  notFound: 'This join link is not valid. Use the link from your latest e-mail, or open My Training.',
  revoked: 'Your access to this session has ended, so this join link no longer works.',
} as const;

/** Which of the above applies at `now` (ms), given the session's window and whether the meeting URL is known. */
export function joinStatusAt(now: number, window: { start: string; end: string } | null, meetingUrlKnown: boolean | null): JoinStatus {
  if (!window || meetingUrlKnown === null) return 'no_meeting';
  if (now >= Date.parse(window.end)) return 'ended';
  if (now < Date.parse(window.start) - JOIN_OPENS_BEFORE_MS) return 'not_yet';
  return meetingUrlKnown ? 'open' : 'preparing';
}
