/** GET /api/lessons/:id: one lesson for the entitled (401 signed out, 403 not entitled, 404 unknown). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyllabusLesson } from '@contracts/learning';
import { getJson } from '@pwa/lib/api-client';
import { orFromDownload, retryUnlessRefused } from '../offline/from-download';
import { learningKeys } from './learning-keys';
import { startedKeys, takeRead } from './started-reads';

export type LessonView = SyllabusLesson & { courseId: string; moduleId: string | null };

export function fetchLesson(lessonId: string): Promise<LessonView> {
  return getJson<LessonView>(`/api/lessons/${encodeURIComponent(lessonId)}`);
}

export const lessonQueryOptions = (lessonId: string, viewer: string) =>
  queryOptions({
    queryKey: learningKeys.lesson(lessonId, viewer),
    // The read the page started as it opened (`lesson-start.ts`), if there is one.
    // Out of reach: the lesson as downloaded on this device, if it is (issue 34).
    queryFn: () =>
      orFromDownload(
        () => takeRead(startedKeys.lesson(lessonId), viewer, () => fetchLesson(lessonId)),
        (kept, userId) => kept.offlineLesson(lessonId, userId),
      ),
    retry: retryUnlessRefused,
  });

export function useLesson(lessonId: string, viewer: string) {
  return useQuery(lessonQueryOptions(lessonId, viewer));
}
