/**
 * The invoice as a PDF (pdfkit, its built-in Helvetica: nothing fetched, nothing embedded):
 * seller block (the provider's Canadian main office and Indian branch), invoice number and date,
 * buyer, one row per order line (title, tier, quantity, unit price, line total), subtotal, tax
 * $0.00, total, payment method and payment id. Pure: data in, bytes out.
 */
import PDFDocument from 'pdfkit';
import { OFFICES } from '@contracts/company';
import type { DiscountRow } from '@contracts/membership-benefits';
import { centsToDecimal } from '../../lib/money';

export interface InvoiceLine {
  title: string;
  tier: string | null;
  quantity: number;
  unitCents: number;
}

export interface InvoiceData {
  invoiceNumber: string;
  /** UTC ISO: the invoice date. */
  invoicedAt: string;
  orderId: string;
  orderedAt: string;
  buyer: { name: string | null; email: string | null };
  lines: InvoiceLine[];
  /** What was taken off (membership benefits, a coupon), shown under the subtotal. */
  discounts: DiscountRow[];
  totalCents: number;
  /** "Visa ending in 4242", or "Card payment via Stripe". */
  paymentMethod: string;
  paymentId: string | null;
  refundDueCents: number;
  /** Memberships: the plan bought. */
  note: string | null;
}

export const money = (cents: number) => `$${centsToDecimal(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Columns of the lines table: x and width in points (A4 is 595 wide; margins 50). */
const COLUMNS = {
  title: { x: 50, width: 200 },
  tier: { x: 255, width: 95 },
  quantity: { x: 350, width: 40 },
  unit: { x: 395, width: 70 },
  total: { x: 470, width: 75 },
} as const;

export const MUTED = '#555555';

/** An A4 document (portrait unless asked) with its metadata, and the promise of its bytes once `doc.end()` is called. */
export function startDocument(
  info: { Title: string; Subject: string },
  layout: 'portrait' | 'landscape' = 'portrait',
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', layout, margin: 50, info: { ...info, Author: OFFICES[0].company } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The seller block (left, from the top) and the document's title (right); returns the seller block's bottom. */
export function drawHeading(doc: PDFKit.PDFDocument, title: string): number {
  const [main, branch] = OFFICES;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#0e7c86').text(main.company, 50, 50, { width: 300 });
  doc.font('Helvetica').fontSize(9).fillColor('#000000');
  doc.text(main.address.join(', '), { width: 300 });
  doc.text(`${main.phone.label} · ${main.email.address}`, { width: 300 });
  doc.moveDown(0.4).fillColor(MUTED).text(`${branch.title}: ${branch.company}`, { width: 300 });
  doc.text(branch.address.join(', '), { width: 300 });
  doc.text(`${branch.phone.label} · ${branch.email.address}`, { width: 300 });
  const sellerBottom = doc.y;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(20).text(title, 350, 50, { width: 195, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  return sellerBottom;
}

/** The table of order lines from `y`; returns the y below it and the lines' subtotal. */
export function drawLines(doc: PDFKit.PDFDocument, lines: InvoiceLine[], top: number): { y: number; subtotal: number } {
  let y = top;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text('Description', COLUMNS.title.x, y, { width: COLUMNS.title.width });
  doc.text('Tier', COLUMNS.tier.x, y, { width: COLUMNS.tier.width });
  doc.text('Qty', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
  doc.text('Unit price', COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: 'right' });
  doc.text('Amount', COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(50, y).lineTo(545, y).strokeColor('#cccccc').stroke();
  y += 6;
  doc.font('Helvetica').fontSize(9);
  let subtotal = 0;
  for (const line of lines) {
    const lineTotal = line.unitCents * line.quantity;
    subtotal += lineTotal;
    if (y > 720) {
      doc.addPage();
      y = 50;
    }
    doc.text(line.title, COLUMNS.title.x, y, { width: COLUMNS.title.width });
    const titleBottom = doc.y;
    doc.text(line.tier ?? '—', COLUMNS.tier.x, y, { width: COLUMNS.tier.width });
    doc.text(String(line.quantity), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text(money(line.unitCents), COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: 'right' });
    doc.text(money(lineTotal), COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
    y = Math.max(titleBottom, doc.y) + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).strokeColor('#cccccc').stroke();
  return { y, subtotal };
}

/** A right-aligned total row at `y` ("Subtotal   $100.00"); returns the y below it. */
export function drawTotal(doc: PDFKit.PDFDocument, y: number, label: string, value: string, bold = false): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
  doc.text(label, 350, y, { width: 115, align: 'right' });
  doc.text(value, COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
  return doc.y + 4;
}

export function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Invoice ${invoice.invoiceNumber}`, Subject: `Order ${invoice.orderId}` });
  const [main, branch] = OFFICES;
  const muted = MUTED;

  // Seller block (left) and the invoice's identity (right).
  const sellerBottom = drawHeading(doc, 'INVOICE');
  doc.text(`Invoice number: ${invoice.invoiceNumber}`, 350, doc.y + 4, { width: 195, align: 'right' });
  doc.text(`Invoice date: ${longDate(invoice.invoicedAt)}`, { width: 195, align: 'right' });
  doc.text(`Order: ${invoice.orderId.slice(0, 8)}`, { width: 195, align: 'right' });
  doc.text(`Order date: ${longDate(invoice.orderedAt)}`, { width: 195, align: 'right' });

  // Buyer.
  const buyerTop = Math.max(sellerBottom, doc.y) + 24;
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', 50, buyerTop);
  doc.font('Helvetica').text(invoice.buyer.name ?? invoice.buyer.email ?? 'Customer', 50, doc.y);
  if (invoice.buyer.email) doc.text(invoice.buyer.email);

  // Lines.
  const table = drawLines(doc, invoice.lines, doc.y + 20);
  let y = table.y;

  // Totals (tax is $0.00: storefront spec §2 Checkout).
  y += 8;
  const totalRow = (label: string, value: string, bold = false) => void (y = drawTotal(doc, y, label, value, bold));
  totalRow('Subtotal', money(table.subtotal));
  // Membership discounts (issue 29), one row per benefit, then a coupon's (issue 35); each label wide enough to stay on one line.
  for (const row of invoice.discounts) {
    doc.font('Helvetica').fontSize(10).text(row.label, 50, y, { width: 415, align: 'right' });
    const labelBottom = doc.y;
    doc.text(`-${money(row.cents)}`, COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
    y = Math.max(labelBottom, doc.y) + 4;
  }
  totalRow('Tax', money(0));
  totalRow('Total', money(invoice.totalCents), true);
  if (invoice.refundDueCents > 0) totalRow('Refund due', money(invoice.refundDueCents));

  // Payment.
  y += 16;
  doc.font('Helvetica-Bold').fontSize(10).text('Payment', 50, y);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Paid in full: ${money(invoice.totalCents)} (USD)`);
  doc.text(`Payment method: ${invoice.paymentMethod}`);
  doc.text(`Payment ID: ${invoice.paymentId ?? 'n/a'}`);
  if (invoice.note) doc.moveDown(0.5).text(invoice.note);
  if (invoice.refundDueCents > 0)
    doc.moveDown(0.5).text(`You were already enrolled in part of this order: ${money(invoice.refundDueCents)} will be refunded to you.`);
  doc
    .moveDown(1.5)
    .fillColor(muted)
    .fontSize(8)
    .text(`Thank you for learning with ${main.company.replace(/ Inc\.$/, '')}. Questions about this invoice: ${branch.email.address}.`, 50, doc.y, {
      width: 495,
    });
  doc.end();
  return done;
}
