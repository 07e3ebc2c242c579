/** Orders and figures for the back office (back-office spec §2, §7): admins, and contributors with the order-management permission. */
import { orderListQuerySchema, type OrderListQuery } from '@contracts/admin-orders';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseQuery } from '../middleware/validate';
import type { OrderServices } from '../services/orders';
import { sendPage } from './route-helpers';

export function orderAdminRoutes(api: ApiRouter, { orderReport }: Pick<OrderServices, 'orderReport'>): void {
  // The dashboard's and the orders page's list: the body stays the spec's array; the next page's address comes in `Link`.
  const list = async (ctx: AppContext) => {
    const query: OrderListQuery = parseQuery(orderListQuerySchema, ctx.query);
    const page = await orderReport.listOrders(query);
    sendPage(ctx, page.orders, page.nextCursor);
  };
  api.get('/api/orders', 'order-management', list);
  api.get('/api/admin/orders', 'order-management', list);

  api.get('/api/admin/orders.csv', 'order-management', (ctx) => {
    const { status, search } = parseQuery(orderListQuerySchema, ctx.query);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="orders_export_${new Date().toISOString().slice(0, 10)}.csv"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = orderReport.exportCsv({ status, search });
  });

  api.get('/api/admin/stats', 'order-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await orderReport.stats();
  });
}
