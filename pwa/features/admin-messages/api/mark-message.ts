/**
 * PATCH /api/admin/messages/:id: mark a message read, handled (which reads it too), or reopen it
 * (handled: false). Sent with a fresh `Idempotency-Key`; the message lists refresh after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMessage, MessagePatch } from '@contracts/admin-messages';
import { OUTBOX_MUTATION, sendWrite } from '@pwa/offline/back-office/send-write';
import { adminMessageKeys } from './admin-message-keys';

export const markMessage = ({ id, patch }: { id: string; patch: MessagePatch }) =>
  sendWrite<AdminMessage>({
    method: 'PATCH',
    url: `/api/admin/messages/${encodeURIComponent(id)}`,
    body: patch,
    entity: `message:${id}`,
    label: 'Update message',
  });

export function useMarkMessage() {
  const queryClient = useQueryClient();
  return useMutation({ ...OUTBOX_MUTATION, mutationFn: markMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMessageKeys.all }) });
}
