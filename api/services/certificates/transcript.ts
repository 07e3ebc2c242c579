/**
 * The transcript (issue 32, point 7): the wallet's lines for a period as CSV (UTF-8 with a BOM,
 * formula-like cells neutralised like every export) and as a PDF (portrait A4, the holder, the
 * period, the totals, then one line per certificate; self-reported ones marked so; every script of
 * a name or title printed, as on certificates).
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatCertificateDay } from '@contracts/certificates';
import { formatCredits } from '@contracts/credits';
import { formatCreditTotal, type WalletDto } from '@contracts/credits-wallet';
import { startDocument } from '../invoices/invoice-document';
import { neutralise } from '../orders/order-report';
import { drawText } from './certificate-fonts';

export const TRANSCRIPT_CSV_COLUMNS = ['completedOn', 'title', 'provider', 'certificateNumber', 'credits', 'source', 'status', 'counted', 'verifyUrl'] as const;

const sourceLabel = (source: 'issued' | 'self_reported') => (source === 'issued' ? 'issued' : 'self-reported');
const periodLabel = (p: { from: number; to: number }) => (p.from === p.to ? `${p.from}` : `${p.from}–${p.to}`);
export const transcriptName = (wallet: WalletDto, ext: 'csv' | 'pdf') => `credits-transcript-${wallet.period.from}-${wallet.period.to}.${ext}`;

export function transcriptCsv(wallet: WalletDto): Readable {
  const csv = stringify({ header: true, columns: [...TRANSCRIPT_CSV_COLUMNS], bom: true, cast: { string: neutralise, boolean: (b) => (b ? 'yes' : 'no') } });
  return Readable.from(
    wallet.entries.map((e) => [
      e.completedOn,
      e.title,
      e.provider,
      e.number ?? '',
      formatCredits(e.credits),
      sourceLabel(e.source),
      e.statusText,
      e.counted,
      e.verifyUrl ?? '',
    ]),
  ).pipe(csv);
}

const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function transcriptPdf(wallet: WalletDto, holder: { name: string; email: string }, issuer: string, now: Date): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Credits transcript ${periodLabel(wallet.period)}`, Subject: holder.name });
  const left = 50;
  let y = 50;
  drawText(doc, 'Credits transcript', left, y, 20, 700, '#0e7c86');
  y += 30;
  drawText(doc, `${holder.name} <${holder.email}>`, left, y, 11, 700);
  y += 16;
  drawText(doc, `Period ${periodLabel(wallet.period)} · issued by ${issuer} on ${formatCertificateDay(now.toISOString())}`, left, y, 9, 400, '#555555');
  y += 24;
  drawText(doc, 'Totals', left, y, 12, 700);
  y += 18;
  if (wallet.totals.length === 0) {
    drawText(doc, 'No credits in this period.', left, y, 10, 400);
    y += 14;
  }
  for (const total of wallet.totals) {
    drawText(doc, formatCreditTotal(total, wallet.period), left, y, 10, 400);
    y += 14;
  }
  y += 12;
  drawText(doc, 'Certificates', left, y, 12, 700);
  y += 18;
  for (const entry of wallet.entries) {
    if (y > 760) {
      doc.addPage();
      y = 50;
    }
    drawText(doc, `${entry.completedOn}  ${fit(entry.title, 80)}`, left, y, 10, 700);
    y += 13;
    const ref = [entry.provider, entry.number, entry.source === 'self_reported' ? 'Self-reported' : entry.statusText].filter(Boolean).join(' · ');
    drawText(doc, fit(ref, 110), left + 12, y, 9, 400, '#555555');
    y += 12;
    if (entry.credits.length > 0) {
      drawText(doc, fit(`${formatCredits(entry.credits)}${entry.counted ? '' : ' (not counted)'}`, 110), left + 12, y, 9, 400);
      y += 12;
    }
    y += 6;
  }
  doc.end();
  return done;
}
