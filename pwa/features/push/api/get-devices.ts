/** GET /api/push/subscriptions: the signed-in user's devices that get reminders. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushDevice } from '@contracts/push';
import { getJson } from '@pwa/lib/api-client';
import { pushKeys } from './push-keys';

export function getDevices(): Promise<PushDevice[]> {
  return getJson<PushDevice[]>('/api/push/subscriptions');
}

export const devicesQueryOptions = () => queryOptions({ queryKey: pushKeys.devices(), queryFn: getDevices });

export function useDevices(enabled: boolean) {
  return useQuery({ ...devicesQueryOptions(), enabled });
}
