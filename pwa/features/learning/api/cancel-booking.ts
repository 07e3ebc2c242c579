/** POST /api/me/enrollments/:id/cancel: the customer cancels their own booked seat by the policy (issue 35); a 409 says why not. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingChange } from '@contracts/bookings';
import { apiRequest } from '@pwa/lib/api-client';
import { refreshAfterBookingChange } from './get-my-bookings';

export async function cancelBooking(enrollmentId: string): Promise<BookingChange> {
  const response = await apiRequest('POST', `/api/me/enrollments/${encodeURIComponent(enrollmentId)}/cancel`, {});
  return (await response.json()) as BookingChange;
}

/** Settles once what the change touched has been read again (so the card is gone when it resolves). */
export function useCancelBooking(viewer: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent at once (the buttons are disabled offline); a failure to reach the server is said in the dialog.
    networkMode: 'always',
    mutationFn: cancelBooking,
    onSettled: () => refreshAfterBookingChange(queryClient, viewer, courseId),
  });
}
