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
  /** `video.mp4` (the progressive rendition) or `document.pdf`. */
  file: 'video.mp4' | 'document.pdf';
  url: string;
  bytes: number;
}

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
