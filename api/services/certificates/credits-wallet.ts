/**
 * My credits (issue 32, point 7): the holder's wallet — certificates issued here and certificates
 * from elsewhere they add (self-reported, with a PDF) — with totals per credit type over a period
 * of calendar years, and the transcript (CSV, PDF) of the same lines for an employer or a licensing
 * body. A holder sees and changes only their own; anyone else is told it does not exist (404).
 *
 * Counted: every self-reported certificate, and issued ones not revoked or replaced (a reissue
 * counts once, as its successor). An expired certificate still counts: the credits were earned.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { CERTIFICATE_ISSUER, certificateStatus, certificateStatusText } from '@contracts/certificates';
import type { Credit } from '@contracts/credits';
import {
  SELF_REPORTED_MESSAGES,
  creditTotals,
  walletPeriod,
  type SelfReportedInput,
  type WalletDto,
  type WalletEntry,
  type WalletQuery,
} from '@contracts/credits-wallet';
import { Certificate, SelfReportedCertificate } from '@db/models';
import { AppError } from '../../errors';
import type { MediaObject, MediaStore } from '../../integrations/media-store';
import type { Clock } from '../../lib/clock';
import { readPdfBody } from '../../lib/pdf-body';
import { transcriptCsv, transcriptName, transcriptPdf } from './transcript';

/** Self-reported certificates one holder may keep. */
export const MAX_SELF_REPORTED = 500;
/** How long a self-reported line may wait for its PDF. */
export const PDF_GRACE_MS = 60 * 60_000;

export interface CreditsWalletOptions {
  knex: Knex;
  clock: Clock;
  store: MediaStore;
  /** The largest PDF taken (DOCUMENT_MAX_MB, as lesson documents). */
  pdfMaxBytes: number;
  verifyUrl: (number: string) => string;
}

const day = (iso: string) => iso.slice(0, 10);
const pdfKey = (id: string) => `documents/self-reported/${id}.pdf`;

export class CreditsWalletService {
  constructor(private readonly o: CreditsWalletOptions) {}

  /** `GET /api/me/credits`: the lines completed in the period, newest first, and the totals. */
  async wallet(userId: string, query: WalletQuery): Promise<WalletDto> {
    const period = walletPeriod(query, this.o.clock());
    const [fromDay, toDay] = [`${period.from}-01-01`, `${period.to}-12-31`];
    const [issued, reported] = await Promise.all([
      Certificate.query(this.o.knex)
        .where('user_id', userId)
        .where('completed_at', '>=', `${fromDay}T00:00:00.000Z`)
        .where('completed_at', '<=', `${toDay}T23:59:59.999Z`),
      SelfReportedCertificate.query(this.o.knex).where('user_id', userId).whereBetween('completed_on', [fromDay, toDay]),
    ]);
    const now = this.o.clock();
    const entries = [...issued.map((row) => this.issuedEntry(row, now)), ...reported.map((row) => selfReportedEntry(row))].sort((a, b) =>
      a.completedOn === b.completedOn ? a.title.localeCompare(b.title) : a.completedOn < b.completedOn ? 1 : -1,
    );
    return { period, entries, totals: creditTotals(entries) };
  }

  /** `POST /api/me/credits/self-reported`: a certificate from elsewhere (its PDF follows). */
  async addSelfReported(userId: string, input: SelfReportedInput): Promise<WalletEntry> {
    if (input.completedOn > day(this.o.clock().toISOString())) throw AppError.badRequest(SELF_REPORTED_MESSAGES.completedOn);
    const count = Number((await this.o.knex('self_reported_certificates').where('user_id', userId).count({ n: '*' }).first())?.n ?? 0);
    if (count >= MAX_SELF_REPORTED) throw new AppError('conflict', `You can keep at most ${MAX_SELF_REPORTED} self-reported certificates`);
    const row = await SelfReportedCertificate.query(this.o.knex).insert({
      id: crypto.randomUUID(),
      userId,
      title: input.title,
      provider: input.provider,
      completedOn: input.completedOn,
      credits: input.credits as unknown as Array<Record<string, unknown>>,
      certificateNumber: input.certificateNumber || null,
      pdfKey: null,
      pdfBytes: null,
      createdAt: this.o.clock().toISOString(),
    });
    return selfReportedEntry(row);
  }

  /** The transcript of the period: the wallet's lines as CSV or PDF, under one file name. */
  async transcript(user: { id: string; name: string; email: string }, query: WalletQuery, kind: 'csv' | 'pdf') {
    const wallet = await this.wallet(user.id, query);
    const filename = transcriptName(wallet, kind);
    if (kind === 'csv') return { filename, type: 'text/csv; charset=utf-8', body: transcriptCsv(wallet) as Readable | Buffer };
    return { filename, type: 'application/pdf', body: await transcriptPdf(wallet, user, CERTIFICATE_ISSUER.company, this.o.clock()) };
  }

  private issuedEntry(row: Certificate, now: Date): WalletEntry {
    const status = certificateStatus(row, now);
    return {
      id: row.id,
      source: 'issued',
      title: row.courseTitle,
      provider: CERTIFICATE_ISSUER.company,
      completedOn: day(row.completedAt),
      number: row.number,
      credits: row.credits as unknown as Credit[],
      status,
      statusText: certificateStatusText({ status, validUntil: row.validUntil, revokedAt: row.revokedAt, revokedReason: row.revokedReason }),
      counted: status === 'valid' || status === 'expired',
      pdfUrl: `/api/certificates/${row.id}/pdf`,
      verifyUrl: this.o.verifyUrl(row.number),
    };
  }

  private async own(userId: string, id: string): Promise<SelfReportedCertificate> {
    const row = await SelfReportedCertificate.query(this.o.knex).findById(id);
    if (!row || row.userId !== userId) throw AppError.notFound(SELF_REPORTED_MESSAGES.notFound);
    return row;
  }

  /** `PUT /api/me/credits/self-reported/:id/pdf`: the certificate's PDF (checked by its bytes), replacing any before. */
  async attachPdf(userId: string, id: string, contentType: string, body: Readable): Promise<{ id: string; pdfBytes: number }> {
    await this.own(userId, id);
    const data = await readPdfBody(body, contentType, this.o.pdfMaxBytes, SELF_REPORTED_MESSAGES.notPdf);
    await this.o.store.putBuffer(pdfKey(id), data, 'application/pdf');
    const updated = await SelfReportedCertificate.query(this.o.knex)
      .findById(id)
      .where('user_id', userId)
      .patch({ pdfKey: pdfKey(id), pdfBytes: data.length });
    // Removed meanwhile: its PDF goes too.
    if (updated !== 1) {
      await this.o.store.delete(pdfKey(id));
      throw AppError.notFound(SELF_REPORTED_MESSAGES.notFound);
    }
    return { id, pdfBytes: data.length };
  }

  /** `GET /api/me/credits/self-reported/:id/pdf`. */
  async pdf(userId: string, id: string): Promise<MediaObject> {
    const row = await this.own(userId, id);
    const file = row.pdfKey ? await this.o.store.get(row.pdfKey) : null;
    if (!file) throw AppError.notFound('No PDF is attached to this certificate');
    return file;
  }

  /**
   * A line is added first and its PDF follows; one whose PDF never came (the upload cut off, the
   * page closed) is deleted an hour later, so every self-reported certificate kept has its PDF. A
   * PDF arriving as the line goes is refused and removed by `attachPdf`.
   */
  async dropLinesWithoutPdf(now: Date): Promise<number> {
    const before = new Date(now.getTime() - PDF_GRACE_MS).toISOString();
    return this.o.knex('self_reported_certificates').whereNull('pdf_key').where('created_at', '<', before).delete();
  }

  /** `DELETE /api/me/credits/self-reported/:id`: the line and its PDF. */
  async removeSelfReported(userId: string, id: string): Promise<void> {
    const row = await this.own(userId, id);
    await SelfReportedCertificate.query(this.o.knex).deleteById(row.id);
    await this.o.store.delete(pdfKey(row.id));
  }
}

function selfReportedEntry(row: SelfReportedCertificate): WalletEntry {
  return {
    id: row.id,
    source: 'self_reported',
    title: row.title,
    provider: row.provider,
    completedOn: row.completedOn,
    number: row.certificateNumber,
    credits: row.credits as unknown as Credit[],
    status: null,
    statusText: 'Self-reported',
    counted: true,
    pdfUrl: row.pdfKey ? `/api/me/credits/self-reported/${row.id}/pdf` : null,
    verifyUrl: null,
  };
}
