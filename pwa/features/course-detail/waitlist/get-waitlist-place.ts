/**
 * GET /api/courses/:id/waitlist: where the signed-in person stands on a live session's waitlist
 * (none, waiting at position N, offered a seat until a time, buying it). The place changes without
 * this device doing anything (a seat frees, an offer is made or lapses), so unlike the catalogue's
 * reads it is asked again each time the page opens and when the person comes back to the tab.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistPlace } from '@contracts/waitlists';
import { getJson } from '@pwa/lib/api-client';
import { waitlistKeys, waitlistPath } from './waitlist-keys';

export const getWaitlistPlace = (courseId: string) => getJson<WaitlistPlace>(waitlistPath(courseId));

export const waitlistPlaceQueryOptions = (courseId: string, userId: string) =>
  queryOptions({
    queryKey: waitlistKeys.place(courseId, userId),
    queryFn: () => getWaitlistPlace(courseId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** Only for a signed-in person (`userId`) on a course that has a waitlist. */
export function useWaitlistPlace(courseId: string, userId: string | null, enabled: boolean) {
  return useQuery({ ...waitlistPlaceQueryOptions(courseId, userId ?? ''), enabled: enabled && !!userId });
}
