/**
 * Waitlists (issue 35, point 2): a signed-in person joins a full live session's waitlist; when a
 * seat frees, the first waiting person is offered it, held for the course's `waitlistOfferMinutes`
 * (default 24 hours); they buy it through checkout, or the offer lapses and passes to the next.
 */
import { z } from 'zod';

/** How long an offer holds its seat unless the course says otherwise. */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 1440;
export const WAITLIST_OFFER_MINUTES = { min: 15, max: 7 * 24 * 60 } as const;

export { WAITLIST_MESSAGES } from './waitlist-messages';

/** What the person's place is: not on the list, waiting (with their position), offered a seat (until when), or buying it. */
export const WAITLIST_STATES = ['none', 'waiting', 'offered', 'checkout'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** GET/POST /api/courses/:id/waitlist. */
export const waitlistPlaceSchema = z.object({
  courseId: z.string(),
  status: z.enum(WAITLIST_STATES),
  /** 1 for the first waiting person; null when not waiting. */
  position: z.number().int().nullable(),
  /** Until when an offered seat is held for them. */
  offerExpiresAt: z.string().nullable(),
  /** How long an offer holds its seat. */
  offerMinutes: z.number().int(),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/** GET /api/admin/courses/:id/waitlist: the list in order (offers first, then who waits). */
export const staffWaitlistSchema = z.object({
  courseId: z.string(),
  title: z.string(),
  offerMinutes: z.number().int(),
  entries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      status: z.enum(['waiting', 'offered', 'checkout']),
      position: z.number().int().nullable(),
      joinedAt: z.string(),
      offerExpiresAt: z.string().nullable(),
    }),
  ),
});
export type StaffWaitlist = z.infer<typeof staffWaitlistSchema>;

/** PUT /api/admin/courses/:id/waitlist: the waiting entries in their new order (all of them, each once). */
export const reorderWaitlistSchema = z
  .object({
    entryIds: z
      .array(z.uuid({ error: 'entryIds must be waitlist entry ids' }))
      .min(1, { error: 'entryIds must list the waiting entries' })
      .max(10_000),
  })
  .strict()
  .refine((body) => new Set(body.entryIds).size === body.entryIds.length, { error: 'entryIds must name each entry once', path: ['entryIds'] });

/** The offer's push and e-mail wording. */
export function waitlistOfferText(title: string, untilLabel: string): string {
  return `A seat in "${title}" is free and held for you until ${untilLabel}. Book it before then, or it goes to the next person on the waitlist.`;
}
