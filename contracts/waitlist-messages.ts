/**
 * The waitlist's messages (issue 35) without zod, so the course page's code can say them without
 * loading the wire schemas (like `live-sessions.ts`). `waitlists.ts` is to re-export these.
 */
export const WAITLIST_MESSAGES = {
  notFound: 'Course not found',
  notLive: 'Only live sessions have a waitlist',
  notFull: 'This session still has seats: you can book one now',
  started: 'This session has already started',
  alreadyOwned: 'You already have a seat in this session',
  offerExpired: 'Your offer for this seat has expired and the seat has gone to the next person on the waitlist.',
  listChanged: 'The waitlist has changed since you loaded it. Please reload it and try again.',
  joined: 'You are on the waitlist',
  left: 'You have left the waitlist',
} as const;
