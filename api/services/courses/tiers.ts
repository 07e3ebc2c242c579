/**
 * Staff writes to pricing tiers. A course has at most one default tier: the first tier becomes
 * the default, choosing another default clears the old one, and deleting the default hands it to
 * the next tier in order. A tier write is also a write to its course (version + 1), recorded in
 * the change log and the audit log in the same transaction.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { recordCatalogueChanges, type CatalogueChangeInput } from '@db/change-log';
import { Course, PricingTier } from '@db/models';
import { transaction } from '@db/transaction';
import type { PricingTier as PricingTierDto } from '@contracts/catalogue';
import type { TierUpdate, TierWrite } from '@contracts/course-admin';
import { AppError } from '@api/errors';
import { decimalToCents } from '@api/lib/money';
import { toPricingTierDto } from '../catalogue/catalogue-serializers';
import { recordAudit, type Actor } from '../platform/audit';
import type { CourseAdminOptions } from './courses';
import type { RecordAnswer } from '../platform/idempotency-service';

const tierView = (tier: PricingTier) => tier.toJSON() as Record<string, unknown>;

async function courseOf(trx: Knex.Transaction, courseId: string): Promise<Course> {
  const course = await Course.query(trx).findById(courseId).modify('notArchived');
  if (!course) throw AppError.notFound('Course not found');
  return course;
}

/** The tier's course moves to its next version, and both changes reach the sync. */
async function touchCourse(trx: Knex.Transaction, course: Course, changes: CatalogueChangeInput[], nowIso: string): Promise<number> {
  await Course.query(trx)
    .findById(course.id)
    .patch({ version: course.version + 1, updatedAt: nowIso });
  await recordCatalogueChanges(trx, [...changes, { entity: 'course', entityId: course.id, action: 'upsert' }], new Date(nowIso));
  return course.version + 1;
}

/** A tier write's answer: the tier, and the version its course moved to (a client queuing edits continues from it). */
export type TierWriteResult = PricingTierDto & { courseVersion: number };

async function clearOtherDefaults(trx: Knex.Transaction, courseId: string, keepId: string): Promise<void> {
  await PricingTier.query(trx).where('course_id', courseId).whereNot('id', keepId).where('is_default', true).patch({ isDefault: false });
}

export async function createTier(
  o: CourseAdminOptions,
  actor: Actor,
  courseId: string,
  body: TierWrite,
  record?: RecordAnswer<TierWriteResult>,
): Promise<TierWriteResult> {
  const nowIso = o.clock().toISOString();
  // A client working offline names the tier itself, so its later edits can refer to it.
  const id = body.id ?? crypto.randomUUID();
  return transaction(o.knex, async (trx) => {
    const course = await courseOf(trx, courseId);
    if (body.id && (await PricingTier.query(trx).findById(body.id))) throw AppError.conflict('A pricing tier with this id already exists');
    const count = (await PricingTier.query(trx).where('course_id', courseId).resultSize()) as number;
    const isDefault = body.isDefault ?? count === 0;
    await PricingTier.query(trx).insert({
      id,
      courseId,
      name: body.name,
      priceCents: decimalToCents(body.price),
      description: body.description ?? null,
      features: body.features ?? [],
      isDefault,
      tierLevel: body.tierLevel ?? count + 1,
      sortOrder: body.sortOrder ?? count + 1,
      createdAt: nowIso,
      updatedAt: nowIso,
    });
    if (isDefault) await clearOtherDefaults(trx, courseId, id);
    const courseVersion = await touchCourse(trx, course, [{ entity: 'pricing_tier', entityId: id, action: 'upsert' }], nowIso);
    const created = (await PricingTier.query(trx).findById(id))!;
    await recordAudit(
      trx,
      actor,
      {
        entity: 'pricing_tier',
        entityId: id,
        action: 'create',
        before: null,
        after: tierView(created),
        summary: `Added the “${body.name}” tier to “${course.title}”`,
      },
      nowIso,
    );
    const result = { ...toPricingTierDto(created), courseVersion };
    await record?.(trx, result);
    return result;
  });
}

export async function updateTier(
  o: CourseAdminOptions,
  actor: Actor,
  tierId: string,
  body: TierUpdate,
  record?: RecordAnswer<TierWriteResult>,
): Promise<TierWriteResult> {
  const nowIso = o.clock().toISOString();
  return transaction(o.knex, async (trx) => {
    const tier = await PricingTier.query(trx).findById(tierId);
    if (!tier) throw AppError.notFound('Pricing tier not found');
    const course = await courseOf(trx, tier.courseId);
    const fields: PartialModelObject<PricingTier> = { updatedAt: nowIso };
    for (const key of ['name', 'isDefault', 'sortOrder', 'tierLevel', 'description', 'features'] as const)
      if (body[key] !== undefined) (fields as Record<string, unknown>)[key] = body[key];
    if (body.price !== undefined) fields.priceCents = decimalToCents(body.price);
    await PricingTier.query(trx).findById(tierId).patch(fields);
    if (body.isDefault) await clearOtherDefaults(trx, tier.courseId, tierId);
    const courseVersion = await touchCourse(trx, course, [{ entity: 'pricing_tier', entityId: tierId, action: 'upsert' }], nowIso);
    const after = (await PricingTier.query(trx).findById(tierId))!;
    await recordAudit(
      trx,
      actor,
      {
        entity: 'pricing_tier',
        entityId: tierId,
        action: 'update',
        before: tierView(tier),
        after: tierView(after),
        summary: `Updated the “${after.name}” tier of “${course.title}”`,
      },
      nowIso,
    );
    const result = { ...toPricingTierDto(after), courseVersion };
    await record?.(trx, result);
    return result;
  });
}

export async function deleteTier(
  o: CourseAdminOptions,
  actor: Actor,
  tierId: string,
  record?: RecordAnswer<{ courseVersion: number }>,
): Promise<{ courseVersion: number }> {
  const nowIso = o.clock().toISOString();
  return transaction(o.knex, async (trx) => {
    const tier = await PricingTier.query(trx).findById(tierId);
    if (!tier) throw AppError.notFound('Pricing tier not found');
    const course = await courseOf(trx, tier.courseId);
    await PricingTier.query(trx).deleteById(tierId);
    const changes: CatalogueChangeInput[] = [{ entity: 'pricing_tier', entityId: tierId, action: 'delete' }];
    if (tier.isDefault) {
      const next = await PricingTier.query(trx)
        .where('course_id', tier.courseId)
        .orderBy([{ column: 'sort_order' }, { column: 'tier_level' }, { column: 'id' }])
        .first();
      if (next) {
        await PricingTier.query(trx).findById(next.id).patch({ isDefault: true, updatedAt: nowIso });
        changes.push({ entity: 'pricing_tier', entityId: next.id, action: 'upsert' });
      }
    }
    const courseVersion = await touchCourse(trx, course, changes, nowIso);
    await recordAudit(
      trx,
      actor,
      {
        entity: 'pricing_tier',
        entityId: tierId,
        action: 'delete',
        before: tierView(tier),
        after: null,
        summary: `Removed the “${tier.name}” tier from “${course.title}”`,
      },
      nowIso,
    );
    await record?.(trx, { courseVersion });
    return { courseVersion };
  });
}
