/**
 * The organisations' order steps (`orders/checkout/order-steps.ts`): a paid order bought for an
 * organisation (`orders.org_id`) makes one unassigned seat per unit of each course line (the buyer
 * is given nothing themselves: they assign a seat to themselves like to anyone); refunded in
 * full, its seats are void and the rights they gave are revoked (kept, with why and who), in the
 * refund's transaction.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Entitlement, OrgMember, OrgSeat, type Order } from '@db/models';
import { appendRecord } from './training-record';

export async function createOrderSeats(trx: Knex.Transaction, order: Order, now: Date): Promise<void> {
  if (!order.orgId || order.kind !== 'courses') return;
  const nowIso = now.toISOString();
  const seats = (order.items ?? [])
    .filter((line) => line.courseId)
    .flatMap((line) =>
      Array.from({ length: line.quantity }, (_, index) => ({
        id: crypto.randomUUID(),
        orgId: order.orgId!,
        courseId: line.courseId!,
        orderId: order.id,
        orderItemId: line.id,
        number: index + 1,
        memberId: null,
        entitlementId: null,
        assignedAt: null,
        assignments: 0,
        voidedAt: null,
        createdAt: nowIso,
      })),
    );
  await OrgSeat.insertMany(trx, seats, { ignoreConflictsOn: ['order_item_id', 'number'] });
}

export async function voidOrderSeats(trx: Knex.Transaction, order: Order, cause: { reason: string; actorId: string | null }, now: Date): Promise<void> {
  if (!order.orgId) return;
  const nowIso = now.toISOString();
  const seats = await OrgSeat.query(trx).where('order_id', order.id).whereNull('voided_at');
  if (seats.length === 0) return;
  await OrgSeat.query(trx)
    .whereIn(
      'id',
      seats.map((s) => s.id),
    )
    .patch({ voidedAt: nowIso });
  const rights = seats.map((s) => s.entitlementId).filter((id): id is string => !!id);
  if (rights.length) {
    await Entitlement.query(trx)
      .whereIn('id', rights)
      .whereNull('revoked_at')
      .patch({ revokedAt: nowIso, revokedReason: cause.reason.slice(0, 200), revokedBy: cause.actorId });
  }
  const holders = await OrgMember.query(trx)
    .whereIn(
      'id',
      seats.map((s) => s.memberId).filter((id): id is string => !!id),
    )
    .whereNotNull('user_id')
    .select('id', 'user_id');
  const userOf = new Map(holders.map((m) => [m.id, m.userId!]));
  await appendRecord(
    trx,
    seats
      .filter((s) => s.memberId && userOf.has(s.memberId) && s.entitlementId)
      .map((s) => ({
        userId: userOf.get(s.memberId!)!,
        type: 'revoked' as const,
        orgId: order.orgId,
        courseId: s.courseId,
        data: { seatId: s.id, reason: cause.reason },
      })),
    now,
  );
}
