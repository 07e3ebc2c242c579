/**
 * Certificates (issue 32): the holder's list, the public check by number, and a course's
 * certificate settings. Everything read here is the certificate's own stored facts, so a renamed
 * or deleted course, or a renamed account, changes nothing a certificate says.
 */
import type { Knex } from 'knex';
import {
  CERTIFICATE_ISSUER,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_NUMBER_PATTERN,
  CERTIFICATE_SETTINGS_MESSAGES,
  certificateStatus,
  type CertificateDto,
  type CertificateFormat,
  type CertificateSettings,
  type CertificateSummary,
  type VerifiedCertificateDto,
} from '@contracts/certificates';
import type { Credit } from '@contracts/credits';
import { Certificate, Course, CourseCertificateSettings, User } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../integrations/mail';
import { renderCertificatePdf } from './certificate-document';
import { signPdf, type PdfSigning } from './pdf-signing';
import { issuedMail, revokedMail, type CertificateMailPayload } from './certificate-mail';
import { issueCertificates } from './certificate-issuing';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import type { RateLimiter } from '../platform/rate-limiter';

/** Checks per client per minute: enough for an auditor going through a folder, slow for a guesser. */
export const VERIFY_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

export interface CertificateServiceOptions {
  knex: Knex;
  clock: Clock;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  /** CERT_SIGNING_P12: every PDF signed with it. */
  signing?: PdfSigning;
}

/** What every list shows of a certificate, its status as of `now`. */
export function summaryOf(row: Certificate, now: Date): CertificateSummary {
  return {
    id: row.id,
    number: row.number,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt,
    validUntil: row.validUntil,
    status: certificateStatus(row, now),
    revokedAt: row.revokedAt,
    revokedReason: row.revokedReason,
  };
}

export class CertificateService {
  constructor(private readonly o: CertificateServiceOptions) {}

  /** Issues the certificates of these people's completions of the course not issued yet (the `issue-certificates` job); how many it issued. */
  issue(courseId: string, userIds: readonly string[]): Promise<number> {
    return issueCertificates(this.o.knex, this.o.clock, courseId, userIds);
  }

  verifyUrl(number: string): string {
    return `${this.o.publicUrl.replace(/\/$/, '')}/verify/${encodeURIComponent(number)}`;
  }

  /** `GET /api/me/certificates`: the holder's certificates, newest first. */
  async mine(userId: string): Promise<CertificateDto[]> {
    const now = this.o.clock();
    const rows = await Certificate.query(this.o.knex).where('user_id', userId).orderBy('issued_at', 'desc').orderBy('number', 'desc');
    return rows.map((row) => ({
      ...summaryOf(row, now),
      credits: row.credits as unknown as Credit[],
      pdfUrl: `/api/certificates/${row.id}/pdf`,
      credentialUrl: `/api/certificates/${row.id}/credential.json`,
      verifyUrl: this.verifyUrl(row.number),
    }));
  }

  /** A certificate its holder or an admin may fetch; anyone else is told it does not exist (404). */
  async owned(user: { id: string; role: string }, certificateId: string): Promise<Certificate> {
    const row = await Certificate.query(this.o.knex).findById(certificateId);
    if (!row || (row.userId !== user.id && user.role !== 'admin')) throw AppError.notFound('Certificate not found');
    return row;
  }

  /** `GET /api/certificates/:id/pdf` (holder or admin). */
  async pdf(user: { id: string; role: string }, certificateId: string): Promise<{ filename: string; content: Buffer }> {
    return this.document(await this.owned(user, certificateId));
  }

  private async document(row: Certificate): Promise<{ filename: string; content: Buffer }> {
    const pdf = await renderCertificatePdf(this.factsOf(row), this.verifyUrl(row.number));
    if (!this.o.signing) return { filename: `${row.number}.pdf`, content: pdf };
    const office = CERTIFICATE_ISSUER;
    const about = { reason: `Certificate ${row.number}`, name: office.company, contact: office.email.address, location: office.address.join(', ') };
    return { filename: `${row.number}.pdf`, content: await signPdf(pdf, this.o.signing, about) };
  }

  /** The `send-certificate-mail` job's work; false when there is nothing to send (gone, or revoked before its issue mail left). */
  async sendMail({ certificateId, kind }: CertificateMailPayload): Promise<boolean> {
    const row = await Certificate.query(this.o.knex).findById(certificateId);
    const holder = row && (await User.query(this.o.knex).findById(row.userId).select('email'));
    if (!row || !holder) return false;
    if (kind === 'revoked') {
      await this.o.mailer.send(revokedMail(holder.email, row, this.o.supportEmail));
      return true;
    }
    if (row.revokedAt) return false;
    await this.o.mailer.send(issuedMail(holder.email, row, this.verifyUrl(row.number), this.o.publicUrl, await this.document(row)));
    return true;
  }

  /**
   * `GET /api/verify/:number`, public: the stored facts and the status now. Rate limited per client
   * before anything is looked up; an unknown number and a malformed one get the same 404.
   */
  async verify(number: string, clientKey: string): Promise<VerifiedCertificateDto> {
    await this.o.rateLimiter.hit(`verify-ip:${clientKey}`, VERIFY_PER_MINUTE, MINUTE_MS, CERTIFICATE_MESSAGES.tooMany);
    const row = CERTIFICATE_NUMBER_PATTERN.test(number) ? await Certificate.query(this.o.knex).findOne({ number }) : undefined;
    if (!row) throw AppError.notFound(CERTIFICATE_MESSAGES.notFound);
    return this.factsOf(row);
  }

  /** What a certificate says, from its own stored facts, and its status now. */
  factsOf(row: Certificate): VerifiedCertificateDto {
    const office = CERTIFICATE_ISSUER;
    return {
      number: row.number,
      holderName: row.holderName,
      courseTitle: row.courseTitle,
      courseCode: row.courseCode,
      format: row.format as CertificateFormat,
      sessionDate: row.sessionDate,
      completedAt: row.completedAt,
      issuedAt: row.issuedAt,
      validUntil: row.validUntil,
      credits: row.credits as unknown as Credit[],
      instructorName: row.instructorName,
      issuer: { name: office.company, url: this.o.publicUrl, email: office.email.address },
      status: certificateStatus(row, this.o.clock()),
      revokedAt: row.revokedAt,
      revokedReason: row.revokedReason,
    };
  }

  /** `GET /api/courses/:id/certificate-settings` (staff): none stored reads as no validity, no refresher, no fixed credits. */
  async settings(courseId: string): Promise<CertificateSettings> {
    if (!(await Course.query(this.o.knex).findById(courseId).select('id'))) throw AppError.notFound('Course not found');
    const row = await CourseCertificateSettings.query(this.o.knex).findById(courseId);
    return {
      validityMonths: row?.validityMonths ?? null,
      refresherCourseId: row?.refresherCourseId ?? null,
      credits: (row?.credits ?? []) as unknown as CertificateSettings['credits'],
    };
  }

  /** `PUT /api/courses/:id/certificate-settings` (staff): stored whole, audited before → after. Certificates already issued keep theirs. */
  async setSettings(actor: Actor, courseId: string, body: CertificateSettings, record?: RecordAnswer<CertificateSettings>): Promise<CertificateSettings> {
    const before = await this.settings(courseId);
    if (body.refresherCourseId === courseId) throw AppError.badRequest(CERTIFICATE_SETTINGS_MESSAGES.refresherSelf);
    const nowIso = this.o.clock().toISOString();
    return transaction(this.o.knex, async (trx) => {
      const course = await Course.query(trx).findById(courseId).select('id', 'title');
      if (!course) throw AppError.notFound('Course not found');
      if (body.refresherCourseId && !(await Course.query(trx).findById(body.refresherCourseId).select('id')))
        throw AppError.badRequest(CERTIFICATE_SETTINGS_MESSAGES.refresherCourse);
      const row = { courseId, validityMonths: body.validityMonths, refresherCourseId: body.refresherCourseId, credits: body.credits, updatedAt: nowIso };
      await CourseCertificateSettings.insertMany(trx, [row], { ignoreConflictsOn: ['course_id'] });
      await CourseCertificateSettings.query(trx).findById(courseId).patch(row);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: courseId,
          action: 'update',
          before: { certificateSettings: before },
          after: { certificateSettings: body },
          summary: `Set the certificate settings of "${course.title}"`,
        },
        nowIso,
      );
      await record?.(trx, body);
      return body;
    });
  }
}
