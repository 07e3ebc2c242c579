/** GET /api/courses/:id/lessons: the syllabus (titles for anyone; bodies, progress and material for the entitled). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Syllabus } from '@contracts/learning';
import { getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export function fetchSyllabus(courseId: string): Promise<Syllabus> {
  return getJson<Syllabus>(`/api/courses/${encodeURIComponent(courseId)}/lessons`);
}

export const syllabusQueryOptions = (courseId: string, userId: string | null) =>
  queryOptions({ queryKey: learningKeys.syllabus(courseId, userId), queryFn: () => fetchSyllabus(courseId) });

/** Waits for the session (`enabled`): signed in or not changes the answer. */
export function useSyllabus(courseId: string, userId: string | null, enabled = true) {
  return useQuery({ ...syllabusQueryOptions(courseId, userId), enabled });
}
