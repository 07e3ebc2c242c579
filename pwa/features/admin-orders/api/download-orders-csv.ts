/**
 * GET /api/admin/orders.csv: the "Download Excel" button. The API takes a bearer token (no cookie),
 * so the file is fetched with it and handed to the browser as a download under the server's name.
 */
import type { OrderListQuery } from '@contracts/admin-orders';
import { apiRequest } from '@pwa/lib/api-client';
import { ordersPath } from './get-orders';

export async function downloadOrdersCsv(query: Pick<OrderListQuery, 'status' | 'search'>): Promise<string> {
  const response = await apiRequest('GET', ordersPath('/api/admin/orders.csv', query));
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'orders_export.csv';
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
