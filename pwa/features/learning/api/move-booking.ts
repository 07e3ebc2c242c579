/** POST /api/me/enrollments/:id/transfer `{ courseId }`: the customer moves their booked seat to another date of the same course (issue 35); 400/409 say why not. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingChange } from '@contracts/bookings';
import { apiRequest } from '@pwa/lib/api-client';
import { refreshAfterBookingChange } from './get-my-bookings';

export async function moveBooking(enrollmentId: string, courseId: string): Promise<BookingChange> {
  const response = await apiRequest('POST', `/api/me/enrollments/${encodeURIComponent(enrollmentId)}/transfer`, { courseId });
  return (await response.json()) as BookingChange;
}

/** Settles once what the move touched (both dates) has been read again, so the card shows the new date when it resolves. */
export function useMoveBooking(viewer: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ enrollmentId, to }: { enrollmentId: string; to: string }) => moveBooking(enrollmentId, to),
    onSettled: (_change, _error, { to }) => refreshAfterBookingChange(queryClient, viewer, courseId, to),
  });
}
