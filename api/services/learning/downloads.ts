/**
 * Downloads (issue 34, point 1): what the device keeps of a course — its syllabus as the learner
 * sees it, the progressive MP4 of each ready video with its captions and the PDFs their tier includes, each with a
 * short-lived media address (the device asks again when one runs out, and resumes) — and the
 * licence that lets it play them offline: until OFFLINE_LICENCE_DAYS from now, or the end of the
 * person's entitlement if that is sooner. Renewal, whenever the app is online, answers a fresh
 * licence for each course still the person's and names the others, whose downloads go.
 */
import type { Knex } from 'knex';
import { allows } from '@contracts/access';
import { OFFLINE_LICENCE_DAYS, OFFLINE_MESSAGES, type DownloadFile, type DownloadPackage, type LicenceRenewalAnswer } from '@contracts/offline-learning';
import { Course, Entitlement, Lesson, LessonCaption } from '@db/models';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { whereLive } from '../enrollments/entitlements';
import type { LearningAccess } from './access';
import type { ContentService } from './content';
import type { OfflineLicences } from './offline-licences';
import type { PlaybackService } from './playback';
import type { MediaStore } from '../../integrations/media-store';

const DAY_MS = 24 * 60 * 60 * 1000;

export class DownloadService {
  constructor(
    private readonly o: {
      knex: Knex;
      clock: Clock;
      store: MediaStore;
      access: LearningAccess;
      content: ContentService;
      playback: PlaybackService;
      licences: OfflineLicences;
    },
  ) {}

  /** The licence's end: OFFLINE_LICENCE_DAYS ahead, or the entitlements' last end if sooner (staff: the days). */
  private licenceEnd(now: Date, ends: Array<string | null>): Date {
    const days = new Date(now.getTime() + OFFLINE_LICENCE_DAYS * DAY_MS);
    if (ends.length === 0 || ends.some((end) => end === null)) return days;
    const last = Math.max(...ends.map((end) => Date.parse(end!)));
    return new Date(Math.min(days.getTime(), last));
  }

  async package(user: AuthenticatedUser | null, courseId: string): Promise<DownloadPackage> {
    const course = await Course.query(this.o.knex).findById(courseId).select('id', 'title');
    if (!course) throw AppError.notFound('Course not found');
    const access = await this.o.access.require(user, courseId);
    const userId = user!.id;
    const [syllabus, lessons] = await Promise.all([
      this.o.content.syllabus(courseId, access, userId),
      Lesson.query(this.o.knex).where('course_id', courseId).select('id', 'kind', 'video_asset_id', 'document_name', 'material_tier_ids').orderBy('position'),
    ]);
    // The syllabus already says which videos are ready (they have a duration) and which material is theirs.
    const included = new Map(syllabus.modules.flatMap((m) => m.lessons).map((l) => [l.id, l]));
    const wanted: Array<{ lessonId: string; file: DownloadFile['file']; key: string }> = [];
    for (const lesson of lessons) {
      if (lesson.kind === 'video' && lesson.videoAssetId && included.get(lesson.id)?.durationSeconds !== undefined)
        wanted.push({ lessonId: lesson.id, file: 'video.mp4', key: `videos/${lesson.videoAssetId}/video.mp4` });
      if (lesson.documentName && included.get(lesson.id)?.materialIncluded)
        wanted.push({ lessonId: lesson.id, file: 'document.pdf', key: `documents/${lesson.documentName}.pdf` });
    }
    const videoLessons = wanted.filter((w) => w.file === 'video.mp4').map((w) => w.lessonId);
    const [sizes, captions] = await Promise.all([
      Promise.all(wanted.map((w) => this.o.store.size(w.key))),
      // The captions of the videos kept, one query for all of them (each file at most CAPTIONS_LIMITS.fileBytes).
      videoLessons.length
        ? LessonCaption.query(this.o.knex).whereIn('lesson_id', videoLessons).select('lesson_id', 'lang', 'label', 'vtt').orderBy(['lesson_id', 'lang'])
        : [],
    ]);
    const files: DownloadFile[] = [];
    const address = (lessonId: string, file: string) => `${this.o.playback.base(lessonId, userId).path}/${file}`;
    wanted.forEach((w, i) => {
      const bytes = sizes[i];
      if (!bytes) return;
      files.push({ lessonId: w.lessonId, file: w.file, bytes, url: address(w.lessonId, w.file) });
      for (const c of w.file === 'video.mp4' ? captions.filter((c) => c.lessonId === w.lessonId) : []) {
        const file = `captions/${c.lang}.vtt` as const;
        files.push({ lessonId: c.lessonId, file, bytes: Buffer.byteLength(c.vtt), label: c.label, url: address(c.lessonId, file) });
      }
    });
    if (files.length === 0 && lessons.every((l) => l.kind !== 'text')) throw AppError.conflict(OFFLINE_MESSAGES.nothingToDownload);
    const now = this.o.clock();
    const expires = this.licenceEnd(
      now,
      access.entitlements.map((e) => e.endsAt),
    );
    return {
      courseId,
      title: course.title,
      licence: this.o.licences.issue(userId, courseId, now, expires),
      licenceExpiresAt: expires.toISOString(),
      syllabus,
      files,
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    };
  }

  /** Fresh licences for the courses still the person's (one query for all), and the rest named as revoked. */
  async renew(user: AuthenticatedUser, courseIds: string[]): Promise<LicenceRenewalAnswer> {
    const now = this.o.clock();
    if (courseIds.length === 0) return { licences: [], revoked: [] };
    const live = new Map<string, Array<string | null>>();
    if (allows('course-management', user)) {
      for (const c of await Course.query(this.o.knex).whereIn('id', courseIds).select('id')) live.set(c.id, []);
    } else {
      const query = Entitlement.query(this.o.knex).where('user_id', user.id).whereIn('course_id', courseIds).select('course_id', 'ends_at');
      whereLive(query, now.toISOString());
      for (const e of await query) live.set(e.courseId, [...(live.get(e.courseId) ?? []), e.endsAt]);
    }
    const answer: LicenceRenewalAnswer = { licences: [], revoked: [] };
    for (const courseId of courseIds) {
      const ends = live.get(courseId);
      if (!ends) {
        answer.revoked.push(courseId);
        continue;
      }
      const expires = this.licenceEnd(now, ends);
      answer.licences.push({ courseId, licence: this.o.licences.issue(user.id, courseId, now, expires), licenceExpiresAt: expires.toISOString() });
    }
    return answer;
  }
}
