/**
 * Cancelling or transferring a booked seat by policy (issue 35, point 3). A policy per course type
 * (admin settings, these defaults until changed) says what a cancellation refunds by how long
 * before the start it comes, and until when the seat may be transferred to another person.
 * `bookingTerms` is the one rule: the server acts by it and My Training shows it.
 */
import { z } from 'zod';
import { COURSE_TYPES, type CourseType } from './course-types';
import { LIVE_SESSION_TYPES } from './live-sessions';

export interface RefundTier {
  /** Cancelled at least this many days before the start… */
  daysBefore: number;
  /** …refunds this percentage of what was paid for the seat. */
  percent: number;
}

export interface CancellationPolicy {
  courseType: CourseType;
  /** From the most days before down; later than the last tier, no refund (and no cancellation). */
  refundTiers: RefundTier[];
  /** A transfer to another person is allowed until this many hours before the start; null: never. */
  transferUntilHours: number | null;
  /** A move to another session of the same course is allowed until this many hours before the start; null: never. */
  sessionChangeUntilHours: number | null;
}

/** "Full refund until 7 days before, 50 % until 2 days, then transfer only": for live sessions. */
export function defaultPolicy(courseType: CourseType): CancellationPolicy {
  const live = (LIVE_SESSION_TYPES as readonly string[]).includes(courseType);
  return live
    ? {
        courseType,
        refundTiers: [
          { daysBefore: 7, percent: 100 },
          { daysBefore: 2, percent: 50 },
        ],
        transferUntilHours: 0,
        sessionChangeUntilHours: 24,
      }
    : { courseType, refundTiers: [], transferUntilHours: null, sessionChangeUntilHours: null };
}

export const BOOKING_MESSAGES = {
  notFound: 'Booking not found',
  noDate: 'This course has no session date: it cannot be cancelled or transferred. Please contact us.',
  started: 'This session has already started',
  alreadyChanged: 'This booking has already been cancelled or transferred',
  noRefundLeft: 'It is too late to cancel this booking. You can still transfer your seat to a colleague.',
  noCancellation: 'This booking can no longer be cancelled',
  noTransfer: 'This booking can no longer be transferred',
  ownAddress: 'This is your own address: please enter your colleague’s',
  alreadyOwned: 'This person already has a seat in this session',
  notOwnSeat: 'Only seats you bought for yourself can be cancelled or transferred here',
  noMove: 'This booking can no longer be moved to another date',
  notSameCourse: 'That is not another date of the same course',
  targetStarted: 'That date has already started',
  alreadyBooked: 'You already have a seat on that date',
} as const;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface BookingTerms {
  /** Whether a cancellation is possible now, and what it refunds (percent of the seat's price). */
  canCancel: boolean;
  refundPercent: number;
  /** Until when the current refund percentage holds (the next tier's edge), or null. */
  refundUntil: string | null;
  canTransfer: boolean;
  transferUntil: string | null;
  /** Whether the seat may be moved to another session of the same course now, and until when. */
  canMove: boolean;
  moveUntil: string | null;
  /** Why not, when none is possible. */
  reason: string | null;
}

/** What the policy allows for a session starting at `startIso`, at `now`. */
export function bookingTerms(policy: CancellationPolicy, startIso: string | null, now: Date): BookingTerms {
  const none = (reason: string): BookingTerms => ({
    canCancel: false,
    refundPercent: 0,
    refundUntil: null,
    canTransfer: false,
    transferUntil: null,
    canMove: false,
    moveUntil: null,
    reason,
  });
  if (!startIso) return none(BOOKING_MESSAGES.noDate);
  const start = Date.parse(startIso);
  if (now.getTime() >= start) return none(BOOKING_MESSAGES.started);
  const tiers = [...policy.refundTiers].sort((a, b) => b.daysBefore - a.daysBefore);
  const tier = tiers.find((t) => start - now.getTime() >= t.daysBefore * DAY_MS && t.percent > 0);
  const until = (hours: number | null) => (hours === null || now.getTime() >= start - hours * HOUR_MS ? null : new Date(start - hours * HOUR_MS).toISOString());
  const transferUntil = until(policy.transferUntilHours);
  const moveUntil = until(policy.sessionChangeUntilHours);
  return {
    canCancel: !!tier,
    refundPercent: tier?.percent ?? 0,
    refundUntil: tier ? new Date(start - tier.daysBefore * DAY_MS).toISOString() : null,
    canTransfer: transferUntil !== null,
    transferUntil,
    canMove: moveUntil !== null,
    moveUntil,
    reason: tier || transferUntil || moveUntil ? null : BOOKING_MESSAGES.noCancellation,
  };
}

export const POLICY_MESSAGES = {
  days: 'Days before the start must be a whole number from 0 to 365',
  percent: 'The refund must be a whole percentage from 0 to 100',
  hours: 'Hours before the start must be a whole number from 0 to 8760 (a year)',
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** PUT /api/admin/cancellation-policies/:courseType. */
export const cancellationPolicySchema = z
  .object({
    refundTiers: z
      .array(
        z
          .object({
            daysBefore: wholeNumber(0, 365, POLICY_MESSAGES.days),
            percent: wholeNumber(0, 100, POLICY_MESSAGES.percent),
          })
          .strict(),
      )
      .max(6, { error: 'A policy has at most 6 refund steps' })
      .refine((tiers) => new Set(tiers.map((t) => t.daysBefore)).size === tiers.length, { error: 'Each refund step needs its own number of days' })
      .refine(
        (tiers) => {
          const sorted = [...tiers].sort((a, b) => b.daysBefore - a.daysBefore);
          return sorted.every((t, i) => i === 0 || t.percent <= sorted[i - 1]!.percent);
        },
        { error: 'A later cancellation cannot refund more than an earlier one' },
      ),
    transferUntilHours: wholeNumber(0, 8760, POLICY_MESSAGES.hours).nullable(),
    /** Absent (a client from before moves existed, e.g. a change queued offline): the policy's current value is kept. */
    sessionChangeUntilHours: wholeNumber(0, 8760, POLICY_MESSAGES.hours).nullable().optional(),
  })
  .strict();
export type CancellationPolicyRequest = z.infer<typeof cancellationPolicySchema>;

export const cancellationPolicyListSchema = z.object({
  policies: z.array(
    z.object({
      courseType: z.enum(COURSE_TYPES),
      refundTiers: z.array(z.object({ daysBefore: z.number().int(), percent: z.number().int() })),
      transferUntilHours: z.number().int().nullable(),
      sessionChangeUntilHours: z.number().int().nullable(),
      /** Still the default (never changed by an admin). */
      isDefault: z.boolean(),
    }),
  ),
});

/** POST /api/me/enrollments/:id/transfer `{ email }`: to a colleague. */
export const transferBookingSchema = z
  .object({ email: z.string().trim().toLowerCase().email({ error: 'Please enter a valid email address' }).max(254) })
  .strict();

/** POST /api/me/enrollments/:id/transfer `{ courseId }`: to another session (date) of the same course. */
export const moveBookingSchema = z.object({ courseId: z.string().trim().min(1, { error: 'Please choose a date' }).max(36) }).strict();

/** The schema of a transfer's body: a move when it names a course, else a transfer to a colleague. */
export function transferSchemaFor(body: unknown): typeof moveBookingSchema | typeof transferBookingSchema {
  return typeof body === 'object' && body !== null && 'courseId' in body ? moveBookingSchema : transferBookingSchema;
}

/** The answer of a cancellation or a transfer: what the policy gave. */
export const bookingChangeSchema = z.object({
  kind: z.enum(['cancelled', 'transferred', 'moved']),
  courseId: z.string(),
  /** Cancelled: the refund's percentage and amount, and where it stands (`due`: the processor failed, staff will refund it). */
  refundPercent: z.number().int().nullable(),
  refundCents: z.number().int().nullable(),
  refund: z.enum(['refunded', 'pending', 'due', 'none']).nullable(),
  /** Transferred: the new holder's address. */
  newHolder: z.string().nullable(),
  /** Moved: the session the seat is in now. */
  newCourseId: z.string().nullable(),
});
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** GET /api/me/bookings: the signed-in person's own booked seats (bought by them, for themselves) and what the policy allows now. */
export const myBookingsSchema = z.object({
  bookings: z.array(
    z.object({
      enrollmentId: z.string(),
      courseId: z.string(),
      title: z.string(),
      startDate: z.string().nullable(),
      /** What a cancellation would refund now, in cents. */
      refundCents: z.number().int(),
      canCancel: z.boolean(),
      refundPercent: z.number().int(),
      refundUntil: z.string().nullable(),
      canTransfer: z.boolean(),
      transferUntil: z.string().nullable(),
      canMove: z.boolean(),
      moveUntil: z.string().nullable(),
      /** When the seat may be moved: the other dates of the same course that have not started (a full one says so). */
      otherSessions: z.array(
        z.object({
          courseId: z.string(),
          title: z.string(),
          startDate: z.string(),
          location: z.string().nullable(),
          /** Free seats, null when unlimited. */
          seatsLeft: z.number().int().nullable(),
        }),
      ),
      reason: z.string().nullable(),
    }),
  ),
});
export type MyBookings = z.infer<typeof myBookingsSchema>;
