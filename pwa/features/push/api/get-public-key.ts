/** GET /api/push/public-key: the VAPID key browsers subscribe with (asked for only when a subscription is made). */
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@pwa/lib/api-client';
import { pushKeys } from './push-keys';

export async function getPublicKey(): Promise<string> {
  return (await getJson<{ publicKey: string }>('/api/push/public-key')).publicKey;
}

export const publicKeyQueryOptions = () => queryOptions({ queryKey: pushKeys.publicKey(), queryFn: getPublicKey, staleTime: Infinity });
