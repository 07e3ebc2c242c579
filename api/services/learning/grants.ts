/** Admin grants (an entitlement with source `grant`) and revocations of any entitlement, audited. */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { EntitlementDto, GrantRequest } from '@contracts/learning';
import { Course, Entitlement, User } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';

const dto = (e: Entitlement): EntitlementDto => ({
  id: e.id,
  userId: e.userId,
  courseId: e.courseId,
  source: e.source,
  startsAt: e.startsAt,
  endsAt: e.endsAt,
  revokedAt: e.revokedAt,
  revokedReason: e.revokedReason,
});

export class GrantService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async grant(actor: Actor, body: GrantRequest, record?: RecordAnswer<EntitlementDto>): Promise<EntitlementDto> {
    const now = this.o.clock().toISOString();
    if (body.endsAt && body.endsAt <= now) throw AppError.badRequest('endsAt must be in the future');
    return transaction(this.o.knex, async (trx) => {
      const user = await User.query(trx).where('email', body.email).first().select('id');
      if (!user) throw AppError.notFound('No account has this e-mail address');
      if (!(await Course.query(trx).findById(body.courseId).whereNull('archived_at').select('id'))) throw AppError.notFound('Course not found');
      const row = {
        id: crypto.randomUUID(),
        userId: user.id,
        courseId: body.courseId,
        source: 'grant' as const,
        sourceId: crypto.randomUUID(),
        orderItemId: null,
        pricingTierId: null,
        startsAt: now,
        endsAt: body.endsAt ? new Date(body.endsAt).toISOString() : null,
        createdAt: now,
      };
      await Entitlement.query(trx).insert(row);
      const granted = dto(Entitlement.fromJson({ ...row, revokedAt: null, revokedReason: null, revokedBy: null }));
      await recordAudit(
        trx,
        actor,
        {
          entity: 'entitlement',
          entityId: row.id,
          action: 'create',
          before: null,
          after: { ...granted },
          summary: `Granted ${body.email} a course${body.reason ? `: ${body.reason}` : ''}`,
        },
        now,
      );
      await record?.(trx, granted);
      return granted;
    });
  }

  async revoke(actor: Actor, id: string, reason: string, record?: RecordAnswer<EntitlementDto>): Promise<EntitlementDto> {
    const now = this.o.clock().toISOString();
    return transaction(this.o.knex, async (trx) => {
      const before = await Entitlement.query(trx).findById(id);
      if (!before) throw AppError.notFound('Entitlement not found');
      if (before.revokedAt) throw AppError.conflict('This entitlement was revoked already');
      await Entitlement.query(trx).findById(id).whereNull('revoked_at').patch({ revokedAt: now, revokedReason: reason, revokedBy: actor.id });
      const after = dto((await Entitlement.query(trx).findById(id))!);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'entitlement',
          entityId: id,
          action: 'update',
          before: { revokedAt: null },
          after: { revokedAt: now, reason },
          summary: `Revoked access: ${reason}`,
        },
        now,
      );
      await record?.(trx, after);
      return after;
    });
  }

  /** A person's entitlements (admin view), newest first. */
  async ofCourse(courseId: string): Promise<EntitlementDto[]> {
    return (await Entitlement.query(this.o.knex).where('course_id', courseId).orderBy('created_at', 'desc').limit(500)).map(dto);
  }
}
