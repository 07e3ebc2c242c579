/**
 * Orders for the back office (back-office spec §2, §7, §9): pages newest first, continued by keyset
 * on (created_at, id) (`keyset-page.ts`) so a page never repeats or skips an order however many arrive meanwhile;
 * filters by status and by e-mail, name or order-id prefix; the lines of a page read in one query;
 * and the CSV export, streamed page by page (constant memory) with cells neutralised against
 * formula injection. The figures (`stats`) are computed by the database.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Knex } from 'knex';
import { raw, type QueryBuilder } from 'objection';
import { Course, Instructor, Order, OrderItem, type Refund } from '@db/models';
import { ORDER_CSV_COLUMNS, ORDER_PAGE_DEFAULT, type AdminOrder, type AdminStats, type OrderListQuery } from '@contracts/admin-orders';
import { centsToDecimal } from '../../lib/money';
import { keysetPage, likeLiteral } from '../platform/keyset-page';
import { refundFailedFigure, refundFigures, refundsOf, toAdminRefund } from './refunds/refund-view';

export interface OrderReportOptions {
  knex: Knex;
}

function filtered(query: QueryBuilder<Order, Order[]>, { status, search }: Pick<OrderListQuery, 'status' | 'search'>): QueryBuilder<Order, Order[]> {
  if (status) query.where('orders.status', status);
  const term = search?.trim().toLowerCase();
  if (term) {
    const pattern = `%${likeLiteral(term)}%`;
    query.where((w) =>
      w
        .whereRaw(`lower(orders.customer_email) like ? escape '!'`, [pattern])
        .orWhereRaw(`lower(orders.customer_name) like ? escape '!'`, [pattern])
        .orWhereRaw(`orders.id like ? escape '!'`, [`${likeLiteral(term)}%`]),
    );
  }
  return query;
}

function toAdminOrder(order: Order, items: OrderItem[], refunds: Refund[]): AdminOrder {
  return {
    id: order.id,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    items: items.map((item) => ({ title: item.title, tierName: item.tierName, price: centsToDecimal(item.priceCents), quantity: item.quantity })),
    total: centsToDecimal(order.totalCents),
    status: order.status,
    createdAt: order.createdAt,
    stripePaymentIntentId: order.stripePaymentIntentId,
    paymentState: order.stripePaymentIntentId ? 'paid' : 'pending',
    ...refundFigures(order, refunds),
    refundDue: order.refundDueCents > 0 ? centsToDecimal(order.refundDueCents) : null,
    refundReason: order.refundDueCents > 0 ? order.refundReason : null,
    refunds: refunds.map(toAdminRefund),
    ...refundFailedFigure(refunds),
  };
}

export class OrderReportService {
  constructor(private readonly o: OrderReportOptions) {}

  /** One page, newest first, and the cursor of the next (null at the end). */
  async listOrders(query: OrderListQuery): Promise<{ orders: AdminOrder[]; nextCursor: string | null }> {
    const { rows: orders, nextCursor } = await keysetPage(filtered(Order.query(this.o.knex), query), 'orders', {
      limit: query.limit ?? ORDER_PAGE_DEFAULT,
      cursor: query.cursor,
    });
    // Every line of the page in one query (no query per order).
    const items = orders.length
      ? await OrderItem.query(this.o.knex)
          .whereIn(
            'order_id',
            orders.map((order) => order.id),
          )
          .orderBy([{ column: 'order_id' }, { column: 'position' }])
      : [];
    const byOrder = new Map<string, OrderItem[]>(orders.map((order) => [order.id, []]));
    for (const item of items) byOrder.get(item.orderId)!.push(item);
    const refunds = await refundsOf(
      this.o.knex,
      orders.map((order) => order.id),
    );
    return { orders: orders.map((order) => toAdminOrder(order, byOrder.get(order.id) ?? [], refunds.get(order.id) ?? [])), nextCursor };
  }

  /** The CSV export of every order matching the filters: UTF-8 with a BOM, streamed 500 orders at a time. */
  exportCsv(query: Pick<OrderListQuery, 'status' | 'search'>): Readable {
    const csv = stringify({ header: true, columns: [...ORDER_CSV_COLUMNS], bom: true, cast: { string: neutralise } });
    const listOrders = (cursor: string | undefined) => this.listOrders({ ...query, limit: 500, cursor });
    async function* rows() {
      let cursor: string | undefined;
      do {
        const page = await listOrders(cursor);
        for (const order of page.orders) yield csvRow(order);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    return Readable.from(rows()).pipe(csv);
  }

  /** The dashboard's and the orders page's figures, computed by the database. */
  async stats(): Promise<AdminStats> {
    const db = this.o.knex;
    const [instructors, orders, types] = await Promise.all([
      Instructor.query(db).resultSize(),
      Order.query(db)
        .select(raw('count(*) as total'))
        // Completed orders, less what was refunded of them (an order refunded in full is `refunded`).
        .select(raw(`coalesce(sum(case when status = 'completed' then total_cents - refunded_cents else 0 end), 0) as revenue`))
        .select(raw(`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0) as pending`))
        .first()
        .castTo<{ total: number | string; revenue: number | string; pending: number | string }>(),
      Course.query(db)
        .modify('notArchived')
        .select('type', raw(`case when lower(coalesce(category, '')) = 'pack' then 1 else 0 end as is_pack`))
        .count('* as n')
        .groupBy('type', raw(`case when lower(coalesce(category, '')) = 'pack' then 1 else 0 end`))
        .castTo<Array<{ type: string; isPack: number | string; n: number | string }>>(),
    ]);
    const count = (match: (row: { type: string; pack: boolean }) => boolean) =>
      types.filter((row) => match({ type: row.type, pack: Number(row.isPack) === 1 })).reduce((sum, row) => sum + Number(row.n), 0);
    return {
      // Every course falls in one group of the per-type counts.
      totalCourses: count(() => true),
      totalInstructors: instructors,
      totalRevenue: centsToDecimal(Number(orders?.revenue ?? 0)),
      totalOrders: Number(orders?.total ?? 0),
      pendingOrders: Number(orders?.pending ?? 0),
      courseTypes: {
        liveSeminars: count((r) => r.type === 'live_seminar'),
        liveWebinars: count((r) => (r.type === 'live_webinar' || r.type === 'webinar') && !r.pack),
        recordedSeminars: count((r) => r.type === 'recorded_seminar'),
        recordedWebinars: count((r) => r.type === 'recorded_webinar' || r.type === 'recorded_course'),
        webinarPacks: count((r) => r.pack),
      },
    };
  }
}

/** A spreadsheet would run a cell starting with =, +, -, @, tab or carriage return as a formula: such cells get a leading apostrophe. */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvRow(order: AdminOrder): string[] {
  const items = order.items.map((item) => `${item.title}${item.tierName ? ` (${item.tierName})` : ''} x${item.quantity}`).join('; ');
  return [
    order.id,
    order.customerEmail || 'Guest',
    order.customerName || 'Customer',
    items,
    order.total,
    order.status,
    order.createdAt,
    order.stripePaymentIntentId ?? '',
  ];
}
