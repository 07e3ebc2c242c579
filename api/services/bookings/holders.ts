/** The people a booked seat passes between (issue 35): the holder, and a colleague's account made for a transfer. */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { Entitlement, User } from '@db/models';
import { whereLive } from '../enrollments/entitlements';
import { nameFromEmail } from '@api/lib/names';

export interface Holder {
  id: string;
  email: string;
  name: string;
}

/** The account for an address, made now (a customer) when it has none: the seat waits for them there. */
export async function accountFor(db: Knex, email: string, nowIso: string): Promise<Holder> {
  const existing = await User.query(db).findOne({ email }).select('id', 'email', 'name');
  if (existing) return { id: existing.id, email: existing.email, name: existing.name };
  const row = { id: crypto.randomUUID(), email, name: nameFromEmail(email), role: 'customer' as const, isActive: true, createdAt: nowIso, updatedAt: nowIso };
  try {
    await User.query(db).insert(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const made = await User.query(db).findOne({ email }).select('id', 'email', 'name');
    return { id: made!.id, email: made!.email, name: made!.name };
  }
  return { id: row.id, email, name: row.name };
}

/** Whether the person has a live right to the course, from any source: a transfer or a move onto it is refused. */
export async function holdsSeat(db: Knex, userId: string, courseId: string, nowIso: string): Promise<boolean> {
  const rights = Entitlement.query(db).where({ user_id: userId, course_id: courseId }).select('id');
  whereLive(rights, nowIso);
  return !!(await rights.first());
}
