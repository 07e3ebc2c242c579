/**
 * GET /api/admin/orders (GET /api/orders for the dashboard): pages of orders newest first; the
 * next page's address comes in the `Link` header, so the list loads page after page on demand.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderListQuery } from '@contracts/admin-orders';
import { apiRequest } from '@pwa/lib/api-client';
import { adminOrderKeys } from './admin-order-keys';

export interface OrderPage {
  orders: AdminOrder[];
  next: string | null;
}

/** The list's (or its CSV export's) address with the filters in a fixed order. */
export function ordersPath(base: '/api/orders' | '/api/admin/orders' | '/api/admin/orders.csv', query: Omit<OrderListQuery, 'cursor'>): string {
  const params = new URLSearchParams();
  if (query.limit) params.set('limit', String(query.limit));
  if (query.status) params.set('status', query.status);
  if (query.search?.trim()) params.set('search', query.search.trim());
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

export async function getOrderPage(url: string): Promise<OrderPage> {
  const response = await apiRequest('GET', url);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '')?.[1] ?? null;
  return { orders: (await response.json()) as AdminOrder[], next };
}

export const ordersQueryOptions = (query: Omit<OrderListQuery, 'cursor'>, base: '/api/orders' | '/api/admin/orders' = '/api/admin/orders') =>
  infiniteQueryOptions({
    queryKey: adminOrderKeys.list(base, query),
    queryFn: ({ pageParam }) => getOrderPage(pageParam),
    initialPageParam: ordersPath(base, query),
    getNextPageParam: (last: OrderPage) => last.next ?? undefined,
    // Fresh each time a screen shows them: orders arrive from checkouts elsewhere.
    staleTime: 0,
  });

export function useOrders(query: Omit<OrderListQuery, 'cursor'>, base: '/api/orders' | '/api/admin/orders' = '/api/admin/orders') {
  return useInfiniteQuery(ordersQueryOptions(query, base));
}
