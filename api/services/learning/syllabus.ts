/** The syllabus of a course as each caller may see it, and one lesson as staff see it. */
import type { Knex } from 'knex';
import type { CaptionTrack, Syllabus, SyllabusLesson, SyllabusModule } from '@contracts/learning';
import { watchedPercent } from '@contracts/learning-ranges';
import { CourseModule, Lesson, LessonCaption, LessonProgress, VideoAsset, type Course } from '@db/models';
import { includesMaterial, type CourseAccess } from './access';

/** The syllabus for `access` (null: the public view): titles, kinds and durations for anyone; bodies, progress and material for the entitled; video state and captions for staff. */
export async function syllabusOf(knex: Knex, course: Pick<Course, 'id' | 'noSkipping'>, access: CourseAccess | null, userId: string | null): Promise<Syllabus> {
  const courseId = course.id;
  const [modules, lessons] = await Promise.all([
    CourseModule.query(knex).where('course_id', courseId).orderBy('position'),
    Lesson.query(knex).where('course_id', courseId).orderBy('position'),
  ]);
  const videoIds = lessons.map((l) => l.videoAssetId).filter((id): id is string => !!id);
  const videos = new Map((videoIds.length ? await VideoAsset.query(knex).whereIn('id', videoIds) : []).map((v) => [v.id, v]));
  const captions = access?.staff
    ? await captionsOf(
        knex,
        lessons.filter((l) => l.kind === 'video').map((l) => l.id),
      )
    : new Map<string, CaptionTrack[]>();
  const progress =
    access && userId ? new Map((await LessonProgress.query(knex).where({ user_id: userId, course_id: courseId })).map((p) => [p.lessonId, p])) : new Map();
  const view = (lesson: Lesson): SyllabusLesson => {
    const video = lesson.videoAssetId ? videos.get(lesson.videoAssetId) : undefined;
    const duration = video?.status === 'ready' ? (video.durationSeconds ?? undefined) : undefined;
    const base: SyllabusLesson = { id: lesson.id, title: lesson.title, kind: lesson.kind, ...(duration !== undefined ? { durationSeconds: duration } : {}) };
    if (!access) return base;
    const seen = progress.get(lesson.id);
    return {
      ...base,
      ...(lesson.kind === 'text' ? { body: lesson.body ?? '' } : {}),
      hasDocument: !!lesson.documentName,
      materialIncluded: includesMaterial(access, lesson.materialTierIds),
      watchedPercent: lesson.kind === 'video' ? watchedPercent(seen?.ranges ?? [], duration) : seen ? 100 : 0,
      ...(access.staff ? { video: videoState(video), materialTierIds: lesson.materialTierIds } : {}),
      ...(access.staff && lesson.kind === 'video' ? { captions: captions.get(lesson.id) ?? [] } : {}),
    };
  };
  const grouped: SyllabusModule[] = [];
  const loose = lessons.filter((l) => !l.moduleId || !modules.some((m) => m.id === l.moduleId));
  if (loose.length > 0) grouped.push({ id: null, title: 'Lessons', lessons: loose.map(view) });
  for (const m of modules) grouped.push({ id: m.id, title: m.title, lessons: lessons.filter((l) => l.moduleId === m.id).map(view) });
  return { courseId, modules: grouped, entitled: !!access, noSkipping: course.noSkipping };
}

/** The captions of `lessonIds` by lesson, each ordered by language (their labels, not their files). */
async function captionsOf(db: Knex | Knex.Transaction, lessonIds: string[]): Promise<Map<string, CaptionTrack[]>> {
  const byLesson = new Map<string, CaptionTrack[]>();
  if (lessonIds.length === 0) return byLesson;
  for (const row of await LessonCaption.query(db).whereIn('lesson_id', lessonIds).select('lesson_id', 'lang', 'label').orderBy('lang')) {
    byLesson.set(row.lessonId, [...(byLesson.get(row.lessonId) ?? []), { lang: row.lang, label: row.label }]);
  }
  return byLesson;
}

/** One lesson as staff see it (with the video's state and captions). */
export async function staffLessonView(db: Knex | Knex.Transaction, lesson: Lesson): Promise<SyllabusLesson & { courseId: string; moduleId: string | null }> {
  const video = lesson.videoAssetId ? await VideoAsset.query(db).findById(lesson.videoAssetId) : undefined;
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    moduleId: lesson.moduleId,
    title: lesson.title,
    kind: lesson.kind,
    ...(video?.status === 'ready' && video.durationSeconds !== null ? { durationSeconds: video.durationSeconds } : {}),
    ...(lesson.kind === 'text' ? { body: lesson.body ?? '' } : {}),
    hasDocument: !!lesson.documentName,
    materialTierIds: lesson.materialTierIds,
    ...(lesson.kind === 'video' ? { video: videoState(video), captions: (await captionsOf(db, [lesson.id])).get(lesson.id) ?? [] } : {}),
  };
}

function videoState(video: VideoAsset | undefined): SyllabusLesson['video'] {
  if (!video) return undefined;
  const status = video.status === 'uploaded' ? 'queued' : video.status;
  return { id: video.id, status, progress: video.progress, durationSeconds: video.durationSeconds, error: video.error };
}
