/**
 * Playback and media (issue 29, point 5): the playback answer for the entitled, and the media
 * routes' decisions. Every media request carries a credential bound to the person and the lesson
 * (`media-credentials.ts`, ≤ MEDIA_CREDENTIAL_SECONDS) and is checked again against the person's
 * live entitlements, so a refund stops a stream at its next segment. With S3 the answer is a
 * presigned GET as short-lived as the credential.
 */
import type { Knex } from 'knex';
import { LEARNING_MESSAGES, MEDIA_CREDENTIAL_SECONDS, type PlaybackAnswer } from '@contracts/learning';
import { contiguousFromStart } from '@contracts/learning-ranges';
import { Course, Lesson, LessonCaption, User, VideoAsset } from '@db/models';
import { AppError } from '../../errors';
import type { MediaObject, MediaStore } from '../../integrations/media-store';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { includesMaterial, type CourseAccess, type LearningAccess } from './access';
import type { MediaCredentials } from './media-credentials';
import type { ProgressService } from './progress';

/** Files of a transcoded video a credential opens (anything else: 404). */
const VIDEO_FILE = /^(master\.m3u8|poster\.jpg|video\.mp4|(360p|480p|720p|1080p)\/(index\.m3u8|init\.mp4|seg_\d{1,6}\.(ts|m4s)))$/;
const CAPTION_FILE = /^captions\/([a-z]{2,3}(-[A-Za-z0-9]{2,8})?)\.vtt$/;

export const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
  pdf: 'application/pdf',
};

export type MediaAnswer =
  | { kind: 'object'; object: MediaObject; contentType: string; maxAge: number; range: { start: number; end: number; totalSize: number } | null }
  | { kind: 'text'; text: string; contentType: string; maxAge: number }
  | { kind: 'redirect'; url: string };

export class PlaybackService {
  constructor(
    private readonly o: {
      knex: Knex;
      clock: Clock;
      store: MediaStore;
      credentials: MediaCredentials;
      access: LearningAccess;
      progress: ProgressService;
    },
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.o.clock().getTime() / 1000);
  }

  /** The media address prefix of a lesson for a person, with a fresh credential. */
  base(lessonId: string, userId: string): { path: string; expiresAt: number } {
    const expiresAt = this.nowSeconds() + MEDIA_CREDENTIAL_SECONDS;
    return { path: `/media/lessons/${lessonId}/${this.o.credentials.issue(userId, lessonId, expiresAt)}`, expiresAt };
  }

  async lesson(id: string): Promise<Lesson> {
    const lesson = await Lesson.query(this.o.knex).findById(id);
    if (!lesson) throw AppError.notFound(LEARNING_MESSAGES.lessonNotFound);
    return lesson;
  }

  async playback(user: AuthenticatedUser | null, lessonId: string): Promise<PlaybackAnswer> {
    const lesson = await this.lesson(lessonId);
    await this.o.access.require(user, lesson.courseId);
    if (lesson.kind !== 'video') throw AppError.badRequest('This lesson is not a video.');
    const video = lesson.videoAssetId ? await VideoAsset.query(this.o.knex).findById(lesson.videoAssetId) : undefined;
    if (!video || video.status !== 'ready' || !video.durationSeconds) throw AppError.conflict('The video is not ready yet.');
    const [captions, progress, course] = await Promise.all([
      LessonCaption.query(this.o.knex).where('lesson_id', lessonId).select('lang', 'label').orderBy('lang'),
      this.o.progress.of(user!.id, lessonId),
      Course.query(this.o.knex).findById(lesson.courseId).select('no_skipping'),
    ]);
    const { path } = this.base(lessonId, user!.id);
    const duration = video.durationSeconds;
    // Near the end, start again from the beginning.
    const position = progress?.position ?? 0;
    return {
      manifestUrl: `${path}/master.m3u8`,
      posterUrl: `${path}/poster.jpg`,
      mp4Url: `${path}/video.mp4`,
      captions: captions.map((c) => ({ lang: c.lang, label: c.label, url: `${path}/captions/${c.lang}.vtt` })),
      durationSeconds: duration,
      resumeAtSeconds: position >= duration - 5 ? 0 : position,
      expiresInSeconds: MEDIA_CREDENTIAL_SECONDS,
      furthestSeconds: contiguousFromStart(progress?.ranges ?? []),
      noSkipping: !!course?.noSkipping,
    };
  }

  /** The signed address of a lesson's PDF for the entitled whose tier includes it. */
  async documentAddress(user: AuthenticatedUser | null, lessonId: string): Promise<string> {
    const lesson = await this.lesson(lessonId);
    const access = await this.o.access.require(user, lesson.courseId);
    if (!includesMaterial(access, lesson.materialTierIds)) throw new AppError('forbidden', LEARNING_MESSAGES.materialForOtherTier);
    if (!lesson.documentName) throw AppError.notFound('This lesson has no document.');
    return `${this.base(lessonId, user!.id).path}/document.pdf`;
  }

  /**
   * A media request: `credential` must be this lesson's, unexpired and unaltered, and its person
   * still entitled (or staff) — else 403, whatever the file.
   */
  async media(lessonId: string, credential: string, file: string, range: { start: number; end: number } | undefined): Promise<MediaAnswer> {
    const verified = this.o.credentials.verify(credential, lessonId, this.nowSeconds());
    if (!verified) throw new AppError('forbidden', 'This media address is not valid (expired or not yours). Reload the lesson.');
    const lesson = await Lesson.query(this.o.knex).findById(lessonId).select('id', 'course_id', 'video_asset_id', 'document_name', 'material_tier_ids');
    if (!lesson) throw AppError.notFound(LEARNING_MESSAGES.lessonNotFound);
    const access = await this.accessOf(verified.userId, lesson.courseId);
    if (!access) throw new AppError('forbidden', LEARNING_MESSAGES.notEntitled);
    const maxAge = Math.max(0, verified.expiresAt - this.nowSeconds());
    const caption = CAPTION_FILE.exec(file);
    if (caption) {
      const row = await LessonCaption.query(this.o.knex).findById([lessonId, caption[1]!]);
      if (!row) throw AppError.notFound('Not found');
      return { kind: 'text', text: row.vtt, contentType: MEDIA_TYPES.vtt!, maxAge };
    }
    let key: string;
    if (file === 'document.pdf' && lesson.documentName) {
      if (!includesMaterial(access, lesson.materialTierIds)) throw new AppError('forbidden', LEARNING_MESSAGES.materialForOtherTier);
      key = `documents/${lesson.documentName}.pdf`;
    } else if (VIDEO_FILE.test(file) && lesson.videoAssetId) key = `videos/${lesson.videoAssetId}/${file}`;
    else throw AppError.notFound('Not found');
    const contentType = MEDIA_TYPES[file.slice(file.lastIndexOf('.') + 1)]!;
    // Playlists are served here (their relative addresses must keep the credential); the rest, with S3, by a presigned GET.
    if (this.o.store.presignGet && !file.endsWith('.m3u8')) return { kind: 'redirect', url: await this.o.store.presignGet(key, Math.max(1, maxAge)) };
    const totalSize = range ? await this.o.store.size(key) : null;
    // A range outside the file is answered with the whole file (a server may ignore Range).
    const part =
      range && totalSize !== null && range.start < totalSize && range.start <= range.end
        ? { start: range.start, end: Math.min(range.end, totalSize - 1) }
        : undefined;
    const object = await this.o.store.get(key, part);
    if (!object) throw AppError.notFound('Not found');
    return { kind: 'object', object, contentType, maxAge, range: part && totalSize !== null ? { ...part, totalSize } : null };
  }

  /** The credential's person as they are now (an inactive account has no access). */
  private async accessOf(userId: string, courseId: string): Promise<CourseAccess | null> {
    const user = await User.query(this.o.knex).findById(userId).where('is_active', true).select('id', 'role', 'permissions');
    return user ? this.o.access.of(user as unknown as AuthenticatedUser, courseId) : null;
  }
}
