/**
 * My Training (issue 29, point 9): every course the person holds a live entitlement to, with its
 * best source, progress and next live session — four queries whatever the number of courses — and
 * its completion (issue 31: when it was completed, else what is left; `CompletionService.statesOf`,
 * a fixed number of queries more).
 */
import type { Knex } from 'knex';
import type { LibraryItem } from '@contracts/learning';
import { watchedPercent } from '@contracts/learning-ranges';
import { Course, Entitlement, Lesson, LessonProgress, VideoAsset } from '@db/models';
import type { Clock } from '../../lib/clock';
import type { CompletionService } from '../completion/completion-service';
import { whereLive } from '../enrollments/entitlements';
import { SOURCE_RANK } from './access';

const LIVE_TYPES = new Set(['live_seminar', 'live_webinar', 'webinar']);

export async function libraryOf(o: { knex: Knex; clock: Clock; completions: Pick<CompletionService, 'statesOf'> }, userId: string): Promise<LibraryItem[]> {
  const nowIso = o.clock().toISOString();
  const query = Entitlement.query(o.knex).where('user_id', userId);
  whereLive(query, nowIso);
  const rights = await query;
  const best = new Map<string, Entitlement>();
  for (const right of rights) {
    const held = best.get(right.courseId);
    if (!held || (SOURCE_RANK[right.source] ?? 9) < (SOURCE_RANK[held.source] ?? 9)) best.set(right.courseId, right);
  }
  const courseIds = [...best.keys()];
  if (courseIds.length === 0) return [];
  const [courses, lessons, progress, completion] = await Promise.all([
    Course.query(o.knex).whereIn('id', courseIds).select('id', 'title', 'type', 'image', 'start_date'),
    Lesson.query(o.knex).whereIn('course_id', courseIds).select('id', 'course_id', 'kind', 'video_asset_id', 'position').orderBy('position'),
    LessonProgress.query(o.knex).where('user_id', userId).whereIn('course_id', courseIds),
    o.completions.statesOf(userId, courseIds),
  ]);
  const videoIds = lessons.map((l) => l.videoAssetId).filter((id): id is string => !!id);
  const durations = new Map(
    (videoIds.length ? await VideoAsset.query(o.knex).whereIn('id', videoIds).where('status', 'ready').select('id', 'duration_seconds') : []).map((v) => [
      v.id,
      v.durationSeconds ?? 0,
    ]),
  );
  const seen = new Map(progress.map((p) => [p.lessonId, p]));
  return courses
    .map((course): LibraryItem => {
      const right = best.get(course.id)!;
      const own = lessons.filter((l) => l.courseId === course.id);
      const percents = own.map((l) => {
        const p = seen.get(l.id);
        if (l.kind !== 'video') return p ? 100 : 0;
        return watchedPercent(p?.ranges ?? [], l.videoAssetId ? durations.get(l.videoAssetId) : 0);
      });
      const last = progress.filter((p) => p.courseId === course.id).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
      const upcoming = LIVE_TYPES.has(course.type) && course.startDate && course.startDate > nowIso ? course.startDate : null;
      return {
        courseId: course.id,
        title: course.title,
        type: course.type,
        source: right.source,
        startsAt: right.startsAt,
        endsAt: right.endsAt,
        progressPercent: percents.length ? Math.floor(percents.reduce((a, b) => a + b, 0) / percents.length) : 0,
        lastLessonId: last?.lessonId ?? null,
        nextSessionAt: upcoming,
        image: course.image,
        ...(completion.get(course.id) ?? { completedAt: null, left: [], leftText: '' }),
      };
    })
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.title.localeCompare(b.title));
}
