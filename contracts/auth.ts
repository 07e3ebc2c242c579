/**
 * Accounts contract: sign-in, registration, the current user and the profile. Messages are the
 * ones the screens show (storefront spec §5), so a server answer reads the same as the form.
 */
import { z } from 'zod';
import { PERMISSIONS, ROLES, type Role } from './access';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const NAME_MESSAGE = 'Name must be at least 2 characters';
export const CODE_REQUIRED_MESSAGE = 'Please enter the 6-digit code';
export const CODE_FORMAT_MESSAGE = 'Code must be 6 digits';

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(320, { error: EMAIL_MESSAGE })
  .pipe(z.email({ error: EMAIL_MESSAGE }));

export const nameSchema = z.string({ error: NAME_MESSAGE }).trim().min(2, { error: NAME_MESSAGE }).max(200, { error: 'Name must be at most 200 characters' });

export const codeSchema = z
  .string({ error: CODE_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: CODE_REQUIRED_MESSAGE })
  .regex(/^\d{6}$/, { error: CODE_FORMAT_MESSAGE });

export const loginRequestSchema = z.object({
  email: emailSchema,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const verifyRequestSchema = z.object({
  token: codeSchema,
  /** For clients without cookies: the e-mail the code was sent to. */
  email: emailSchema.optional(),
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  // Accepted for compatibility with the screen's payload; the server always creates an active customer.
  role: z.unknown().optional(),
  isActive: z.unknown().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const ROLE_VALUES = ROLES;
export type RoleValue = Role;

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLE_VALUES),
  membershipType: z.enum(['prime', 'business']).nullable(),
  createdAt: z.string(),
  /** What the person may do in the back office (`permissionsOf`): an admin all, a contributor theirs, others none. */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const verifyResponseSchema = z.object({ token: z.string(), role: z.enum(ROLE_VALUES), message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const profileOrderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  total: z.string(),
  status: z.string(),
  /** price is the unit price; a line of several seats has quantity > 1. */
  items: z.array(z.object({ title: z.string(), price: z.string(), tierName: z.string().nullable(), quantity: z.number().int().positive() })),
  /** The membership discounts taken off the items' prices, as the receipt and the invoice name them (none: empty or absent). */
  discounts: z.array(z.object({ label: z.string(), amount: z.string() })).optional(),
  stripePaymentIntentId: z.string().nullable(),
  /** Money to be refunded on this order (e.g. a course already owned), or null. */
  refundDue: z.string().nullable(),
  /** `INV-2026-000123` once numbered (orders completed before invoices get theirs on first download). */
  invoiceNumber: z.string().nullable(),
  /** Refunded so far (issue 29), or null: status `refunded` when in full, else "partially refunded" (`orderStatusLabel`). */
  refunded: z.string().nullable().optional(),
  /** The credit note of each refund (`creditNotePath(refundId)`). */
  creditNotes: z.array(z.object({ refundId: z.string(), number: z.string(), amount: z.string() })).optional(),
});

export const profileResponseSchema = z.object({
  user: z.object({ name: z.string(), email: z.string(), membershipType: z.enum(['prime', 'business']).nullable(), createdAt: z.string() }),
  orders: z.array(profileOrderSchema),
  /** `calendar`: an upcoming live session the buyer can add to a calendar ("Add to calendar", issue 16). */
  enrollments: z.array(z.object({ id: z.string(), courseId: z.string(), courseTitle: z.string().nullable(), enrolledAt: z.string(), calendar: z.boolean() })),
  /** Reminders before live sessions (PUT /api/profile/reminders). */
  reminders: z.object({ push: z.boolean(), email: z.boolean() }),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type ProfileOrder = z.infer<typeof profileOrderSchema>;
