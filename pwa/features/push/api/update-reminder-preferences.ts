/** PUT /api/profile/reminders: push and e-mail reminders on or off; the profile shows them. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderPreferences } from '@contracts/push';
import { apiRequest } from '@pwa/lib/api-client';
import { profileKeys } from '@pwa/session/profile';

export async function updateReminderPreferences(preferences: ReminderPreferences): Promise<ReminderPreferences> {
  return (await (await apiRequest('PUT', '/api/profile/reminders', preferences)).json()) as ReminderPreferences;
}

export function useUpdateReminderPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderPreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
