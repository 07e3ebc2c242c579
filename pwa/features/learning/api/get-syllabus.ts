/** GET /api/courses/:id/lessons: the syllabus (titles for anyone; bodies, progress and material for the entitled). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Syllabus } from '@contracts/learning';
import { getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export function fetchSyllabus(courseId: string): Promise<Syllabus> {
  return getJson<Syllabus>(`/api/courses/${encodeURIComponent(courseId)}/lessons`);
}

export const syllabusQueryOptions = (courseId: string, viewer: string | null) =>
  queryOptions({ queryKey: learningKeys.syllabus(courseId, viewer), queryFn: () => fetchSyllabus(courseId) });

/** Signed in or not changes the answer: `viewer` is the session's token, or null. */
export function useSyllabus(courseId: string, viewer: string | null) {
  return useQuery(syllabusQueryOptions(courseId, viewer));
}
