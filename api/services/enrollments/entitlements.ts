/**
 * Entitlements, written (learning spec: the only thing access decisions read). One row per
 * person, course and source, inserted with `INSERT … ON CONFLICT IGNORE` so fulfilment, sign-in
 * and the membership sweep may each write a right twice and it is one right. Revoking or ending
 * keeps the row: when, why and who stay as evidence.
 *
 * - `order`: each course line of a completed order whose buyer is the account (a guest's lines
 *   wait for the owner's sign-in: `grantOrders`). Revoked by a full refund.
 * - `membership`: BUSINESS's library (`MEMBERSHIP_BENEFITS`), source = the membership order;
 *   ends when that membership ends, while bought courses stay.
 * - `grant`: an admin's grant (`services/learning`).
 * - `seat`: an organisation's seat assigned to the person (`services/orgs/seats.ts`); the source
 *   id is that assignment's, and `org_seats.entitlement_id` names the seat's current one.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { MEMBERSHIP_BENEFITS, type MembershipPlan } from '@contracts/membership-benefits';
import { Course, Entitlement, Order, OrderItem } from '@db/models';

const ENTITLEMENT_KEY = ['user_id', 'course_id', 'source', 'source_id'];

/** Rows live at `nowIso`: started, not ended, not revoked. */
export function whereLive(query: Knex.QueryBuilder | any, nowIso: string, table = 'entitlements'): void {
  query
    .whereNull(`${table}.revoked_at`)
    .where(`${table}.starts_at`, '<=', nowIso)
    .where((w: Knex.QueryBuilder) => w.whereNull(`${table}.ends_at`).orWhere(`${table}.ends_at`, '>', nowIso));
}

/**
 * What a completed order gives its account, in the fulfilment transaction (or at sign-in): a
 * course order's lines; a BUSINESS membership order's library. Reads the order as the
 * transaction sees it (fulfilment may just have given a guest's new address its account).
 */
export async function grantOrder(trx: Knex | Knex.Transaction, orderId: string, nowIso: string): Promise<void> {
  const order = await Order.query(trx).findById(orderId).select('id', 'user_id', 'kind', 'status', 'membership_plan', 'membership_ended_at', 'org_id');
  // An organisation's order gives seats (`orgs/org-order-steps.ts`), not rights of its buyer.
  if (!order?.userId || order.status !== 'completed' || order.orgId) return;
  if (order.kind === 'membership') {
    if (!order.membershipEndedAt && order.membershipPlan) await grantLibrary(trx, order.userId, order.id, order.membershipPlan as MembershipPlan, nowIso);
    return;
  }
  const lines = await OrderItem.query(trx).where('order_id', orderId).whereNotNull('course_id').select('id', 'course_id', 'pricing_tier_id');
  await Entitlement.insertMany(
    trx,
    lines.map((line) => ({
      id: crypto.randomUUID(),
      userId: order.userId!,
      courseId: line.courseId!,
      source: 'order' as const,
      sourceId: order.id,
      orderItemId: line.id,
      pricingTierId: line.pricingTierId,
      startsAt: nowIso,
      endsAt: null,
      createdAt: nowIso,
    })),
    { ignoreConflictsOn: ENTITLEMENT_KEY },
  );
}

/** The courses a plan's library holds (live, unarchived courses of its types). */
async function libraryCourseIds(db: Knex | Knex.Transaction, plan: MembershipPlan): Promise<string[]> {
  const types = MEMBERSHIP_BENEFITS[plan].libraryTypes;
  if (types.length === 0) return [];
  const rows = await Course.query(db)
    .whereIn('type', types as string[])
    .where('is_active', true)
    .whereNull('archived_at')
    .select('id');
  return rows.map((row) => row.id);
}

/** A membership order's library for its account, once per course. */
export async function grantLibrary(db: Knex | Knex.Transaction, userId: string, orderId: string, plan: MembershipPlan, nowIso: string): Promise<number> {
  const courseIds = await libraryCourseIds(db, plan);
  if (courseIds.length === 0) return 0;
  const existing = new Set(
    (await Entitlement.query(db).where({ user_id: userId, source: 'membership', source_id: orderId }).select('course_id')).map((row) => row.courseId),
  );
  const missing = courseIds.filter((id) => !existing.has(id));
  await Entitlement.insertMany(
    db,
    missing.map((courseId) => ({
      id: crypto.randomUUID(),
      userId,
      courseId,
      source: 'membership' as const,
      sourceId: orderId,
      orderItemId: null,
      pricingTierId: null,
      startsAt: nowIso,
      endsAt: null,
      createdAt: nowIso,
    })),
    { ignoreConflictsOn: ENTITLEMENT_KEY },
  );
  return missing.length;
}

/**
 * Courses added to a plan's library after a member joined: every live membership order whose
 * account holds that plan gets the missing ones (the periodic sweep, and after a course write).
 */
export async function syncLibraries(knex: Knex, nowIso: string): Promise<number> {
  let granted = 0;
  for (const plan of Object.keys(MEMBERSHIP_BENEFITS) as MembershipPlan[]) {
    if (MEMBERSHIP_BENEFITS[plan].libraryTypes.length === 0) continue;
    const orders = await Order.query(knex)
      .join('users', 'users.id', 'orders.user_id')
      .where({ 'orders.kind': 'membership', 'orders.status': 'completed', 'orders.membership_plan': plan, 'users.membership_type': plan })
      .whereNull('orders.membership_ended_at')
      .select('orders.id', 'orders.user_id');
    for (const order of orders) granted += await grantLibrary(knex, order.userId!, order.id, plan, nowIso);
  }
  return granted;
}

/** A membership order's library ends with it (bought courses do not). */
export async function endLibrary(trx: Knex.Transaction, orderId: string, nowIso: string): Promise<void> {
  await Entitlement.query(trx)
    .where({ source: 'membership', source_id: orderId })
    .whereNull('revoked_at')
    .where((w) => w.whereNull('ends_at').orWhere('ends_at', '>', nowIso))
    .patch({ endsAt: nowIso });
}

/** A fully refunded order's rights are revoked at once (kept, with when, why and who). */
export async function revokeOrder(trx: Knex.Transaction, orderId: string, cause: { reason: string; actorId: string | null }, nowIso: string): Promise<number> {
  return Entitlement.query(trx)
    .whereIn('source', ['order', 'membership'])
    .where('source_id', orderId)
    .whereNull('revoked_at')
    .patch({ revokedAt: nowIso, revokedReason: cause.reason.slice(0, 200), revokedBy: cause.actorId });
}
