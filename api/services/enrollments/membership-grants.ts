/**
 * What a membership order gives an account: its plan, unless the account has that plan or a
 * higher one already (BUSINESS is never turned into PRIME). Used at fulfilment for the signed-in
 * buyer and at sign-in for memberships that waited for their owner (`services/enrollments.ts`).
 */
import type { Knex } from 'knex';
import { User, type MembershipType } from '@db/models';

/** The plans that a plan may replace: only lower ones. */
export const LOWER_PLANS: Record<MembershipType, MembershipType[]> = { prime: [], business: ['prime'] };

/** The higher of two plans (null for none). */
export function higherPlan(a: MembershipType | null, b: MembershipType | null): MembershipType | null {
  if (!a || !b) return a ?? b;
  return LOWER_PLANS[a].includes(b) ? a : b;
}

/** Gives the account `plan` unless it has that plan or a higher one: one conditional UPDATE. */
export async function applyMembership(db: Knex, userId: string, plan: MembershipType, nowIso: string): Promise<void> {
  await User.query(db)
    .findById(userId)
    .where((w) => w.whereNull('membership_type').orWhereIn('membership_type', LOWER_PLANS[plan]))
    .patch({ membershipType: plan, updatedAt: nowIso });
}
