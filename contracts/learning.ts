/**
 * The learning side's wire (issue 29; words in ../shared/spec/learning.md): the syllabus, lesson
 * writes, playback, progress, My Training's library and refunds. Pure facts both sides read.
 */
import { z } from 'zod';
import type { CompletionGap } from './completion';

export const LESSON_KINDS = ['video', 'document', 'text'] as const;
export type LessonKindName = (typeof LESSON_KINDS)[number];
export const VIDEO_STATUSES = ['uploaded', 'queued', 'processing', 'ready', 'failed'] as const;
export type VideoStatusName = (typeof VIDEO_STATUSES)[number];
export const ENTITLEMENT_SOURCES = ['order', 'membership', 'grant', 'seat'] as const;
export type EntitlementSourceName = (typeof ENTITLEMENT_SOURCES)[number];

/** Playback and document credentials live at most this long; the player renews them while it plays. */
export const MEDIA_CREDENTIAL_SECONDS = 600;
/** The player sends progress about this often while playing (and on pause and on leaving). */
export const PROGRESS_INTERVAL_SECONDS = 15;
/** The player's speeds (its menu); the server counts watching no faster than the last. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const MAX_PLAYBACK_RATE = PLAYBACK_RATES[PLAYBACK_RATES.length - 1]!;
/** At most this many ranges in one progress report. */
export const MAX_PROGRESS_RANGES = 500;

export const LEARNING_MESSAGES = {
  notEntitled: 'You do not have access to this course.',
  signIn: 'Please sign in to continue.',
  notVideo: 'This file is not a video we can play. Please upload a video file (MP4, MOV, WebM, MKV).',
  notPdf: 'Please upload a PDF file.',
  materialForOtherTier: 'This material comes with another tier of this course.',
  lessonNotFound: 'Lesson not found',
  moduleElsewhere: 'The module belongs to another course.',
  refundTooLarge: 'The refund is larger than what remains paid on this order.',
  refundNotPaid: 'Only paid orders can be refunded.',
  refundKeyRequired: 'An Idempotency-Key header is required for a refund.',
} as const;

const title = z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');
const id = z.string().min(1).max(64);

export const createLessonSchema = z
  .object({ title, kind: z.enum(LESSON_KINDS), moduleId: id.nullable().optional(), body: z.string().max(200_000).optional() })
  .strict();
export type CreateLessonRequest = z.infer<typeof createLessonSchema>;

export const updateLessonSchema = z
  .object({
    title: title.optional(),
    body: z.string().max(200_000).optional(),
    moduleId: id.nullable().optional(),
    videoUploadId: id.optional(),
    /** Tiers whose buyers get the material; null = every tier. */
    materialTierIds: z.array(id).max(20).nullable().optional(),
  })
  .strict();
export type UpdateLessonRequest = z.infer<typeof updateLessonSchema>;

export const createModuleSchema = z.object({ title }).strict();
export const updateModuleSchema = z.object({ title }).strict();
export const orderSchema = z.object({ ids: z.array(id).min(1).max(1000) }).strict();
/** `PUT /api/courses/:id/content-settings`: how the course's lessons are watched. */
export const contentSettingsSchema = z.object({ noSkipping: z.boolean({ error: 'noSkipping must be true or false' }) }).strict();
export type ContentSettings = z.infer<typeof contentSettingsSchema>;

/** A caption language code, as `PUT|DELETE /api/lessons/:id/captions/:lang` take it ("en", "pt-BR"). */
export const CAPTION_LANG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
/**
 * A captions upload's limits, checked by the Content tab before sending and by the server. The
 * file's size in UTF-8 bytes stays under half the API's 1 MB JSON body limit, so the JSON body
 * still fits with each newline, quote or backslash escaped in two bytes — a captions file the form
 * takes does not meet a 413. 500 KB holds several hours of captions.
 */
export const CAPTIONS_LIMITS = { labelLength: 60, fileBytes: 500_000 } as const;
export const CAPTIONS_MESSAGES = {
  labelRequired: 'Label is required',
  labelLength: `Label must be at most ${CAPTIONS_LIMITS.labelLength} characters`,
  fileSize: `The captions file must be at most ${CAPTIONS_LIMITS.fileBytes / 1000} KB`,
} as const;
/** The size of a captions file's text in UTF-8 bytes (as it is stored and sent). */
export const captionsBytes = (vtt: string) => new TextEncoder().encode(vtt).length;
/** `PUT /api/lessons/:id/captions/:lang`: one WebVTT file per language (again for a language: replaced). */
export const captionsUploadSchema = z
  .object({
    label: z
      .string({ error: CAPTIONS_MESSAGES.labelRequired })
      .trim()
      .min(1, CAPTIONS_MESSAGES.labelRequired)
      .max(CAPTIONS_LIMITS.labelLength, CAPTIONS_MESSAGES.labelLength),
    vtt: z
      .string()
      .min(6)
      .refine((vtt) => captionsBytes(vtt) <= CAPTIONS_LIMITS.fileBytes, CAPTIONS_MESSAGES.fileSize),
  })
  .strict();
export type CaptionsUpload = z.infer<typeof captionsUploadSchema>;
/** A lesson's captions in one language, as staff see them listed. */
export interface CaptionTrack {
  lang: string;
  label: string;
}

const second = z.number({ error: 'Positions are numbers of seconds' }).finite().min(0);
export const progressSchema = z
  .object({
    position: second,
    ranges: z
      .array(z.tuple([second, second]).refine(([from, to]) => to >= from, 'A range ends after it starts'))
      .max(MAX_PROGRESS_RANGES, `At most ${MAX_PROGRESS_RANGES} ranges`),
  })
  .strict();
export type ProgressReport = z.infer<typeof progressSchema>;

export const refundSchema = z
  .object({
    amountCents: z.number().int().positive().optional(),
    reason: z.string().trim().min(3, 'Please give a reason').max(500),
  })
  .strict();
export type RefundRequest = z.infer<typeof refundSchema>;

export interface VideoState {
  /** The video's id (its upload's), for staff: Retry names it (`POST /api/videos/:id/retry`). */
  id?: string;
  status: VideoStatusName;
  progress: number;
  durationSeconds: number | null;
  error: string | null;
}

/** One lesson in the syllabus; `body`, `video` and `hasDocument` only for the entitled or staff. */
export interface SyllabusLesson {
  id: string;
  title: string;
  kind: LessonKindName;
  durationSeconds?: number;
  body?: string;
  video?: VideoState;
  hasDocument?: boolean;
  /** For the entitled: the share watched (0–100) and whether the material is theirs. */
  watchedPercent?: number;
  materialIncluded?: boolean;
  materialTierIds?: string[] | null;
  /** For staff, a video lesson's captions by language. */
  captions?: CaptionTrack[];
}

export interface SyllabusModule {
  id: string | null;
  title: string;
  lessons: SyllabusLesson[];
}

export interface Syllabus {
  courseId: string;
  modules: SyllabusModule[];
  /** Whether the caller may open lessons (entitled or staff). */
  entitled: boolean;
  noSkipping: boolean;
}

export interface PlaybackAnswer {
  manifestUrl: string;
  posterUrl: string;
  captions: Array<{ lang: string; label: string; url: string }>;
  durationSeconds: number;
  resumeAtSeconds: number;
  /** Seconds until the credential expires (ask again before). */
  expiresInSeconds: number;
  /** Furthest contiguous point watched (no-skipping courses refuse seeks past it). */
  furthestSeconds: number;
  noSkipping: boolean;
  /** A progressive MP4 for downloads (issue 34), signed like the manifest. */
  mp4Url?: string;
  /** Set by the app, never the server: the device's downloaded copy, played without HLS (issue 34). */
  offlineUrl?: string;
}

export interface LessonProgressAnswer {
  lessonId: string;
  position: number;
  watchedSeconds: number;
  watchedPercent: number;
  ranges: Array<[number, number]>;
}

export interface LibraryItem {
  courseId: string;
  title: string;
  type: string;
  source: EntitlementSourceName;
  startsAt: string;
  endsAt: string | null;
  progressPercent: number;
  lastLessonId: string | null;
  /** The next live session's start, for live courses still to come. */
  nextSessionAt: string | null;
  image: string | null;
  /** When the course's completion rule first held (issue 31); null until then. */
  completedAt: string | null;
  /** What is still left under the rule (empty once complete). */
  left: CompletionGap[];
  /** `describeLeft(left)`: "2 lessons to watch, final exam not passed"; "" once complete. */
  leftText: string;
}

/** `POST /api/admin/entitlements`: an admin grants a person a course (until `endsAt`, or for good). */
export const grantSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
    courseId: id,
    endsAt: z.iso.datetime({ error: 'endsAt must be an ISO date-time' }).optional(),
    reason: z.string().trim().max(200).optional(),
  })
  .strict();
export type GrantRequest = z.infer<typeof grantSchema>;

/** `POST /api/admin/entitlements/:id/revoke`. */
export const revokeSchema = z.object({ reason: z.string().trim().min(3, 'Please give a reason').max(200) }).strict();

export interface EntitlementDto {
  id: string;
  userId: string;
  courseId: string;
  source: EntitlementSourceName;
  startsAt: string;
  endsAt: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
}
