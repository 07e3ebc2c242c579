/**
 * POST /api/courses/:id/waitlist (join: 201, or 200 when already on it) and DELETE (leave): each
 * answers the place, which replaces the one read. Refused (409: the session is no longer full, has
 * started, is already the person's), the place and the course are read again, so the page shows
 * what is true now (the Add to Cart button when a seat is free).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistPlace } from '@contracts/waitlists';
import { apiRequest } from '@pwa/lib/api-client';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { waitlistKeys, waitlistPath } from './waitlist-keys';

export async function joinWaitlist(courseId: string): Promise<WaitlistPlace> {
  return (await (await apiRequest('POST', waitlistPath(courseId), {})).json()) as WaitlistPlace;
}

export async function leaveWaitlist(courseId: string): Promise<WaitlistPlace> {
  return (await (await apiRequest('DELETE', waitlistPath(courseId))).json()) as WaitlistPlace;
}

/** `join` or `leave` the course's waitlist as `userId`. */
export function useWaitlistWrite(courseId: string, userId: string, action: 'join' | 'leave') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (action === 'join' ? joinWaitlist(courseId) : leaveWaitlist(courseId)),
    onSuccess: (place) => queryClient.setQueryData(waitlistKeys.place(courseId, userId), place),
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.place(courseId, userId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId), exact: true }),
      ]),
  });
}
