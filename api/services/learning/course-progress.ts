/**
 * A course's progress per person, in batch: the mean of its lessons' percentages (a video's share
 * watched, a page or handout 100 once opened). Three queries whatever the number of people and
 * courses: My Training (`library.ts`) and the organisation's dashboard read it.
 */
import type { Knex } from 'knex';
import { watchedPercent } from '@contracts/learning-ranges';
import { Lesson, LessonProgress, VideoAsset } from '@db/models';

export interface CourseProgress {
  percent: number;
  /** The lesson last reported on, with when. */
  lastLessonId: string | null;
  lastAt: string | null;
}

/** Progress keyed `${userId}:${courseId}` for every pair of `userIds` × `courseIds`. */
export async function courseProgress(db: Knex, userIds: string[], courseIds: string[]): Promise<Map<string, CourseProgress>> {
  const result = new Map<string, CourseProgress>();
  if (userIds.length === 0 || courseIds.length === 0) return result;
  const [lessons, progress] = await Promise.all([
    Lesson.query(db).whereIn('course_id', courseIds).select('id', 'course_id', 'kind', 'video_asset_id', 'position').orderBy('position'),
    LessonProgress.query(db).whereIn('user_id', userIds).whereIn('course_id', courseIds),
  ]);
  const videoIds = lessons.map((l) => l.videoAssetId).filter((id): id is string => !!id);
  const durations = new Map(
    (videoIds.length ? await VideoAsset.query(db).whereIn('id', videoIds).where('status', 'ready').select('id', 'duration_seconds') : []).map((v) => [
      v.id,
      v.durationSeconds ?? 0,
    ]),
  );
  const seen = new Map(progress.map((p) => [`${p.userId}:${p.lessonId}`, p]));
  const lessonsOf = new Map<string, Lesson[]>();
  for (const lesson of lessons) lessonsOf.set(lesson.courseId, [...(lessonsOf.get(lesson.courseId) ?? []), lesson]);
  const lastOf = new Map<string, LessonProgress>();
  for (const p of progress) {
    const pair = `${p.userId}:${p.courseId}`;
    const held = lastOf.get(pair);
    if (!held || p.updatedAt > held.updatedAt) lastOf.set(pair, p);
  }
  for (const userId of userIds) {
    for (const courseId of courseIds) {
      const percents = (lessonsOf.get(courseId) ?? []).map((l) => {
        const p = seen.get(`${userId}:${l.id}`);
        if (l.kind !== 'video') return p ? 100 : 0;
        return watchedPercent(p?.ranges ?? [], l.videoAssetId ? durations.get(l.videoAssetId) : 0);
      });
      const last = lastOf.get(`${userId}:${courseId}`);
      result.set(`${userId}:${courseId}`, {
        percent: percents.length ? Math.floor(percents.reduce((a, b) => a + b, 0) / percents.length) : 0,
        lastLessonId: last?.lessonId ?? null,
        lastAt: last?.updatedAt ?? null,
      });
    }
  }
  return result;
}
