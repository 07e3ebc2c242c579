/**
 * Who may open a course's lessons, decided from entitlements at every request (learning spec):
 * a live entitlement of the person, or staff who manage courses (to build and check the content).
 */
import type { Knex } from 'knex';
import { allows } from '@contracts/access';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { Entitlement } from '@db/models';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { whereLive } from '../enrollments/entitlements';

export interface CourseAccess {
  /** Manages courses: may open every lesson and sees the staff fields. */
  staff: boolean;
  /** The person's live entitlements to the course (empty for staff who have none). */
  entitlements: Entitlement[];
}

/** Which source wins when a person holds a course several ways (My Training shows one). */
export const SOURCE_RANK: Record<string, number> = { order: 0, seat: 1, grant: 2, membership: 3 };

export class LearningAccess {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  /** The live entitlements of `userId` to `courseId`, best source first. */
  async live(userId: string, courseId: string): Promise<Entitlement[]> {
    const query = Entitlement.query(this.o.knex).where({ user_id: userId, course_id: courseId });
    whereLive(query, this.o.clock().toISOString());
    const rows = await query;
    return rows.sort((a, b) => (SOURCE_RANK[a.source] ?? 9) - (SOURCE_RANK[b.source] ?? 9));
  }

  /** What the caller may do with the course: null when they may not open its lessons. */
  async of(user: AuthenticatedUser | null, courseId: string): Promise<CourseAccess | null> {
    if (!user) return null;
    const staff = allows('course-management', user);
    const entitlements = await this.live(user.id, courseId);
    return staff || entitlements.length > 0 ? { staff, entitlements } : null;
  }

  /** 401 signed out, 403 without a live entitlement (staff pass). */
  async require(user: AuthenticatedUser | null, courseId: string): Promise<CourseAccess> {
    if (!user) throw new AppError('unauthorized', LEARNING_MESSAGES.signIn);
    const access = await this.of(user, courseId);
    if (!access) throw new AppError('forbidden', LEARNING_MESSAGES.notEntitled);
    return access;
  }
}

/** Whether the access includes a lesson's material (handouts, transcript): staff, a tier it names, or a right without a tier. */
export function includesMaterial(access: CourseAccess, materialTierIds: string[] | null): boolean {
  if (access.staff || !materialTierIds || materialTierIds.length === 0) return true;
  return access.entitlements.some((e) => !e.pricingTierId || materialTierIds.includes(e.pricingTierId));
}
