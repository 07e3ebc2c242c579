/**
 * My Training (issue 29, point 9): every course the person holds a live entitlement to, with its
 * best source, progress and next live session — four queries whatever the number of courses — and
 * its completion (issue 31: when it was completed, else what is left; `CompletionService.statesOf`,
 * a fixed number of queries more).
 */
import type { Knex } from 'knex';
import type { LibraryItem } from '@contracts/learning';
import { Course, Entitlement } from '@db/models';
import type { Clock } from '../../lib/clock';
import type { CompletionService } from '../completion/completion-service';
import { whereLive } from '../enrollments/entitlements';
import { SOURCE_RANK } from './access';
import { courseProgress } from './course-progress';

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
  const [courses, progress, completion] = await Promise.all([
    Course.query(o.knex).whereIn('id', courseIds).select('id', 'title', 'type', 'image', 'start_date'),
    courseProgress(o.knex, [userId], courseIds),
    o.completions.statesOf(userId, courseIds),
  ]);
  return courses
    .map((course): LibraryItem => {
      const right = best.get(course.id)!;
      const made = progress.get(`${userId}:${course.id}`);
      const upcoming = LIVE_TYPES.has(course.type) && course.startDate && course.startDate > nowIso ? course.startDate : null;
      return {
        courseId: course.id,
        title: course.title,
        type: course.type,
        source: right.source,
        startsAt: right.startsAt,
        endsAt: right.endsAt,
        progressPercent: made?.percent ?? 0,
        lastLessonId: made?.lastLessonId ?? null,
        nextSessionAt: upcoming,
        image: course.image,
        ...(completion.get(course.id) ?? { completedAt: null, left: [], leftText: '' }),
      };
    })
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.title.localeCompare(b.title));
}
