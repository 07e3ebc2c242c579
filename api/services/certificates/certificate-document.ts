/**
 * The certificate as a PDF (issue 32, point 2; NASBA Standard 23's content): a landscape A4 page
 * with the holder's name, the course, its format and dates, credits by type (with the 50-minute-hour
 * statement for CPE), the instructor, the number, issue date and validity, the issuer's name and
 * contact, and a QR code to the verify page. Names and titles print in any script
 * (`certificate-fonts.ts`). Pure: data in, bytes out.
 */
import QRCode from 'qrcode';
import { CERTIFICATE_FORMAT_LABELS, formatCertificateDay, type VerifiedCertificateDto } from '@contracts/certificates';
import { formatCredits } from '@contracts/credits';
import { startDocument } from '../invoices/invoice-document';
import { drawRuns, textRuns, use, type FontWeight, type TextRun } from './certificate-fonts';

const TEAL = '#0e7c86';
const MUTED = '#555555';
const PAGE = { width: 841.89, height: 595.28 };
const TEXT_WIDTH = PAGE.width - 160;

/** One centred line (or a few, for a long title) of `text` at `y`, in every script it holds; returns the y below it. */
function centred(doc: PDFKit.PDFDocument, text: string, y: number, size: number, weight: FontWeight, color = '#242424'): number {
  const width = (runs: TextRun[]) => runs.reduce((sum, run) => sum + use(doc, run.font).fontSize(size).widthOfString(run.text), 0);
  // Word by word into lines that fit (a name or a title longer than the page wraps).
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && width(textRuns(`${last} ${word}`, weight)) <= TEXT_WIDTH) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  let top = y;
  for (const line of lines.slice(0, 3)) {
    const runs = textRuns(line, weight);
    drawRuns(doc, runs, (PAGE.width - Math.min(width(runs), TEXT_WIDTH)) / 2, top, size, color);
    top += size * 1.35;
  }
  return top;
}

/** A QR code of `text` as vector squares (crisp at any zoom, nothing to decode), with a quiet zone of 2 modules. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 4);
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) doc.rect(x + (col + 2) * cell, y + (row + 2) * cell, cell, cell);
  doc.fillColor('#000000').fill();
}

export async function renderCertificatePdf(c: VerifiedCertificateDto, verifyUrl: string): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Certificate ${c.number}`, Subject: `${c.courseTitle}: ${c.holderName}` }, 'landscape');
  doc
    .lineWidth(3)
    .strokeColor(TEAL)
    .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(32, 32, PAGE.width - 64, PAGE.height - 64)
    .stroke();

  let y = centred(doc, c.issuer.name, 60, 16, 700, TEAL);
  y = centred(doc, 'Certificate of Completion', y + 14, 30, 700);
  y = centred(doc, 'This certifies that', y + 10, 13, 400, MUTED);
  y = centred(doc, c.holderName, y + 4, 26, 700);
  y = centred(doc, 'has completed', y + 4, 13, 400, MUTED);
  y = centred(doc, c.courseTitle, y + 4, 19, 700);
  const when = c.sessionDate ? `Session ${formatCertificateDay(c.sessionDate)} · ` : '';
  y = centred(doc, `${c.courseCode} · ${CERTIFICATE_FORMAT_LABELS[c.format]} · ${when}Completed ${formatCertificateDay(c.completedAt)}`, y + 8, 12, 400);
  if (c.credits.length > 0) {
    y = centred(doc, `Credits: ${formatCredits(c.credits)}`, y + 6, 13, 700);
    if (c.credits.some((credit) => credit.kind === 'CPE')) y = centred(doc, 'CPE credits are based on a 50-minute hour.', y, 10, 400, MUTED);
  }
  if (c.instructorName) centred(doc, `Instructor: ${c.instructorName}`, y + 6, 12, 400);

  // Bottom left: the number, dates and issuer; bottom right: the QR code to the verify page.
  const facts = [
    `Certificate number: ${c.number}`,
    `Issued: ${formatCertificateDay(c.issuedAt)}`,
    c.validUntil ? `Valid until: ${formatCertificateDay(c.validUntil)}` : 'Valid: no expiry',
    `Verify: ${verifyUrl}`,
    `${c.issuer.name} · ${c.issuer.email} · ${c.issuer.url}`,
  ];
  facts.forEach((line, i) => drawRuns(doc, textRuns(line, i === 0 ? 700 : 400), 60, 455 + i * 16, 10, i >= 3 ? MUTED : '#242424'));
  drawQrCode(doc, verifyUrl, PAGE.width - 60 - 100, 430, 100);
  use(doc, 'noto-sans-latin-400')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Scan to verify', PAGE.width - 60 - 100, 532, { width: 100, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
