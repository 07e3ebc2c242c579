/** DELETE /api/push/subscriptions: stop reminders on one device. */
import { apiRequest } from '@pwa/lib/api-client';

export async function deleteDevice(endpoint: string): Promise<void> {
  await apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
}
