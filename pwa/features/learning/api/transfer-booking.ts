/** POST /api/me/enrollments/:id/transfer `{ email }`: the customer gives their booked seat to a colleague (issue 35); 400/409 say why not. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingChange } from '@contracts/bookings';
import { apiRequest } from '@pwa/lib/api-client';
import { refreshAfterBookingChange } from './get-my-bookings';

export async function transferBooking(enrollmentId: string, email: string): Promise<BookingChange> {
  const response = await apiRequest('POST', `/api/me/enrollments/${encodeURIComponent(enrollmentId)}/transfer`, { email });
  return (await response.json()) as BookingChange;
}

/** Settles once what the change touched has been read again (so the card is gone when it resolves). */
export function useTransferBooking(viewer: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ enrollmentId, email }: { enrollmentId: string; email: string }) => transferBooking(enrollmentId, email),
    onSettled: () => refreshAfterBookingChange(queryClient, viewer, courseId),
  });
}
