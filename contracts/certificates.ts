/**
 * Certificates (issue 32; learning spec "Certificate"): the number's shape, the formats, how a
 * certificate's status is read from its stored facts, and what the API answers — the holder's
 * list (`GET /api/me/certificates`) and the public check (`GET /api/verify/:number`).
 */
import { z } from 'zod';
import { OFFICES } from './company';
import { creditSchema, MAX_CREDIT_TYPES, type Credit } from './credits';

/** Who issues every certificate (printed on it, its verify page, its credential, the transcript, LinkedIn): the main office. */
export const CERTIFICATE_ISSUER = OFFICES[0];

export const CERTIFICATE_FORMATS = ['live', 'self_study', 'in_person'] as const;
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number];

export const CERTIFICATE_FORMAT_LABELS: Record<CertificateFormat, string> = {
  live: 'Live online',
  self_study: 'Self-study',
  in_person: 'In person',
};

/** An in-person seminar, a live webinar, or else self-study (recorded courses, seminars and webinars). */
export function certificateFormatOf(courseType: string): CertificateFormat {
  if (courseType === 'live_seminar') return 'in_person';
  if (courseType === 'live_webinar') return 'live';
  return 'self_study';
}

export const formatCertificateNumber = (year: number, sequence: number) => `CERT-${year}-${String(sequence).padStart(6, '0')}`;
/** What a certificate number looks like; anything else is not looked up. */
export const CERTIFICATE_NUMBER_PATTERN = /^CERT-\d{4}-\d{6}$/;

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'superseded'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Revoked before all else, then superseded (a reissue replaced it), then expired from `validUntil` on. */
export function certificateStatus(facts: { revokedAt: string | null; supersededBy: string | null; validUntil: string | null }, now: Date): CertificateStatus {
  if (facts.revokedAt) return 'revoked';
  if (facts.supersededBy) return 'superseded';
  if (facts.validUntil && Date.parse(facts.validUntil) <= now.getTime()) return 'expired';
  return 'valid';
}

/** Days before `validUntil` its holder is reminded (push and e-mail), with the refresher course. */
export const CERTIFICATE_EXPIRY_REMINDER_DAYS = [90, 30, 7] as const;
export type ExpiryReminderDays = (typeof CERTIFICATE_EXPIRY_REMINDER_DAYS)[number];
const DAY_MS = 24 * 60 * 60_000;

/**
 * The expiry reminder due at `now`: the nearest of 90, 30, 7 days before `validUntil` that has
 * been reached, unless that one (or a nearer one) was already sent; null before 90 days, once
 * expired, and without a validity.
 */
export function expiryReminderDue(validUntil: string | null, remindedDays: number | null, now: Date): ExpiryReminderDays | null {
  if (!validUntil) return null;
  const left = Date.parse(validUntil) - now.getTime();
  if (left <= 0) return null;
  const reached = [...CERTIFICATE_EXPIRY_REMINDER_DAYS].reverse().find((days) => left <= days * DAY_MS);
  if (reached === undefined || (remindedDays !== null && remindedDays <= reached)) return null;
  return reached;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "26 Nov 2027": a certificate's dates, in UTC (what was issued, wherever it is read). */
export const formatCertificateDay = (iso: string) => dayFormat.format(new Date(iso));

/** The status line of the verify page and the holder's list: "Valid until 26 Nov 2027", "Revoked on 27 Nov 2026: …". */
export function certificateStatusText(c: {
  status: CertificateStatus;
  validUntil: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
}): string {
  switch (c.status) {
    case 'revoked':
      return `Revoked on ${formatCertificateDay(c.revokedAt!)}${c.revokedReason ? `: ${c.revokedReason}` : ''}`;
    case 'superseded':
      return 'Replaced by a newer certificate';
    case 'expired':
      return `Expired on ${formatCertificateDay(c.validUntil!)}`;
    default:
      return c.validUntil ? `Valid until ${formatCertificateDay(c.validUntil)}` : 'Valid';
  }
}

/** The facts anyone may check with the number (the verify page and `GET /api/verify/:number`). */
export interface VerifiedCertificateDto {
  number: string;
  holderName: string;
  courseTitle: string;
  courseCode: string;
  format: CertificateFormat;
  sessionDate: string | null;
  completedAt: string;
  issuedAt: string;
  validUntil: string | null;
  credits: Credit[];
  instructorName: string | null;
  issuer: { name: string; url: string; email: string };
  status: CertificateStatus;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** What every list of certificates shows of one. */
export interface CertificateSummary {
  id: string;
  number: string;
  courseId: string;
  courseTitle: string;
  issuedAt: string;
  validUntil: string | null;
  status: CertificateStatus;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** One of the holder's certificates (`GET /api/me/certificates`). */
export interface CertificateDto extends CertificateSummary {
  credits: Credit[];
  /** `GET` with the holder's token: the PDF. */
  pdfUrl: string;
  /** `GET` with the holder's token: the signed Open Badges 3.0 credential (JSON). */
  credentialUrl: string;
  /** The public verify page (what the QR code opens). */
  verifyUrl: string;
}

export const CERTIFICATE_MESSAGES = {
  notFound: 'No certificate has this number',
  tooMany: (minutes: number) => `Too many certificate checks. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export const CERTIFICATE_SETTINGS_MESSAGES = {
  validityMonths: 'Validity must be a whole number of months from 1 to 120, or none',
  refresherCourse: 'The refresher course does not exist',
  refresherSelf: 'A course cannot be its own refresher',
} as const;

/** `PUT /api/courses/:id/certificate-settings` (staff). Credits are a self-study course's; a live course's come from attendance. */
export const certificateSettingsSchema = z
  .object({
    validityMonths: z.number({ error: CERTIFICATE_SETTINGS_MESSAGES.validityMonths }).int().min(1).max(120).nullable().default(null),
    refresherCourseId: z.string().min(1).max(36).nullable().default(null),
    credits: z.array(creditSchema).max(MAX_CREDIT_TYPES).default([]),
  })
  .strict();
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>;

/** A row of the back office's certificates list (`GET /api/admin/certificates`). */
export interface AdminCertificateDto extends CertificateSummary {
  userId: string;
  holderName: string;
  holderEmail: string | null;
  /** The certificate that replaced this one (a reissue). */
  supersededBy: string | null;
}

export const CERTIFICATE_ADMIN_MESSAGES = {
  notFound: 'Certificate not found',
  alreadyRevoked: 'This certificate is already revoked',
  revokedCannotReissue: 'A revoked certificate cannot be reissued',
  alreadySuperseded: 'This certificate was already replaced: reissue its newest one',
} as const;

export const revokeCertificateSchema = z.object({ reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500) }).strict();
export type RevokeCertificateRequest = z.infer<typeof revokeCertificateSchema>;

export const adminCertificatesQuerySchema = z
  .object({ search: z.string().trim().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
