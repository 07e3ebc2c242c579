/**
 * Coupons (issue 35): a code that takes a percentage or an amount off the lines it applies to.
 * The wire of the back office's coupons screen, the messages a buyer gets for a code that gives
 * nothing, and how a coupon's discount line is labelled on the cart, receipt and invoice.
 *
 * The rules (the server's, `api/services/orders/coupons/`): a code is matched without regard to
 * case; it applies after the buyer's membership discount, to what is left of each line it
 * applies to, never below zero; a minimum order counts the lines after membership discounts;
 * its uses are held by an open checkout and counted when the payment is confirmed, once.
 */
import { z } from 'zod';
import { COURSE_TYPES } from './course-types';

/** A code as written in the back office: letters, digits, "-" and "_" (stored upper-case). */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

export const COUPON_MESSAGES = {
  unknown: 'This code is not valid. Please check it and try again.',
  paused: 'This code is not active right now.',
  notStarted: 'This code is not active yet.',
  expired: 'This code has expired.',
  exhausted: 'This code has reached its limit of uses.',
  usedByCustomer: 'You have already used this code.',
  heldElsewhere: 'This code is applied to another checkout of yours that is still open. Please finish it or try again in a few minutes.',
  notApplicable: 'This code does not apply to anything in your cart.',
  minOrder: (minimum: string) => `This code applies to orders of at least $${minimum}.`,
  tooManyAttempts: (wait: string) => `Too many codes tried. Please try again in ${wait}.`,
  duplicateCode: 'A coupon with this code already exists',
  chooseWhat: 'Choose at least one course type, course or memberships',
  notFound: 'Coupon not found',
} as const;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'must be a course id' });
const isoTime = z.iso.datetime({ offset: true, error: 'Dates must be ISO 8601 date-times such as 2026-12-31T23:59:59.000Z' });
const count = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of at least 1` })
    .int({ error: `${what} must be a whole number of at least 1` })
    .min(1, { error: `${what} must be a whole number of at least 1` });

/** A code a buyer types: trimmed; anything not shaped like a code is simply not valid (no lookup). */
export const couponCodeInputSchema = z.string({ error: 'couponCode must be text' }).trim().max(64, { error: COUPON_MESSAGES.unknown });

/** POST /api/admin/coupons. */
export const createCouponSchema = z
  .object({
    code: z.string({ error: 'Please enter a code' }).trim().regex(COUPON_CODE_PATTERN, { error: 'A code is 3 to 32 letters, digits, "-" or "_"' }),
    percentOff: z
      .number({ error: 'percentOff must be a whole number from 1 to 100' })
      .int({ error: 'percentOff must be a whole number from 1 to 100' })
      .min(1, { error: 'percentOff must be a whole number from 1 to 100' })
      .max(100, { error: 'percentOff must be a whole number from 1 to 100' })
      .optional(),
    amountOffCents: count('amountOffCents').max(10_000_000, { error: 'amountOffCents is too large' }).optional(),
    appliesTo: z
      .object({
        types: z
          .array(z.enum(COURSE_TYPES, { error: `types must be among ${COURSE_TYPES.join(', ')}` }))
          .max(COURSE_TYPES.length)
          .optional(),
        courseIds: z.array(uuid).max(500, { error: 'A coupon may name at most 500 courses' }).optional(),
        memberships: z.boolean({ error: 'memberships must be true or false' }).optional(),
      })
      .strict()
      .optional(),
    startsAt: isoTime.optional(),
    endsAt: isoTime.optional(),
    maxUses: count('maxUses').max(1_000_000, { error: 'maxUses is too large' }).optional(),
    maxUsesPerCustomer: count('maxUsesPerCustomer').max(1000, { error: 'maxUsesPerCustomer is too large' }).optional(),
    minOrderCents: z
      .number({ error: 'minOrderCents must be a whole number of cents' })
      .int({ error: 'minOrderCents must be a whole number of cents' })
      .min(0, { error: 'minOrderCents must be a whole number of cents' })
      .max(100_000_000)
      .optional(),
  })
  .strict()
  .refine((c) => (c.percentOff === undefined) !== (c.amountOffCents === undefined), { error: 'Give either percentOff or amountOffCents', path: ['percentOff'] })
  // `appliesTo` absent or `{}`: everything; given with its lists empty, it would apply to nothing.
  .refine(
    (c) => !c.appliesTo || Object.keys(c.appliesTo).length === 0 || !!c.appliesTo.types?.length || !!c.appliesTo.courseIds?.length || !!c.appliesTo.memberships,
    {
      error: COUPON_MESSAGES.chooseWhat,
      path: ['appliesTo'],
    },
  )
  .refine((c) => !c.startsAt || !c.endsAt || Date.parse(c.startsAt) < Date.parse(c.endsAt), { error: 'endsAt must be after startsAt', path: ['endsAt'] });
export type CreateCouponRequest = z.input<typeof createCouponSchema>;

/** PATCH /api/admin/coupons/:id: pause or resume. */
export const updateCouponSchema = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) }).strict();

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  appliesTo: z.object({ types: z.array(z.enum(COURSE_TYPES)), courseIds: z.array(z.string()), memberships: z.boolean() }),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  minOrderCents: z.number().int().nullable(),
  paused: z.boolean(),
  /** Uses counted: orders paid with it. */
  uses: z.number().int(),
  /** Uses held by checkouts not yet paid (they count against maxUses until they end). */
  held: z.number().int(),
  /** What it took off paid orders in all. */
  discountCents: z.number().int(),
  /** "25% off" or "$50.00 off", and what on. */
  summary: z.string(),
  createdAt: z.string(),
});
export type CouponView = z.infer<typeof couponSchema>;

/** GET /api/admin/coupons/:id: the coupon and its usage report (the paid orders that used it, newest first). */
export const couponDetailSchema = couponSchema.extend({
  redemptions: z.array(
    z.object({
      orderId: z.string(),
      customerEmail: z.string().nullable(),
      discountCents: z.number().int(),
      totalCents: z.number().int(),
      redeemedAt: z.string(),
    }),
  ),
});
export type CouponDetail = z.infer<typeof couponDetailSchema>;

export const couponListSchema = z.object({ coupons: z.array(couponSchema) });

/** What a coupon takes off: "25% off", "$50.00 off". */
export function couponOff(percentOff: number | null, amountOffCents: number | null): string {
  return percentOff !== null ? `${percentOff}% off` : `$${((amountOffCents ?? 0) / 100).toFixed(2)} off`;
}

/** The discount line's label: "Coupon GMP25: 25% off". */
export function couponLabel(code: string, percentOff: number | null, amountOffCents: number | null): string {
  return `Coupon ${code}: ${couponOff(percentOff, amountOffCents)}`;
}
