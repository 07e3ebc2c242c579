/**
 * GET /api/admin/orders (GET /api/orders for the dashboard): pages of orders newest first; the
 * next page's address comes in the `Link` header, so the list loads page after page on demand.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderListQuery } from '@contracts/admin-orders';
import { listPath } from '@pwa/lib/paged-list';
import { pagedQueryOptions } from '@pwa/offline/back-office/kept-pages';
import { adminOrderKeys } from './admin-order-keys';

/** The list's (or its CSV export's) address with the filters in a fixed order. */
export function ordersPath(base: '/api/orders' | '/api/admin/orders' | '/api/admin/orders.csv', query: Omit<OrderListQuery, 'cursor'>): string {
  return listPath(base, { limit: query.limit, status: query.status, search: query.search });
}

// Fresh each time a screen shows them: orders arrive from checkouts elsewhere.
export const ordersQueryOptions = (query: Omit<OrderListQuery, 'cursor'>, base: '/api/orders' | '/api/admin/orders' = '/api/admin/orders') =>
  pagedQueryOptions<AdminOrder, ReturnType<typeof adminOrderKeys.list>>(adminOrderKeys.list(base, query), ordersPath(base, query));

export function useOrders(query: Omit<OrderListQuery, 'cursor'>, base: '/api/orders' | '/api/admin/orders' = '/api/admin/orders') {
  return useInfiniteQuery(ordersQueryOptions(query, base));
}
