/**
 * Orders and figures for the back office (back-office spec §2, §7): admins, and contributors with
 * the order-management permission; and refunds (issue 29): admins only, each with an
 * Idempotency-Key (required: a refund goes through the processor exactly once per key).
 */
import { orderListQuerySchema, REFUND_RULE, type OrderListQuery, type RefundResult } from '@contracts/admin-orders';
import { LEARNING_MESSAGES, refundSchema } from '@contracts/learning';
import { AppError } from '../errors';
import type { ApiRouter, AppContext } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { OrderServices } from '../services/orders';
import type { PlatformServices } from '../services/platform';
import { actorOf, idParam, sendPage } from './route-helpers';
import { changed } from './staff-write';

export function orderAdminRoutes(
  api: ApiRouter,
  { orderReport, refunds, idempotency }: Pick<OrderServices, 'orderReport' | 'refunds'> & Pick<PlatformServices, 'idempotency'>,
): void {
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

  // The key's answer is recorded in the refund's own transaction (`keyedWrite`); the key also names the refund at the processor.
  const refund = keyedWrite<RefundResult>(
    idempotency,
    (ctx, record) =>
      refunds.refund(
        { orderId: idParam(ctx, 'Order'), actor: actorOf(ctx), request: parseBody(refundSchema, requestBody(ctx)), idempotencyKey: ctx.get('Idempotency-Key') },
        record,
      ),
    changed,
  );
  api.post('/api/admin/orders/:id/refund', REFUND_RULE, async (ctx) => {
    if (!ctx.get('Idempotency-Key')) throw AppError.badRequest(LEARNING_MESSAGES.refundKeyRequired);
    await refund(ctx);
  });
}
