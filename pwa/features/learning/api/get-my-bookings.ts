/**
 * GET /api/me/bookings: the signed-in person's own booked seats and what the cancellation policy
 * allows for each now (issue 35). Read only online (offline My Training shows what it already has,
 * the actions disabled). After a cancellation, a transfer or a move, `refreshAfterBookingChange`
 * reads again what it changed: the bookings, the library (access ended, or moved to another date),
 * the orders, the seats of each course it touched (a move: the old date and the new).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MyBookings } from '@contracts/bookings';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { getJson } from '@pwa/lib/api-client';
import { profileKeys } from '@pwa/session/profile';
import { learningKeys } from './learning-keys';

export function fetchMyBookings(): Promise<MyBookings> {
  return getJson<MyBookings>('/api/me/bookings');
}

/** Read again on each visit to My Training: what the policy allows moves with the clock. */
export const myBookingsQueryOptions = (viewer: string) =>
  queryOptions({ queryKey: learningKeys.bookings(viewer), queryFn: fetchMyBookings, staleTime: 0, refetchOnMount: 'always' });

export function useMyBookings(viewer: string, online: boolean) {
  return useQuery({ ...myBookingsQueryOptions(viewer), enabled: online });
}

export async function refreshAfterBookingChange(queryClient: QueryClient, viewer: string, ...courseIds: string[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: learningKeys.bookings(viewer) }),
    queryClient.invalidateQueries({ queryKey: learningKeys.library(viewer) }),
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    ...courseIds.flatMap((courseId) => [
      queryClient.invalidateQueries({ queryKey: learningKeys.ticket(courseId, viewer) }),
      queryClient.invalidateQueries({ queryKey: learningKeys.join(courseId, viewer) }),
      queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
    ]),
  ]);
}
