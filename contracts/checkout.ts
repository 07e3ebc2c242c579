/**
 * Checkout and membership contract: payment intents priced on the server, the built-in test
 * processor's card confirmation, memberships, and the processor configuration the PWA reads.
 */
import { z } from 'zod';
import { EMAIL_MESSAGE, NAME_MESSAGE, emailSchema, nameSchema } from './auth';
import { couponCodeInputSchema } from './coupons';

export const PAYMENT_PROCESSORS = ['stripe', 'test'] as const;
export type PaymentProcessorKind = (typeof PAYMENT_PROCESSORS)[number];

export const paymentConfigSchema = z.object({
  paymentProcessor: z.enum(PAYMENT_PROCESSORS),
  /** Stripe's publishable key when Stripe is active; null for the test processor. */
  stripePublishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'must be a course id' });

export const checkoutItemSchema = z.object({
  courseId: uuid,
  pricingTierId: uuid.optional().nullable(),
  quantity: z
    .number({ error: 'quantity must be a whole number from 1 to 99' })
    .int({ error: 'quantity must be a whole number from 1 to 99' })
    .min(1, { error: 'quantity must be a whole number from 1 to 99' })
    .max(99, { error: 'quantity must be a whole number from 1 to 99' }),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

export const createPaymentIntentSchema = z
  .object({
    courseIds: z.array(uuid, { error: 'courseIds must be a list of course ids' }).min(1, { error: 'Your cart is empty' }).max(200),
    /**
     * The cart total the client shows, in dollars: the list prices' total or the total the quote
     * answered (after the buyer's membership discounts). Anything else is a 409 with the new
     * total. The server prices every line itself and charges its own total.
     */
    amount: z.number({ error: 'amount must be a number' }).nonnegative({ error: 'amount must be a number' }).finite(),
    items: z.array(checkoutItemSchema, { error: 'items must be a list' }).min(1, { error: 'Your cart is empty' }).max(200).optional(),
    /** Seats for this organisation's pool (issue 33): signed-in managers of it only. */
    orgId: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'orgId must be an organisation id' })
      .optional(),
    /** A coupon code (issue 35): refused with its reason when it gives nothing, so the buyer is never charged more than they expect. */
    couponCode: couponCodeInputSchema.optional(),
    /** Guests only: for the receipt. */
    customerEmail: emailSchema.optional(),
    customerName: nameSchema.optional(),
  })
  .refine((body) => !body.items || body.items.every((item) => body.courseIds.includes(item.courseId)), {
    error: 'items must only name courses listed in courseIds',
    path: ['items'],
  });
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentSchema>;

/** A checkout with nothing to pay is only for a signed-in buyer (no payment vouches for a guest's e-mail). */
export const FREE_ORDER_SIGN_IN = 'Please sign in to complete an order with nothing to pay';

export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  orderId: z.string(),
  /** The server's total, decimal string. */
  total: z.string(),
  processor: z.enum(PAYMENT_PROCESSORS),
  /** Until when the checkout holds its seats on seat-limited courses (ISO time); null when none is seat-limited. */
  holdExpiresAt: z.string().nullable(),
  /** True when there was nothing to pay (a 100 % coupon, a free course): the order is already complete, no payment step follows. */
  paid: z.boolean().optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/**
 * POST /api/cart/quote: the cart priced by the server as checkout will charge it, for the signed-in
 * buyer (a membership's discounts; a guest gets none), before anything is held or paid. Only
 * course, pricing option and quantity are read from the client: a price it sends is ignored.
 * The request is an object so later issues can add to it (a coupon code).
 */
export const cartQuoteRequestSchema = z.object({
  lines: z.array(checkoutItemSchema, { error: 'lines must be a list' }).min(1, { error: 'Your cart is empty' }).max(200),
  /** A coupon code (issue 35): applied when it applies; otherwise the quote says why in `message`. */
  couponCode: couponCodeInputSchema.optional(),
});
export type CartQuoteRequest = z.input<typeof cartQuoteRequestSchema>;

/** Where a discount comes from: the buyer's membership, then a coupon (issue 35). */
export const DISCOUNT_KINDS = ['membership', 'coupon'] as const;

export const quotedLineSchema = z.object({
  courseId: z.string(),
  pricingTierId: z.string().nullable(),
  title: z.string(),
  tierName: z.string().nullable(),
  unitCents: z.number().int(),
  quantity: z.number().int(),
  /** unitCents × quantity. */
  subtotalCents: z.number().int(),
  /** Taken off this line in all. */
  discountCents: z.number().int(),
  /** subtotalCents − discountCents. */
  totalCents: z.number().int(),
});

/** One discount row; `amountCents` is `cents` under the name issue 35's contract gives it. */
export const quotedDiscountSchema = z.object({ kind: z.enum(DISCOUNT_KINDS), label: z.string(), cents: z.number().int(), amountCents: z.number().int() });
export type QuotedDiscount = z.infer<typeof quotedDiscountSchema>;

export const cartQuoteSchema = z.object({
  lines: z.array(quotedLineSchema),
  subtotalCents: z.number().int(),
  /** One entry per label, in the order of the lines; their sum is subtotalCents − totalCents. */
  discounts: z.array(quotedDiscountSchema),
  /** What checkout charges. */
  totalCents: z.number().int(),
  /** The same, as a decimal string (the payment intent's `total`). */
  total: z.string(),
  /** The plan the discounts come from (null: not signed in, or no membership). */
  membershipPlan: z.enum(['prime', 'business']).nullable(),
  /** The coupon applied (its code as the back office wrote it), or null. */
  couponCode: z.string().nullable(),
  /** Why the coupon asked for gives nothing (unknown, expired, used up, not for this cart…). */
  message: z.string().optional(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

/**
 * A checkout naming a course the buyer already owns is refused (409) with this message and the
 * course to go to instead (issue 27): `path` is the course's page in the PWA.
 */
export const OWNED_COURSE_MESSAGE = 'You already own this course';
export const ownedCoursePath = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;
export const ownedCourseConflictSchema = z.object({
  message: z.literal(OWNED_COURSE_MESSAGE),
  courseId: z.string(),
  courseTitle: z.string().nullable(),
  path: z.string().regex(/^\/courses\/[^/]+$/),
});
export type OwnedCourseConflict = z.infer<typeof ownedCourseConflictSchema>;

export const MEMBERSHIP_PRICE_IDS = ['price_prime_monthly', 'price_business_yearly'] as const;
export type MembershipPriceId = (typeof MEMBERSHIP_PRICE_IDS)[number];

/** The buyer's receipt details (guest checkout, membership): the form and the server share these rules. */
export const buyerDetailsSchema = z.object({ name: nameSchema, email: emailSchema });

export const createSubscriptionSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  priceId: z.enum(MEMBERSHIP_PRICE_IDS, { error: 'Please choose the PRIME or BUSINESS plan' }),
  /** A coupon for memberships (issue 35): taken off the first year's payment; refused with its reason when it takes nothing. */
  couponCode: couponCodeInputSchema.optional(),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionSchema>;
export { EMAIL_MESSAGE, NAME_MESSAGE };

/** Card details for the built-in test processor. Never stored: only brand and last four are kept. */
export const testCardSchema = z.object({
  number: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Your card number is incomplete.' })),
  /** "MM/YY" or "MM/YYYY". */
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, { error: "Your card's expiration date is incomplete." }),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, { error: "Your card's security code is incomplete." }),
  name: z.string({ error: 'Please enter the name on the card.' }).trim().min(2, { error: 'Please enter the name on the card.' }).max(200),
});
export type TestCard = z.input<typeof testCardSchema>;

export const testConfirmSchema = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(10).max(300),
  card: testCardSchema,
});

export const testAuthenticateSchema = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(10).max(300),
  outcome: z.enum(['approve', 'fail'], { error: 'outcome must be approve or fail' }),
});

export const PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const testPaymentResultSchema = z.object({
  paymentIntentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Where to send the buyer for the extra authentication step (status requires_action). */
  nextActionUrl: z.string().nullable(),
  message: z.string().nullable(),
  amount: z.string(),
  purpose: z.enum(['courses', 'membership']),
});
export type TestPaymentResult = z.infer<typeof testPaymentResultSchema>;
