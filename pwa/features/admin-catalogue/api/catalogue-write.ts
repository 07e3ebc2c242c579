/**
 * How every back-office catalogue write is sent and what it refreshes: JSON through the API client
 * with a fresh `Idempotency-Key` (a retried request is answered once, never written twice), then
 * every course and instructor read is invalidated — the back-office tables and the storefront's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { instructorKeys } from '@pwa/catalogue/api/instructors';
import { apiRequest } from '@pwa/lib/api-client';

export async function sendWrite<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  return (await response.json()) as T;
}

export function useCatalogueWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: courseKeys.all }), queryClient.invalidateQueries({ queryKey: instructorKeys.all })]),
  });
}
