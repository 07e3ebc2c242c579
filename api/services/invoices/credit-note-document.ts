/**
 * The credit note of one refund as a PDF, drawn like the invoice (`invoice-document.ts`: the same
 * seller block and lines table): its number and date, the invoice and order it corrects, the
 * buyer, the order's lines for reference, the amount credited, what has been refunded of the
 * order so far and what remains, the reason, and where the money goes back. Pure: data in, bytes out.
 */
import { OFFICES } from '@contracts/company';
import { drawHeading, drawLines, drawTotal, longDate, money, MUTED, startDocument, type InvoiceLine } from './invoice-document';

export interface CreditNoteData {
  creditNoteNumber: string;
  /** UTC ISO: the credit note's date (when the processor refunded). */
  issuedAt: string;
  orderId: string;
  orderedAt: string;
  /** The invoice it corrects (null for an order invoiced before numbers existed and never downloaded). */
  invoiceNumber: string | null;
  buyer: { name: string | null; email: string | null };
  lines: InvoiceLine[];
  totalCents: number;
  /** This refund. */
  amountCents: number;
  /** Refunded of the order with this refund and those before it. */
  refundedToDateCents: number;
  reason: string;
  /** "Visa ending in 4242", or "Card payment via Stripe". */
  paymentMethod: string;
  processorRefundId: string | null;
}

export function renderCreditNotePdf(note: CreditNoteData): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Credit note ${note.creditNoteNumber}`, Subject: `Refund of order ${note.orderId}` });
  const branch = OFFICES[1];

  const sellerBottom = drawHeading(doc, 'CREDIT NOTE');
  doc.text(`Credit note number: ${note.creditNoteNumber}`, 350, doc.y + 4, { width: 195, align: 'right' });
  doc.text(`Credit note date: ${longDate(note.issuedAt)}`, { width: 195, align: 'right' });
  if (note.invoiceNumber) doc.text(`Corrects invoice: ${note.invoiceNumber}`, { width: 195, align: 'right' });
  doc.text(`Order: ${note.orderId.slice(0, 8)}`, { width: 195, align: 'right' });
  doc.text(`Order date: ${longDate(note.orderedAt)}`, { width: 195, align: 'right' });

  const buyerTop = Math.max(sellerBottom, doc.y) + 24;
  doc.font('Helvetica-Bold').fontSize(10).text('Credit to', 50, buyerTop);
  doc.font('Helvetica').text(note.buyer.name ?? note.buyer.email ?? 'Customer', 50, doc.y);
  if (note.buyer.email) doc.text(note.buyer.email);

  // The order as invoiced, for reference.
  const table = drawLines(doc, note.lines, doc.y + 20);
  let y = table.y + 8;
  y = drawTotal(doc, y, 'Order total', money(note.totalCents));
  y = drawTotal(doc, y, 'Credited now', `-${money(note.amountCents)}`, true);
  y = drawTotal(doc, y, 'Refunded to date', money(note.refundedToDateCents));
  y = drawTotal(doc, y, 'Remaining paid', money(Math.max(0, note.totalCents - note.refundedToDateCents)));

  y += 16;
  doc.font('Helvetica-Bold').fontSize(10).text('Refund', 50, y);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Amount refunded: ${money(note.amountCents)} (USD)${note.refundedToDateCents >= note.totalCents ? ' — the order is refunded in full' : ''}`);
  doc.text(`Reason: ${note.reason}`);
  doc.text(`Refunded to: ${note.paymentMethod}`);
  doc.text(`Refund ID: ${note.processorRefundId ?? 'n/a'}`);
  doc
    .moveDown(1.5)
    .fillColor(MUTED)
    .fontSize(8)
    .text(`The refund reaches the original payment method within 5–10 business days. Questions about this credit note: ${branch.email.address}.`, 50, doc.y, {
      width: 495,
    });
  doc.end();
  return done;
}
