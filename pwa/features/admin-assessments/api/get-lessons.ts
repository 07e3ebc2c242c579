/**
 * The course's lessons, for the review questions' lesson picker: GET /api/courses/:id/lessons as
 * staff (the Content tab's read), flattened to "Module — Lesson" choices in the course's order.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Syllabus } from '@contracts/learning';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { assessmentKeys, coursePath } from './assessment-keys';

export interface LessonChoice {
  id: string;
  label: string;
}

export function lessonChoices(syllabus: Syllabus): LessonChoice[] {
  return syllabus.modules.flatMap((module) =>
    module.lessons.map((lesson) => ({ id: lesson.id, label: module.title ? `${module.title} — ${lesson.title}` : lesson.title })),
  );
}

export const lessonsQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: assessmentKeys.lessons(courseId),
    queryFn: async () => lessonChoices(await getKeptJson<Syllabus>(`${coursePath(courseId)}/lessons`)),
  });

export function useLessons(courseId: string) {
  return useQuery(lessonsQueryOptions(courseId));
}
