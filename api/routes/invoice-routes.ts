/**
 * Invoices and calendar files (issue 16): the buyer's (or an admin's, or an order-management
 * contributor's) invoice of a completed order and the credit note of each of its refunds (issue 29), the receipt on /success for whoever holds the
 * payment's client secret (guests too), and "Add to calendar" for a buyer of a live session. Every answer is a file, never cached.
 */
import { INVOICE_MESSAGES, receiptQuerySchema } from '@contracts/invoices';
import { AppError } from '../errors';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseQuery } from '../middleware/validate';
import type { CalendarServices } from '../services/calendar';
import type { InvoiceServices } from '../services/invoices';
import type { InvoicePdf } from '../services/invoices/invoice-service';
import { idParam } from './route-helpers';

function sendFile(ctx: AppContext, file: { filename: string; content: Buffer | string }, contentType: string): void {
  ctx.set('Content-Type', contentType);
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = file.content;
}

const sendPdf = (ctx: AppContext, invoice: InvoicePdf) => {
  ctx.set('X-Invoice-Number', invoice.invoiceNumber);
  sendFile(ctx, invoice, 'application/pdf');
};

export function invoiceRoutes(api: ApiRouter, { invoices, calendar }: InvoiceServices & Pick<CalendarServices, 'calendar'>): void {
  api.get('/api/orders/:id/invoice.pdf', 'signed_in', async (ctx) => {
    sendPdf(ctx, await invoices.forUser(ctx.state.user!, idParam(ctx, 'Invoice')));
  });

  api.get('/api/refunds/:id/credit-note.pdf', 'signed_in', async (ctx) => {
    const note = await invoices.creditNoteForUser(ctx.state.user!, idParam(ctx, 'Credit note'));
    ctx.set('X-Credit-Note-Number', note.creditNoteNumber);
    sendFile(ctx, note, 'application/pdf');
  });

  api.get('/api/payments/:paymentIntentId/receipt.pdf', 'public', async (ctx) => {
    const { client_secret } = parseQuery(receiptQuerySchema, ctx.query);
    const paymentIntentId = ctx.params.paymentIntentId!;
    if (!/^[A-Za-z0-9_]{3,255}$/.test(paymentIntentId)) throw AppError.notFound(INVOICE_MESSAGES.notFound);
    sendPdf(ctx, await invoices.forPayment(paymentIntentId, client_secret));
  });

  api.get('/api/courses/:id/calendar.ics', 'signed_in', async (ctx) => {
    const user = ctx.state.user!;
    const file = await calendar.fileForUser(user, idParam(ctx, 'Calendar invite'));
    sendFile(ctx, file, 'text/calendar; charset=utf-8');
  });
}
