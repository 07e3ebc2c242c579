/**
 * An organisation's BUSINESS membership (issue 33, point 1): the live BUSINESS membership of one of
 * its active managers is the organisation's, and its benefits reach every active member — the
 * webinar library (entitlements of source `membership` under that membership's order, so they end
 * with it, `endLibrary`) and the plan's prices at checkout (`orgPlan`). A member who leaves loses
 * that library at once; one who joins gets it on accepting, and courses added later reach everyone
 * with the periodic sweep.
 */
import type { Knex } from 'knex';
import { MEMBERSHIP_BENEFITS, type MembershipPlan } from '@contracts/membership-benefits';
import type { CourseType } from '@contracts/course-types';
import { Entitlement, Order, OrgMember } from '@db/models';
import { AppError } from '@api/errors';
import { grantLibrary } from '../enrollments/entitlements';

const ORG_PLAN: MembershipPlan = 'business';

/** The live BUSINESS membership orders held by active managers, per organisation (or of `orgId`). */
async function orgMemberships(db: Knex | Knex.Transaction, orgId?: string): Promise<Array<{ orgId: string; orderId: string; ownerId: string }>> {
  const rows = (await Order.query(db)
    .join('users', 'users.id', 'orders.user_id')
    .join('org_members', 'org_members.user_id', 'orders.user_id')
    .where({ 'orders.kind': 'membership', 'orders.status': 'completed', 'orders.membership_plan': ORG_PLAN, 'users.membership_type': ORG_PLAN })
    .whereNull('orders.membership_ended_at')
    .where({ 'org_members.role': 'manager', 'org_members.status': 'active' })
    .modify((q) => (orgId ? q.where('org_members.org_id', orgId) : q))
    .select('org_members.org_id as org_id', 'orders.id as order_id', 'orders.user_id as owner_id')) as unknown as Array<{
    orgId: string;
    orderId: string;
    ownerId: string;
  }>;
  return rows;
}

/** The plan an organisation gives this person at checkout (null: none). */
export async function orgPlan(db: Knex, userId: string): Promise<MembershipPlan | null> {
  const member = await OrgMember.query(db).findOne({ user_id: userId, status: 'active' }).select('org_id');
  if (!member) return null;
  return (await orgMemberships(db, member.orgId)).length > 0 ? ORG_PLAN : null;
}

/** Every active member of an organisation with a BUSINESS membership holds its library (or only `userId` of `orgId`); how many rights were added. */
export async function grantOrgLibraries(db: Knex | Knex.Transaction, nowIso: string, only?: { orgId: string; userId: string }): Promise<number> {
  let granted = 0;
  for (const { orgId, orderId } of await orgMemberships(db, only?.orgId)) {
    const members = only
      ? [{ userId: only.userId }]
      : await OrgMember.query(db).where({ org_id: orgId, status: 'active' }).whereNotNull('user_id').select('user_id');
    for (const member of members) granted += await grantLibrary(db, member.userId!, orderId, ORG_PLAN, nowIso);
  }
  return granted;
}

/** A member leaving: the organisation's library ends for them now (their own memberships' do not). */
export async function endOrgLibrary(trx: Knex.Transaction, member: Pick<OrgMember, 'orgId' | 'userId'>, nowIso: string): Promise<void> {
  if (!member.userId) return;
  // Their own membership, if they hold the organisation's, stays theirs.
  const others = (await orgMemberships(trx, member.orgId)).filter((m) => m.ownerId !== member.userId).map((m) => m.orderId);
  if (others.length === 0) return;
  await Entitlement.query(trx)
    .where({ user_id: member.userId, source: 'membership' })
    .whereIn('source_id', others)
    .whereNull('revoked_at')
    .where((w) => w.whereNull('ends_at').orWhere('ends_at', '>', nowIso))
    .patch({ endsAt: nowIso });
}

/** Seats are not sold for what the organisation's membership already gives every member (409, naming the course). */
export async function refuseIncludedSeats(db: Knex, orgId: string, lines: ReadonlyArray<{ title: string; courseType: CourseType | null }>): Promise<void> {
  const included = lines.find((line) => line.courseType && MEMBERSHIP_BENEFITS[ORG_PLAN].libraryTypes.includes(line.courseType));
  if (!included || (await orgMemberships(db, orgId)).length === 0) return;
  throw AppError.conflict(`“${included.title}” is included in your organisation’s BUSINESS membership: every member has it without a seat`);
}
