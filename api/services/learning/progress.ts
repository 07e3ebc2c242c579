/**
 * Progress (learning spec): the watched ranges of each video, merged on the server — idempotent
 * and order-independent — with the resume point. A "no skipping ahead" course counts only what
 * was watched contiguously from the start. Reports race safely: the row is locked while merged.
 */
import type { Knex } from 'knex';
import type { LessonProgressAnswer, ProgressReport } from '@contracts/learning';
import { contiguousFromStart, coveredSeconds, mergeRanges, watchedPercent, type Range } from '@contracts/learning-ranges';
import { Course, Lesson, LessonProgress, VideoAsset } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';

/** What a player may overshoot the duration by (its clock and the file's differ a little). */
const OVERSHOOT_SECONDS = 2;

export class ProgressService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  /** The lesson's duration for progress: a ready video's, or 0 for pages and documents (opened = done). */
  private async durationOf(lesson: Lesson): Promise<number> {
    if (lesson.kind !== 'video') return 0;
    const video = lesson.videoAssetId ? await VideoAsset.query(this.o.knex).findById(lesson.videoAssetId).select('status', 'duration_seconds') : undefined;
    if (video?.status !== 'ready' || !video.durationSeconds) throw AppError.conflict('The video is not ready yet.');
    return video.durationSeconds;
  }

  async report(userId: string, lesson: Lesson, report: ProgressReport): Promise<LessonProgressAnswer> {
    const duration = await this.durationOf(lesson);
    const limit = duration + OVERSHOOT_SECONDS;
    if (report.position > limit || report.ranges.some(([from, to]) => from > limit || to > limit)) {
      throw AppError.badRequest(`Progress must lie within the lesson's ${Math.round(duration)} seconds`);
    }
    const course = await Course.query(this.o.knex).findById(lesson.courseId).select('no_skipping');
    const noSkipping = !!course?.noSkipping;
    const nowIso = this.o.clock().toISOString();
    await LessonProgress.insertMany(
      this.o.knex,
      [{ userId, lessonId: lesson.id, courseId: lesson.courseId, ranges: [], watchedSeconds: 0, position: 0, updatedAt: nowIso }],
      { ignoreConflictsOn: ['user_id', 'lesson_id'] },
    );
    const row = await transaction(this.o.knex, async (trx) => {
      const current = (await forUpdate(trx, LessonProgress.query(trx).findById([userId, lesson.id])))!;
      let ranges: Range[] = mergeRanges([...current.ranges, ...report.ranges], duration);
      if (noSkipping) {
        const end = contiguousFromStart(ranges);
        ranges = end > 0 ? [[0, end]] : [];
      }
      const furthest = contiguousFromStart(ranges);
      const position = Math.min(report.position, duration, noSkipping ? furthest : Infinity);
      const next = { ranges, watchedSeconds: coveredSeconds(ranges), position, updatedAt: nowIso };
      await LessonProgress.query(trx).findById([userId, lesson.id]).patch(next);
      return { ...next };
    });
    return this.answer(lesson.id, row, duration);
  }

  answer(lessonId: string, row: Pick<LessonProgress, 'ranges' | 'watchedSeconds' | 'position'> | undefined, duration: number): LessonProgressAnswer {
    const ranges = row?.ranges ?? [];
    return {
      lessonId,
      position: row?.position ?? 0,
      watchedSeconds: row?.watchedSeconds ?? 0,
      watchedPercent: duration > 0 ? watchedPercent(ranges, duration) : row ? 100 : 0,
      ranges,
    };
  }

  async of(userId: string, lessonId: string): Promise<LessonProgress | undefined> {
    return LessonProgress.query(this.o.knex).findById([userId, lessonId]);
  }
}
