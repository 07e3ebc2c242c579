/** Cancellation policies per course type (issue 35): an admin's, else the default (`contracts/bookings.ts`). */
import type { Knex } from 'knex';
import { CancellationPolicyRow } from '@db/models';
import { transaction } from '@db/transaction';
import { defaultPolicy, type CancellationPolicy, type CancellationPolicyRequest } from '@contracts/bookings';
import { COURSE_TYPES, type CourseType } from '@contracts/course-types';
import type { Clock } from '@api/lib/clock';
import { recordAudit, type Actor } from '../platform/audit';

export async function policyFor(db: Knex, courseType: CourseType): Promise<CancellationPolicy> {
  const row = await CancellationPolicyRow.query(db).findById(courseType);
  return row ? policyOf(row) : defaultPolicy(courseType);
}

function policyOf(row: CancellationPolicyRow): CancellationPolicy {
  return {
    courseType: row.courseType,
    refundTiers: row.refundTiers,
    transferUntilHours: row.transferUntilHours,
    sessionChangeUntilHours: row.sessionChangeUntilHours,
  };
}

/** Every course type's policy at once (My Training reads them for all its cards). */
export async function allPolicies(db: Knex): Promise<Map<CourseType, CancellationPolicy & { isDefault: boolean }>> {
  const rows = new Map((await CancellationPolicyRow.query(db)).map((row) => [row.courseType, row]));
  return new Map(
    COURSE_TYPES.map((type) => {
      const row = rows.get(type);
      return [type, row ? { ...policyOf(row), isDefault: false } : { ...defaultPolicy(type), isDefault: true }];
    }),
  );
}

export class CancellationPolicies {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async list() {
    return { policies: [...(await allPolicies(this.o.knex)).values()] };
  }

  async update(actor: Actor, courseType: CourseType, body: CancellationPolicyRequest) {
    const nowIso = this.o.clock().toISOString();
    const refundTiers = [...body.refundTiers].sort((a, b) => b.daysBefore - a.daysBefore);
    await transaction(this.o.knex, async (trx) => {
      const before = await policyFor(trx, courseType);
      // A client from before moves existed sends no `sessionChangeUntilHours`: the current value stays.
      const sessionChangeUntilHours = body.sessionChangeUntilHours === undefined ? before.sessionChangeUntilHours : body.sessionChangeUntilHours;
      const row = { courseType, refundTiers, transferUntilHours: body.transferUntilHours, sessionChangeUntilHours, updatedBy: actor.id, updatedAt: nowIso };
      // The first change of a type inserts its row (two admins at once: one insert, both patches).
      await CancellationPolicyRow.insertMany(trx, [row], { ignoreConflictsOn: ['course_type'] });
      await CancellationPolicyRow.query(trx).findById(courseType).patch(row);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'cancellation_policy',
          entityId: courseType,
          action: 'update',
          before: { refundTiers: before.refundTiers, transferUntilHours: before.transferUntilHours, sessionChangeUntilHours: before.sessionChangeUntilHours },
          after: { refundTiers, transferUntilHours: body.transferUntilHours, sessionChangeUntilHours },
          summary: `Changed the cancellation policy of ${courseType.replace(/_/g, ' ')}s`,
        },
        nowIso,
      );
    });
    return (await allPolicies(this.o.knex)).get(courseType)!;
  }

  /** Back to the default of its type (the admin's row goes; later changes of the default apply). Resetting a default policy changes nothing. */
  async reset(actor: Actor, courseType: CourseType) {
    const nowIso = this.o.clock().toISOString();
    await transaction(this.o.knex, async (trx) => {
      const before = await CancellationPolicyRow.query(trx).findById(courseType);
      if (!before || (await CancellationPolicyRow.query(trx).deleteById(courseType)) !== 1) return;
      await recordAudit(
        trx,
        actor,
        {
          entity: 'cancellation_policy',
          entityId: courseType,
          action: 'delete',
          before: { refundTiers: before.refundTiers, transferUntilHours: before.transferUntilHours, sessionChangeUntilHours: before.sessionChangeUntilHours },
          after: null,
          summary: `Reset the cancellation policy of ${courseType.replace(/_/g, ' ')}s to the default`,
        },
        nowIso,
      );
    });
    return (await allPolicies(this.o.knex)).get(courseType)!;
  }
}
