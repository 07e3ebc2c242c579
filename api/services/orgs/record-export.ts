/**
 * A member's training record for an inspector (issue 33, point 5): as CSV (UTF-8 with a BOM,
 * formula-like cells neutralised like every export) and as a PDF (portrait A4: the person, the
 * organisation, whether the hash chain checked out, then every entry — when, what, the course,
 * its facts: certificate number and validity, the signature's printed name and meaning, a
 * revocation's reason — with its hash). Names in any script print, as on certificates.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { RecordEntry, TrainingRecord } from '@contracts/orgs';
import { drawText } from '../certificates/certificate-fonts';
import { startDocument } from '../invoices/invoice-document';
import { neutralise } from '../orders/order-report';

export const RECORD_CSV_COLUMNS = ['seq', 'at', 'type', 'course', 'details', 'hash', 'prevHash'] as const;

const TYPE_LABELS: Record<RecordEntry['type'], string> = {
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  result: 'Exam result',
  completed: 'Completed',
  certificate: 'Certificate issued',
  signature: 'Signed',
  revoked: 'Revoked',
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The entry's facts in words. */
export function entryDetails(entry: RecordEntry): string {
  const d = entry.data;
  switch (entry.type) {
    case 'result':
      return `${text(d.assessment)}, attempt ${text(d.attempt)}: ${text(d.scorePercent)} % (pass mark ${text(d.passMarkPercent)} %), ${d.passed ? 'passed' : 'not passed'}`;
    case 'completed':
      return `Completed ${text(d.completedAt).slice(0, 10)}${d.code ? ` (${text(d.code)})` : ''}`;
    case 'certificate':
      return [`Certificate ${text(d.number)}`, d.validUntil ? `valid until ${text(d.validUntil).slice(0, 10)}` : 'no expiry'].join(', ');
    case 'signature':
      return `"${text(d.meaning)}", signed by ${text(d.printedName)} at ${text(d.signedAt)} over record ${text(d.recordHash).slice(0, 16)}…`;
    case 'revoked':
      return [d.certificate ? `Certificate ${text(d.certificate)}` : 'Seat', `revoked: ${text(d.reason)}`].join(' ');
    default:
      return [d.reason ? text(d.reason) : '', d.by ? `by ${text(d.by)}` : ''].filter(Boolean).join(' ');
  }
}

export function recordCsv(record: TrainingRecord, courseTitles: Map<string, string>): Readable {
  const csv = stringify({ header: true, columns: [...RECORD_CSV_COLUMNS], bom: true, cast: { string: neutralise } });
  return Readable.from(
    record.entries.map((e) => [e.seq, e.at, e.type, e.courseId ? (courseTitles.get(e.courseId) ?? '') : '', entryDetails(e), e.hash, e.prevHash]),
  ).pipe(csv);
}

const fit = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

export async function recordPdf(
  record: TrainingRecord,
  courseTitles: Map<string, string>,
  who: { name: string; email: string; organisation: string },
  issuer: string,
  now: Date,
): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Training record of ${who.name}`, Subject: who.organisation });
  const left = 50;
  let y = 50;
  drawText(doc, 'Training record', left, y, 20, 700, '#0e7c86');
  y += 30;
  drawText(doc, `${who.name} <${who.email}>`, left, y, 11, 700);
  y += 16;
  drawText(doc, `${who.organisation} · produced by ${issuer} on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`, left, y, 9, 400, '#555555');
  y += 18;
  const chain = record.chainIntact
    ? `Audit trail verified: every entry's hash follows from the one before (${record.entries.length} entries).`
    : `AUDIT TRAIL BROKEN at entry ${record.brokenAt}: the record was changed after it was written.`;
  drawText(doc, chain, left, y, 10, 700, record.chainIntact ? '#0b6a0b' : '#c50f1f');
  y += 26;
  if (record.entries.length === 0) drawText(doc, 'No entries yet.', left, y, 10, 400);
  for (const entry of record.entries) {
    if (y > 740) {
      doc.addPage();
      y = 50;
    }
    const course = entry.courseId ? (courseTitles.get(entry.courseId) ?? '') : '';
    drawText(
      doc,
      fit(`${entry.seq}. ${entry.at.slice(0, 16).replace('T', ' ')}  ${TYPE_LABELS[entry.type] ?? entry.type}${course ? ` — ${course}` : ''}`, 95),
      left,
      y,
      10,
      700,
    );
    y += 13;
    drawText(doc, fit(entryDetails(entry), 120), left + 12, y, 9, 400);
    y += 12;
    drawText(doc, `hash ${entry.hash}`, left + 12, y, 7, 400, '#777777');
    y += 16;
  }
  doc.end();
  return done;
}
