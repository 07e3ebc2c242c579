/** GET /api/me/courses/:id/ticket: the signed-in holder's ticket to a live seminar (its code and QR). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketView } from '@contracts/check-in';
import { getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export function fetchTicket(courseId: string): Promise<TicketView> {
  return getJson<TicketView>(`/api/me/courses/${encodeURIComponent(courseId)}/ticket`);
}

export const ticketQueryOptions = (courseId: string, viewer: string) =>
  // A ticket does not change while the page is open: no refetch on focus.
  queryOptions({ queryKey: learningKeys.ticket(courseId, viewer), queryFn: () => fetchTicket(courseId), staleTime: Infinity, retry: false });

export function useTicket(courseId: string, viewer: string) {
  return useQuery(ticketQueryOptions(courseId, viewer));
}
