/** The query keys of the back office's orders and figures, the one place they are spelled. */
import type { OrderListQuery } from '@contracts/admin-orders';

export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  stats: () => [...adminOrderKeys.all, 'stats'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  /** `source`: the dashboard's /api/orders or the orders page's /api/admin/orders. */
  list: (source: string, query: Omit<OrderListQuery, 'cursor'>) => [...adminOrderKeys.lists(), source, query] as const,
};
