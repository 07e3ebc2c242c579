/**
 * How every write to people is sent and what it refreshes: through `sendWrite` (a fresh
 * `Idempotency-Key`), then the people lists and figures, and the signed-in user (an admin may have
 * renamed themselves: the sidebar shows the name).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@pwa/session/use-auth';
import { adminPeopleKeys } from './admin-people-keys';
import { OUTBOX_MUTATION } from '@pwa/offline/back-office/send-write';

/**
 * The outbox's name of what a write to a person changes: one person's writes go one after the
 * other; the creates of one role share `<role>:new`, so they go one after the other too.
 */
export const personEntity = (role: 'customer' | 'contributor', id = 'new') => `${role}:${id}`;

export function usePeopleWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: write,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminPeopleKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.me() })]),
  });
}
