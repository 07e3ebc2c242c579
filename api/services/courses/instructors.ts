/**
 * Staff writes to instructors (packs need `instructorId`): create, edit, delete when no course
 * uses them. Each write records the catalogue change and an audit entry in one transaction.
 */
import crypto from 'node:crypto';
import type { PartialModelObject } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { Course, Instructor } from '@db/models';
import { transaction } from '@db/transaction';
import type { Instructor as InstructorDto } from '@contracts/catalogue';
import type { InstructorUpdate, InstructorWrite } from '@contracts/course-admin';
import { AppError } from '@api/errors';
import { sanitizeRichText } from '@api/lib/sanitize-html';
import { toInstructorDto } from '../catalogue/catalogue-serializers';
import { recordAudit, type Actor } from '../platform/audit';
import type { CourseAdminOptions } from './courses';
import type { RecordAnswer } from '../platform/idempotency-service';

const view = (instructor: Instructor) => instructor.toJSON() as Record<string, unknown>;

function fields(body: InstructorUpdate): PartialModelObject<Instructor> {
  const out: PartialModelObject<Instructor> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.title !== undefined) out.title = body.title;
  if (body.image !== undefined) out.image = body.image;
  if (body.expertise !== undefined) out.expertise = body.expertise;
  if (body.bio !== undefined) out.bio = sanitizeRichText(body.bio);
  return out;
}

export async function createInstructor(
  o: CourseAdminOptions,
  actor: Actor,
  body: InstructorWrite,
  record?: RecordAnswer<InstructorDto>,
): Promise<InstructorDto> {
  const nowIso = o.clock().toISOString();
  const id = body.id ?? crypto.randomUUID();
  return transaction(o.knex, async (trx) => {
    if (body.id && (await Instructor.query(trx).findById(body.id))) throw AppError.conflict('An instructor with this id already exists');
    await o.images.assertUsable(trx, body.image);
    await Instructor.query(trx).insert({ title: null, bio: null, image: null, expertise: [], ...fields(body), id, createdAt: nowIso, updatedAt: nowIso });
    await recordCatalogueChanges(trx, [{ entity: 'instructor', entityId: id, action: 'upsert' }], new Date(nowIso));
    const created = (await Instructor.query(trx).findById(id))!;
    await recordAudit(
      trx,
      actor,
      { entity: 'instructor', entityId: id, action: 'create', before: null, after: view(created), summary: `Added instructor ${body.name}` },
      nowIso,
    );
    const dto = toInstructorDto(created);
    await record?.(trx, dto);
    return dto;
  });
}

export async function updateInstructor(
  o: CourseAdminOptions,
  actor: Actor,
  id: string,
  body: InstructorUpdate,
  record?: RecordAnswer<InstructorDto>,
): Promise<InstructorDto> {
  const nowIso = o.clock().toISOString();
  return transaction(o.knex, async (trx) => {
    const before = await Instructor.query(trx).findById(id);
    if (!before) throw AppError.notFound('Instructor not found');
    await o.images.assertUsable(trx, body.image, before.image);
    await Instructor.query(trx)
      .findById(id)
      .patch({ ...fields(body), updatedAt: nowIso });
    // Courses show their linked instructor's name and photo: they change with it.
    const courses = await Course.query(trx).where('instructor_id', id).select('id');
    await recordCatalogueChanges(
      trx,
      [
        { entity: 'instructor', entityId: id, action: 'upsert' },
        ...courses.map((c) => ({ entity: 'course' as const, entityId: c.id, action: 'upsert' as const })),
      ],
      new Date(nowIso),
    );
    const after = (await Instructor.query(trx).findById(id))!;
    await recordAudit(
      trx,
      actor,
      { entity: 'instructor', entityId: id, action: 'update', before: view(before), after: view(after), summary: `Updated instructor ${after.name}` },
      nowIso,
    );
    const dto = toInstructorDto(after);
    await record?.(trx, dto);
    return dto;
  });
}

export async function deleteInstructor(o: CourseAdminOptions, actor: Actor, id: string, record?: RecordAnswer<void>): Promise<void> {
  const nowIso = o.clock().toISOString();
  await transaction(o.knex, async (trx) => {
    const instructor = await Instructor.query(trx).findById(id);
    if (!instructor) throw AppError.notFound('Instructor not found');
    const used = (await Course.query(trx).where('instructor_id', id).resultSize()) as number;
    if (used > 0) throw AppError.conflict(`This instructor is linked to ${used} course${used === 1 ? '' : 's'}; link them to someone else first.`);
    await Instructor.query(trx).deleteById(id);
    await recordCatalogueChanges(trx, [{ entity: 'instructor', entityId: id, action: 'delete' }], new Date(nowIso));
    await recordAudit(
      trx,
      actor,
      { entity: 'instructor', entityId: id, action: 'delete', before: view(instructor), after: null, summary: `Removed instructor ${instructor.name}` },
      nowIso,
    );
    await record?.(trx, undefined);
  });
}
