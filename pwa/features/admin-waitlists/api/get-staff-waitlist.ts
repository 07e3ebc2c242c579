/**
 * GET /api/admin/courses/:id/waitlist (course management): a live course's list, offers and
 * checkouts first, then who waits in order. Read afresh each time the dialog opens (the list moves
 * on its own as seats free and offers lapse), and kept on the device for offline viewing.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffWaitlist } from '@contracts/waitlists';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { staffWaitlistKeys, staffWaitlistPath } from './staff-waitlist-keys';

export const staffWaitlistQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: staffWaitlistKeys.course(courseId),
    queryFn: () => getKeptJson<StaffWaitlist>(staffWaitlistPath(courseId)),
    refetchOnMount: 'always',
  });

export function useStaffWaitlist(courseId: string) {
  return useQuery(staffWaitlistQueryOptions(courseId));
}
