/**
 * The contact form (storefront spec §2 static pages, §5): name, e-mail and message required,
 * phone optional. `website` is a honeypot: hidden from people, filled in by bots.
 */
import { z } from 'zod';
import { emailSchema } from './auth';

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  phone: 'Please enter a valid phone number',
  emailRequired: 'Email is required',
  email: 'Please enter a valid email address',
  message: 'Message is required',
  messageTooLong: 'Message must be at most 5000 characters',
} as const;

export const PHONE_PATTERN = /^\+?[\d\s().-]{7,20}$/;

export const contactRequestSchema = z.strictObject({
  name: z.string({ error: CONTACT_MESSAGES.name }).trim().min(1, { error: CONTACT_MESSAGES.name }).max(200, { error: 'Name must be at most 200 characters' }),
  phone: z
    .string({ error: CONTACT_MESSAGES.phone })
    .trim()
    .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: CONTACT_MESSAGES.phone })
    .optional(),
  // Empty says "Email is required"; otherwise the one e-mail rule of the whole product.
  email: z.string({ error: CONTACT_MESSAGES.emailRequired }).trim().min(1, { error: CONTACT_MESSAGES.emailRequired }).pipe(emailSchema),
  message: z
    .string({ error: CONTACT_MESSAGES.message })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.message })
    .max(5000, { error: CONTACT_MESSAGES.messageTooLong }),
  /** Honeypot: people never see this field, so anything in it came from a bot. */
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
