/**
 * GET /api/admin/orders.csv: the "Download Excel" button. The API takes a bearer token (no cookie),
 * so the file is fetched with it and handed to the browser as a download under the server's name.
 */
import type { OrderListQuery } from '@contracts/admin-orders';
import { downloadFile } from '@pwa/lib/download-file';
import { ordersPath } from './get-orders';

export async function downloadOrdersCsv(query: Pick<OrderListQuery, 'status' | 'search'>): Promise<string> {
  return (await downloadFile(ordersPath('/api/admin/orders.csv', query), 'orders_export.csv')).name;
}
