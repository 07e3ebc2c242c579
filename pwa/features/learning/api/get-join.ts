/** GET /api/courses/:id/join: the signed-in attendee's own join link to a live session, and when it opens and ends. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JoinView } from '@contracts/join-links';
import { getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export function fetchJoin(courseId: string): Promise<JoinView> {
  return getJson<JoinView>(`/api/courses/${encodeURIComponent(courseId)}/join`);
}

export const joinQueryOptions = (courseId: string, viewer: string) =>
  // The status moves with the clock (not yet → open → ended): read again after a minute and on focus.
  queryOptions({ queryKey: learningKeys.join(courseId, viewer), queryFn: () => fetchJoin(courseId), staleTime: 60_000, retry: false });

export function useJoin(courseId: string, viewer: string) {
  return useQuery(joinQueryOptions(courseId, viewer));
}
