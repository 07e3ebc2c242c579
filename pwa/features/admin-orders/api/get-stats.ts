/** GET /api/admin/stats: the dashboard's and the orders page's figures, computed by the server. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@contracts/admin-orders';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { adminOrderKeys } from './admin-order-keys';

export const getStats = () => getKeptJson<AdminStats>('/api/admin/stats');

// Fresh each time a screen shows them: orders arrive and courses change elsewhere.
export const statsQueryOptions = () => queryOptions({ ...ADMIN_READ, queryKey: adminOrderKeys.stats(), queryFn: getStats, staleTime: 0 });

export function useStats() {
  return useQuery(statsQueryOptions());
}
