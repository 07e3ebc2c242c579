/** POST /api/push/subscriptions: this browser's PushSubscription (201 new, 200 known). */
import type { PushDevice, PushSubscriptionInput } from '@contracts/push';
import { apiRequest } from '@pwa/lib/api-client';

export async function saveDevice(subscription: PushSubscriptionInput): Promise<PushDevice> {
  return (await (await apiRequest('POST', '/api/push/subscriptions', subscription)).json()) as PushDevice;
}
