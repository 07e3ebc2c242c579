/**
 * Learning without a connection (issue 34): what a course's download holds, the licence that
 * lets the device play it, and the wire of renewing licences. Server and app read the same facts.
 */
import { z } from 'zod';
import type { Syllabus } from './learning';

/** How long a licence lets downloaded lessons play without the device being online. */
export const OFFLINE_LICENCE_DAYS = 30;
/** Bytes asked for in one request while downloading (a dropped connection loses at most one). */
export const DOWNLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/** At most this many courses' licences renewed in one request. */
export const MAX_LICENCE_RENEWALS = 100;

/** What a licence says (signed by the server with ES256; the device checks it before playing). */
export interface OfflineLicencePayload {
  v: 1;
  /** The person and the course. */
  sub: string;
  course: string;
  /** Issued and expiring, seconds since 1970. */
  iat: number;
  exp: number;
}

/** One file of a lesson to keep on the device (the address carries a short-lived media credential). */
export interface DownloadFile {
  lessonId: string;
  /** `video.mp4` (the progressive rendition), `document.pdf`, or a video's captions (`captions/{lang}.vtt`). */
  file: 'video.mp4' | 'document.pdf' | `captions/${string}.vtt`;
  url: string;
  bytes: number;
  /** Captions only: the language's label, as the player lists it ("English"). */
  label?: string;
}

/** The language of a downloaded captions file (`captions/pt-BR.vtt` → `pt-BR`), else null. */
export const captionsLang = (file: string): string | null => /^captions\/([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.vtt$/.exec(file)?.[1] ?? null;

/** `POST /api/courses/:id/download`: everything the device keeps of a course, for the entitled. */
export interface DownloadPackage {
  courseId: string;
  title: string;
  /** `payload.signature`, both base64url (JWS compact form without its header). */
  licence: string;
  licenceExpiresAt: string;
  /** The syllabus as the learner sees it (text pages' bodies included). */
  syllabus: Syllabus;
  files: DownloadFile[];
  totalBytes: number;
}

/** `POST /api/me/offline-licences`: the courses whose downloads this device holds. */
export const licenceRenewalSchema = z
  .object({
    courseIds: z
      .array(z.string().min(1).max(64))
      .max(MAX_LICENCE_RENEWALS, `At most ${MAX_LICENCE_RENEWALS} courses`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each course once'),
  })
  .strict();
export type LicenceRenewal = z.infer<typeof licenceRenewalSchema>;

export interface LicenceRenewalAnswer {
  /** A fresh licence for each course still the person's. */
  licences: Array<{ courseId: string; licence: string; licenceExpiresAt: string }>;
  /** Courses no longer theirs (refunded, revoked, ended): their downloads are deleted. */
  revoked: string[];
}

/** `GET /api/offline-licence-key`: the public key licences are checked with (a P-256 JWK). */
export interface LicenceKeyAnswer {
  jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
}

export const OFFLINE_MESSAGES = {
  nothingToDownload: 'This course has nothing to download yet.',
  quotaExceeded: 'Your device ran out of storage space. Free some space, then resume the download.',
  licenceInvalid: 'This download can no longer be played on this device. Go online to renew it.',
  revoked: 'This course is no longer in your training, so its download was removed.',
} as const;

/**
 * Exams taken offline: a paper drawn for the device while online (`POST /api/assessments/:id/offline-paper`,
 * its questions without any correct flag), answered offline, handed in later
 * (`POST /api/offline-papers/:id/submit`) and graded when it arrives. The time limit is measured
 * on the device's monotonic clock from the attempt's start; answers given later than the limit
 * plus this tolerance do not count.
 */
export const OFFLINE_EXAM_TOLERANCE_SECONDS = 60;

/** The longest time an offline attempt can report (a week): a device reports no more than this. */
export const OFFLINE_EXAM_MAX_SECONDS = 7 * 24 * 3600;

/** What the exam screen says of a paper taken on the device. */
export const OFFLINE_EXAM_MESSAGES = {
  takeOffline: 'You are offline. This exam was saved with your download: you can take it now, and it is graded when you are back online.',
  handedIn: 'Your answers are saved on this device. They will be sent and graded when you are back online.',
  notGraded: 'Your answers from offline were not graded:',
  /** The server's 409 when another attempt took the number at the same moment: the device sends again. */
  sendAgain: 'Another attempt was recorded at the same moment. Please send your answers again.',
} as const;

export interface OfflinePaperView {
  paperId: string;
  assessmentId: string;
  courseId: string;
  kind: 'review' | 'final';
  title: string;
  timeLimitMinutes: number | null;
  passMarkPercent: number;
  questions: Array<{ id: string; text: string; kind: string; options: Array<{ id: string; text: string }> }>;
}

const paperAnswer = z
  .object({
    questionId: z.string().min(1).max(64),
    optionIds: z.array(z.string().min(1).max(64)).max(20),
    /** Seconds since the attempt started (the device's monotonic clock) when this answer was given. */
    atSeconds: z.number().finite().min(0).max(OFFLINE_EXAM_MAX_SECONDS),
  })
  .strict();
export type PaperAnswer = z.infer<typeof paperAnswer>;

export const offlineSubmissionSchema = z
  .object({
    answers: z.array(paperAnswer).max(200),
    /** When the learner started, by the device's wall clock (bounded by the server: not before the paper, not after now). */
    startedAt: z.iso.datetime({ error: 'startedAt must be an ISO date-time' }),
    /** Seconds from start to hand-in on the device's monotonic clock. */
    elapsedSeconds: z.number().finite().min(0).max(OFFLINE_EXAM_MAX_SECONDS),
  })
  .strict()
  .refine((s) => s.answers.every((a) => a.atSeconds <= s.elapsedSeconds), 'An answer cannot come after the hand-in');
export type OfflineSubmission = z.infer<typeof offlineSubmissionSchema>;
