/** GET /api/courses/:id/lessons: the syllabus (titles for anyone; bodies, progress and material for the entitled). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Syllabus } from '@contracts/learning';
import { getJson } from '@pwa/lib/api-client';
import { orFromDownload } from '../offline/from-download';
import { learningKeys } from './learning-keys';

export function fetchSyllabus(courseId: string): Promise<Syllabus> {
  return getJson<Syllabus>(`/api/courses/${encodeURIComponent(courseId)}/lessons`);
}

export const syllabusQueryOptions = (courseId: string, viewer: string | null) =>
  queryOptions({
    queryKey: learningKeys.syllabus(courseId, viewer),
    // Out of reach: the syllabus as downloaded on this device, if the course is (issue 34).
    queryFn: () =>
      orFromDownload(
        () => fetchSyllabus(courseId),
        (kept, userId) => (viewer ? kept.offlineSyllabus(courseId, userId) : Promise.resolve(null)),
      ),
  });

/** Signed in or not changes the answer: `viewer` is the session's token, or null. */
export function useSyllabus(courseId: string, viewer: string | null) {
  return useQuery(syllabusQueryOptions(courseId, viewer));
}
