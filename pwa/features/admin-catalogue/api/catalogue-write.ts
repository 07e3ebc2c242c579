/**
 * How every back-office catalogue write is sent and what it refreshes: through `sendWrite` (JSON
 * with a fresh `Idempotency-Key`: a retried request is answered once, never written twice), then
 * every course and instructor read is invalidated — the back-office tables and the storefront's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseKeys } from '@pwa/catalogue/api/course-keys';
import { instructorKeys } from '@pwa/catalogue/api/instructors';
import { OUTBOX_MUTATION } from '@pwa/offline/back-office/send-write';

export { sendWrite } from '@pwa/offline/back-office/send-write';

/**
 * The outbox's names of what a catalogue write changes: one course's writes (its tiers' creation
 * included) go one after the other, as do one instructor's or one tier's. A create names the id its
 * body carries (or a fresh one).
 */
export const courseEntity = (id: string) => `course:${id}`;
export const instructorEntity = (id: string) => `instructor:${id}`;
export const tierEntity = (id: string) => `pricing-tier:${id}`;
export const createdId = (body: { id?: string | null }) => (typeof body.id === 'string' ? body.id : crypto.randomUUID());

export function useCatalogueWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: write,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: courseKeys.all }), queryClient.invalidateQueries({ queryKey: instructorKeys.all })]),
  });
}
