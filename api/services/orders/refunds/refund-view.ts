/** How refunds read on the wire (`contracts/admin-orders.ts`): a refund, and an order's refund figures. */
import type { Knex } from 'knex';
import { Order, Refund } from '@db/models';
import { REFUNDABLE_STATUSES, type AdminOrderStatus, type AdminRefund, type RefundResult } from '@contracts/admin-orders';
import { centsToDecimal } from '@api/lib/money';

/** Statuses whose money was taken and may be refunded (a fact of the contract: the orders page reads it too). */
export { REFUNDABLE_STATUSES };

export function toAdminRefund(refund: Refund): AdminRefund {
  return {
    id: refund.id,
    amount: centsToDecimal(refund.amountCents),
    reason: refund.reason,
    status: refund.status,
    creditNoteNumber: refund.creditNoteNumber,
    processorRefundId: refund.processorRefundId,
    createdAt: refund.createdAt,
  };
}

/** An order's refund figures: refunded (what the processor refunded) and what may still be refunded (less refunds under way). */
export function refundFigures(order: Pick<Order, 'status' | 'totalCents' | 'refundedCents'>, refunds: Refund[]): { refunded: string; refundable: string } {
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
  const open = (REFUNDABLE_STATUSES as readonly string[]).includes(order.status);
  return { refunded: centsToDecimal(refunded), refundable: centsToDecimal(open ? Math.max(0, order.totalCents - order.refundedCents) : 0) };
}

/**
 * What failed at the processor after it was issued (decimal string; its credit note stands, the
 * customer is still owed it): the order's "refund failed" flag for staff, absent when nothing did.
 */
export function refundFailedFigure(refunds: Refund[]): { refundFailed?: string } {
  const failed = refunds.filter((r) => r.status === 'failed' && r.creditNoteNumber).reduce((sum, r) => sum + r.amountCents, 0);
  return failed > 0 ? { refundFailed: centsToDecimal(failed) } : {};
}

/** The refunds of these orders, oldest first, in one query. */
export async function refundsOf(db: Knex, orderIds: string[]): Promise<Map<string, Refund[]>> {
  const byOrder = new Map<string, Refund[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await Refund.query(db)
    .whereIn('order_id', orderIds)
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** What the refund route answers, read in `db` (the refund's transaction, or after it). */
export async function refundResult(db: Knex, refundId: string): Promise<RefundResult> {
  const refund = await Refund.query(db).findById(refundId).throwIfNotFound();
  const order = await Order.query(db).findById(refund.orderId).select('id', 'status', 'total_cents', 'refunded_cents').throwIfNotFound();
  const refunds = (await refundsOf(db, [order.id])).get(order.id) ?? [];
  return {
    refund: toAdminRefund(refund),
    order: { id: order.id, status: order.status as AdminOrderStatus, total: centsToDecimal(order.totalCents), ...refundFigures(order, refunds) },
  };
}
