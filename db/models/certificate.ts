import { BaseModel } from './base-model';

export type CertificateFormatName = 'live' | 'self_study' | 'in_person';

/** The issued proof of a completion, with its facts as they were at issue (`contracts/certificates.ts`). */
export class Certificate extends BaseModel {
  static override tableName = 'certificates';
  static override get jsonAttributes(): string[] {
    return ['credits'];
  }

  id!: string;
  /** `CERT-2026-000123`: gapless per calendar year (UTC). */
  number!: string;
  /** What it was issued for (`completion:<course>:<person>`): unique, so issued once. */
  sourceKey!: string;
  userId!: string;
  courseId!: string;
  holderName!: string;
  /** The address it was issued to. */
  holderEmail!: string | null;
  courseTitle!: string;
  courseCode!: string;
  courseType!: string;
  format!: CertificateFormatName;
  /** A live or in-person course's session start; null for self-study. */
  sessionDate!: string | null;
  completedAt!: string;
  issuedAt!: string;
  validUntil!: string | null;
  /** `Credit[]` (`contracts/credits.ts`). */
  credits!: Array<Record<string, unknown>>;
  instructorName!: string | null;
  revokedAt!: string | null;
  revokedReason!: string | null;
  supersededBy!: string | null;
  /** Its bit in a status list (`/credentials/status/:list`), given when its credential is first fetched. */
  statusList!: number | null;
  statusIndex!: number | null;
  /** The last expiry reminder claimed (days before `validUntil`: 90, 30, 7). */
  expiryRemindedDays!: number | null;
}

/** The last certificate number given out in one calendar year (UTC). */
export class CertificateCounter extends BaseModel {
  static override tableName = 'certificate_counters';
  static override get idColumn() {
    return 'year';
  }

  year!: number;
  last!: number;
}

/** A course's certificate settings: validity, refresher course and a self-study course's fixed credits. */
export class CourseCertificateSettings extends BaseModel {
  static override tableName = 'course_certificate_settings';
  static override get idColumn() {
    return 'course_id';
  }
  static override get jsonAttributes(): string[] {
    return ['credits'];
  }

  courseId!: string;
  validityMonths!: number | null;
  refresherCourseId!: string | null;
  credits!: Array<Record<string, unknown>> | null;
  updatedAt!: string;
}

/** A certificate from elsewhere its holder added to their credits wallet (self-reported). */
export class SelfReportedCertificate extends BaseModel {
  static override tableName = 'self_reported_certificates';
  static override get jsonAttributes(): string[] {
    return ['credits'];
  }

  id!: string;
  userId!: string;
  title!: string;
  provider!: string;
  /** YYYY-MM-DD. */
  completedOn!: string;
  /** `Credit[]` (`contracts/credits.ts`). */
  credits!: Array<Record<string, unknown>>;
  certificateNumber!: string | null;
  /** The attached PDF in the media store; null until uploaded. */
  pdfKey!: string | null;
  pdfBytes!: number | null;
  createdAt!: string;
}
