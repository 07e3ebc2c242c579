/**
 * Progress (learning spec): the watched ranges of each video, merged on the server — idempotent
 * and order-independent — with the resume point. New watched seconds count only as fast as they
 * can have been watched (`progress-pace.ts`: beyond that they are left out, the report is still
 * answered 200 with what was kept). A "no skipping ahead" course counts only what was watched
 * contiguously from the start, and its resume point never passes that. Reports race safely: the
 * row is locked while merged.
 */
import type { Knex } from 'knex';
import type { LessonProgressAnswer, ProgressReport } from '@contracts/learning';
import { contiguousFromStart, coveredSeconds, mergeRanges, watchedPercent, type Range } from '@contracts/learning-ranges';
import { Course, Lesson, LessonProgress, VideoAsset } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { CompletionService } from '../completion/completion-service';
import { firstPacedAt, pace } from './progress-pace';

/** What a player may overshoot the duration by (its clock and the file's differ a little). */
const OVERSHOOT_SECONDS = 2;

/** What "no skipping ahead" counts: the stretch watched from the start. */
function fromStart(ranges: Range[]): Range[] {
  const end = contiguousFromStart(ranges);
  return end > 0 ? [[0, end]] : [];
}

export class ProgressService {
  /** `completions`: the course's completion is judged again after new watched seconds commit (issue 31). */
  constructor(private readonly o: { knex: Knex; clock: Clock; completions?: Pick<CompletionService, 'recompute'> }) {}

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
    const opened = this.o.clock();
    await LessonProgress.insertMany(
      this.o.knex,
      [
        {
          userId,
          lessonId: lesson.id,
          courseId: lesson.courseId,
          ranges: [],
          watchedSeconds: 0,
          position: 0,
          updatedAt: opened.toISOString(),
          pacedAt: firstPacedAt(opened),
        },
      ],
      { ignoreConflictsOn: ['user_id', 'lesson_id'] },
    );
    const row = await transaction(this.o.knex, async (trx) => {
      const current = (await forUpdate(trx, LessonProgress.query(trx).findById([userId, lesson.id])))!;
      const now = this.o.clock();
      const merged = mergeRanges([...current.ranges, ...report.ranges], duration);
      const offered = noSkipping ? fromStart(merged) : merged;
      const paced = pace({ kept: current.ranges, offered, pacedAt: current.pacedAt, now, durationSeconds: duration });
      const ranges = noSkipping ? fromStart(paced.ranges) : paced.ranges;
      const { pacedAt } = paced;
      const furthest = contiguousFromStart(ranges);
      const position = Math.min(report.position, duration, noSkipping ? furthest : Infinity);
      const next = { ranges, watchedSeconds: coveredSeconds(ranges), position, updatedAt: now.toISOString(), pacedAt };
      await LessonProgress.query(trx).findById([userId, lesson.id]).patch(next);
      return { ...next, watchedMore: next.watchedSeconds !== current.watchedSeconds };
    });
    if (row.watchedMore) await this.o.completions?.recompute(lesson.courseId, [userId]);
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
