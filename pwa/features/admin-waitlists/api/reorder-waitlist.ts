/**
 * PUT /api/admin/courses/:id/waitlist `{ entryIds }`: every waiting entry in its new order. Not
 * through the outbox: the order is only meaningful against the list as just read (people join,
 * leave and are offered seats meanwhile), so it is sent only while online and never kept to be sent
 * later. Sending the same order twice changes nothing, so it needs no Idempotency-Key. The answer
 * is the new list; a 409 (the list changed since it was read) reads it again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffWaitlist } from '@contracts/waitlists';
import { ApiError, apiRequest } from '@pwa/lib/api-client';
import { staffWaitlistKeys, staffWaitlistPath } from './staff-waitlist-keys';

export async function reorderWaitlist(courseId: string, entryIds: string[]): Promise<StaffWaitlist> {
  return (await (await apiRequest('PUT', staffWaitlistPath(courseId), { entryIds })).json()) as StaffWaitlist;
}

export function useReorderWaitlist(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryIds: string[]) => reorderWaitlist(courseId, entryIds),
    onSuccess: (list) => queryClient.setQueryData(staffWaitlistKeys.course(courseId), list),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return queryClient.invalidateQueries({ queryKey: staffWaitlistKeys.course(courseId) });
    },
  });
}
