/**
 * Invoices and calendar files (issue 16): the number format, the query a guest's receipt needs,
 * and the messages (the download addresses are in `document-paths.ts`, free of zod for the PWA).
 * The invoice is the receipt: /profile's "Download Invoice" and /success's "Download Receipt"
 * give the same document with the same number.
 */
import { z } from 'zod';

/** `INV-2026-000123`: the year of the invoice date (UTC) and a gapless number within it. */
export const INVOICE_NUMBER_PATTERN = /^INV-\d{4}-\d{6,}$/;

export const formatInvoiceNumber = (year: number, sequence: number) => `INV-${year}-${String(sequence).padStart(6, '0')}`;

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  notReady: 'Your payment is still being confirmed. Please try again in a moment.',
  calendarNotFound: 'Calendar invite not found',
} as const;

/** `GET /api/payments/:paymentIntentId/receipt.pdf?client_secret=…` (a guest on /success). */
export const receiptQuerySchema = z.object({
  client_secret: z.string({ error: 'required' }).min(10, 'too short').max(500, 'too long'),
});
