/**
 * Staff writes to courses: create (with the spec's defaults and a generated code when none is
 * given), update (optimistic: a stale version is refused with the current copy; the code never
 * changes), delete (archived instead when the course has buyers). Each write is one transaction
 * that also records the catalogue change (delta sync, cached answers) and an audit entry.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { isUniqueViolation } from '@db/errors';
import { Course, Enrollment, Instructor, OrderItem, PricingTier } from '@db/models';
import { transaction } from '@db/transaction';
import type { Course as CourseDto } from '@contracts/catalogue';
import { COURSE_MESSAGES, generateCourseCode, type CourseWrite } from '@contracts/course-admin';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { ifMatchAllows, type IfMatch } from '@api/lib/if-match';
import type { RecordAnswer } from '../platform/idempotency-service';
import { toCourseDto } from '../catalogue/catalogue-serializers';
import { recordAudit, type Actor } from '../platform/audit';
import { assertCourseRules, fieldsFromBody, kindLabel, newCourseFields } from './course-fields';
import { inviteChange, recordInviteChange, sessionTimes } from '../calendar/calendar-invites';

/** Which image paths a save may reference (uploads that passed their checks, seeded images): services/uploads. */
export interface ImageGate {
  assertUsable(knex: Knex, path: string | null | undefined, current?: string | null): Promise<void>;
}

export interface CourseAdminOptions {
  knex: Knex;
  clock: Clock;
  images: ImageGate;
  /** Mails the calendar updates and cancellations a write made due (services/calendar); the minute job retries what fails. */
  calendarMail?: { sendDue(): Promise<number> };
  /** Brings the course's meeting at Zoom in line after a write (services/meetings); its sweep retries what fails. */
  meetings?: { courseChanged(courseId: string): Promise<void> };
}

/** Calendar updates a write made due go out once it has committed (a failure waits for the minute job). */
async function mailCalendarChanges(o: CourseAdminOptions): Promise<void> {
  await o.calendarMail?.sendDue().catch(() => undefined);
}

/** A committed write that may move or call off the course's live session: its Zoom meeting follows (a failure waits for the sweep). */
async function followMeeting(o: CourseAdminOptions, courseId: string): Promise<void> {
  await o.meetings?.courseChanged(courseId).catch(() => undefined);
}

export const STALE_MESSAGE = 'This course was changed by someone else since you opened it. Review the current version and try again.';

/** A versioned write's preconditions (`If-Match`) and its Idempotency-Key's answer, recorded in its transaction. */
export interface VersionedWrite<T> {
  ifMatch?: IfMatch;
  record?: RecordAnswer<T>;
}

/** Thrown inside a write's transaction to roll back what it did when its conditional statement found the course moved on. */
class MovedOn extends Error {}

/** The stored values an audit entry compares. */
const auditView = (course: Course): Record<string, unknown> => {
  const { instructor: _i, pricingTiers: _t, ...fields } = course.toJSON() as Record<string, unknown>;
  return fields;
};

/** The course as written, with its instructor: what the audit compares and what the write answers. */
async function stored(db: Knex, id: string): Promise<Course> {
  const course = await Course.query(db).findById(id).withGraphFetched('instructor');
  if (!course) throw AppError.notFound('Course not found');
  return course;
}

async function courseDto(db: Knex, id: string): Promise<CourseDto> {
  return toCourseDto(await stored(db, id));
}

/** A staff-visible course (archived ones are gone), locked for the write when the engine can. */
async function editable(trx: Knex.Transaction, id: string): Promise<Course> {
  const course = await Course.query(trx).findById(id).modify('notArchived');
  if (!course) throw AppError.notFound('Course not found');
  return course;
}

async function assertInstructor(trx: Knex.Transaction, instructorId: unknown): Promise<void> {
  if (typeof instructorId === 'string' && !(await Instructor.query(trx).findById(instructorId).select('id')))
    throw AppError.badRequest(COURSE_MESSAGES.instructorId);
}

/** 409 with the current copy: the body's `version` is stale (or a write without one lost a race). */
async function stale(db: Knex, id: string): Promise<never> {
  throw AppError.conflict(STALE_MESSAGE, { current: await courseDto(db, id) });
}

/** 412 (RFC 9110): `If-Match` names no current version; the current copy comes along, as with 409. */
async function preconditionFailed(db: Knex, id: string): Promise<never> {
  const current = await courseDto(db, id);
  throw new AppError(
    'precondition_failed',
    `If-Match does not match this course's current version ("${current.version}"): it was changed since you read it. Review the current version and try again.`,
    { current },
  );
}

/** A duplicate's series (issue 35): the copy joins `id`, and the original, when it had none, starts it. */
export interface NewSession {
  seriesId: string;
  sourceId: string;
}

export async function createCourse(
  o: CourseAdminOptions,
  actor: Actor,
  body: CourseWrite,
  record?: RecordAnswer<CourseDto>,
  session?: NewSession,
): Promise<CourseDto> {
  const fields = newCourseFields(body);
  assertCourseRules(fields);
  const nowIso = o.clock().toISOString();
  // A client working offline names the course itself, so its later edits and tiers can refer to it.
  const id = body.id ?? crypto.randomUUID();
  const year = o.clock().getUTCFullYear();
  const generated = !fields.code;
  for (let attempt = 0; ; attempt += 1) {
    const code = generated ? generateCourseCode(fields.type === 'live_seminar' ? 'SEM' : 'LIVE', year) : (fields.code as string);
    try {
      return await transaction(o.knex, async (trx) => {
        if (body.id && (await Course.query(trx).findById(body.id))) throw AppError.conflict('A course with this id already exists');
        await assertInstructor(trx, fields.instructorId);
        await o.images.assertUsable(trx, fields.image as string | null | undefined);
        await o.images.assertUsable(trx, fields.instructorImage as string | null | undefined);
        await Course.query(trx).insert({
          ...fields,
          id,
          code,
          seriesId: session?.seriesId ?? null,
          seatsHeld: 0,
          version: 1,
          archivedAt: null,
          createdAt: nowIso,
          updatedAt: nowIso,
        });
        if (session) await Course.query(trx).findById(session.sourceId).whereNull('series_id').patch({ seriesId: session.seriesId });
        await recordCatalogueChanges(trx, [{ entity: 'course', entityId: id, action: 'upsert' }], new Date(nowIso));
        const created = await stored(trx, id);
        await recordAudit(
          trx,
          actor,
          {
            entity: 'course',
            entityId: id,
            action: 'create',
            before: null,
            after: auditView(created),
            summary: `Created ${kindLabel(created)} “${created.title}”`,
          },
          nowIso,
        );
        const dto = toCourseDto(created);
        await record?.(trx, dto);
        return dto;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (!generated || attempt >= 4) throw AppError.conflict(COURSE_MESSAGES.codeTaken);
    }
  }
}

export async function updateCourse(
  o: CourseAdminOptions,
  actor: Actor,
  id: string,
  body: CourseWrite,
  { ifMatch, record }: VersionedWrite<CourseDto> = {},
): Promise<CourseDto> {
  const nowIso = o.clock().toISOString();
  const outcome = await transaction(o.knex, async (trx) => {
    const course = await editable(trx, id);
    if (ifMatch && !ifMatchAllows(ifMatch, course.version)) return 'precondition' as const;
    if (body.version !== undefined && body.version !== course.version) return 'stale' as const;
    if (body.code !== undefined && body.code !== '' && body.code !== course.code) throw AppError.badRequest(COURSE_MESSAGES.codeFixed);
    const fields = fieldsFromBody(body);
    delete fields.code;
    assertCourseRules({ ...course, ...fields } as PartialModelObject<Course>);
    await assertInstructor(trx, fields.instructorId);
    await o.images.assertUsable(trx, fields.image as string | null | undefined, course.image);
    await o.images.assertUsable(trx, fields.instructorImage as string | null | undefined, course.instructorImage);
    // Conditional on the version read: of two writers from one version exactly one succeeds.
    const written = await Course.query(trx)
      .findById(id)
      .where('version', course.version)
      .patch({ ...fields, version: course.version + 1, updatedAt: nowIso });
    if (written !== 1) return ifMatch ? ('precondition' as const) : ('stale' as const);
    await recordCatalogueChanges(trx, [{ entity: 'course', entityId: id, action: 'upsert' }], new Date(nowIso));
    const after = await stored(trx, id);
    await recordAudit(
      trx,
      actor,
      {
        entity: 'course',
        entityId: id,
        action: 'update',
        before: auditView(course),
        after: auditView(after),
        summary: `Updated ${kindLabel(after)} “${after.title}”`,
      },
      nowIso,
    );
    // A rescheduled live session: every buyer's calendar invite gets SEQUENCE + 1 (issue 16).
    const sessionChange = inviteChange(course, after);
    if (sessionChange) await recordInviteChange(trx, id, sessionChange, nowIso);
    const dto = toCourseDto(after);
    await record?.(trx, dto);
    return dto;
  });
  if (outcome === 'precondition') return preconditionFailed(o.knex, id);
  if (outcome === 'stale') return stale(o.knex, id);
  await mailCalendarChanges(o);
  await followMeeting(o, id);
  return outcome;
}

/** Removes a course; one with orders or enrollments is archived instead (its buyers keep their history). */
export async function deleteCourse(
  o: CourseAdminOptions,
  actor: Actor,
  id: string,
  { ifMatch, record }: VersionedWrite<{ archived: boolean }> = {},
): Promise<{ archived: boolean }> {
  const nowIso = o.clock().toISOString();
  const moved = ifMatch ? ('precondition' as const) : ('stale' as const);
  const outcome = await transaction(o.knex, async (trx) => {
    const course = await editable(trx, id);
    if (ifMatch && !ifMatchAllows(ifMatch, course.version)) return 'precondition' as const;
    const [sold, enrolled] = await Promise.all([
      OrderItem.query(trx).where('course_id', id).first().select('id'),
      Enrollment.query(trx).where('course_id', id).first().select('id'),
    ]);
    if (sold || enrolled) {
      const archived = await Course.query(trx)
        .findById(id)
        .where('version', course.version)
        .patch({ isActive: false, archivedAt: nowIso, version: course.version + 1, updatedAt: nowIso });
      if (archived !== 1) return moved;
      await recordCatalogueChanges(trx, [{ entity: 'course', entityId: id, action: 'upsert' }], new Date(nowIso));
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: id,
          action: 'archive',
          before: auditView(course),
          after: { ...auditView(course), isActive: false, archivedAt: nowIso },
          summary: `Archived ${kindLabel(course)} “${course.title}” (it has buyers)`,
        },
        nowIso,
      );
      // An archived live session is called off: its buyers' invites are cancelled (issue 16).
      if (sessionTimes(course)) await recordInviteChange(trx, id, 'cancelled', nowIso);
      await record?.(trx, { archived: true });
      return 'archived' as const;
    }
    const tiers = await PricingTier.query(trx).where('course_id', id).select('id');
    await PricingTier.query(trx).where('course_id', id).delete();
    const deleted = await Course.query(trx).findById(id).where('version', course.version).delete();
    // Its tiers are gone already in this transaction: roll them back with it.
    if (deleted !== 1) throw new MovedOn();
    await recordCatalogueChanges(
      trx,
      [
        { entity: 'course' as const, entityId: id, action: 'delete' as const },
        ...tiers.map((t) => ({ entity: 'pricing_tier' as const, entityId: t.id, action: 'delete' as const })),
      ],
      new Date(nowIso),
    );
    await recordAudit(
      trx,
      actor,
      { entity: 'course', entityId: id, action: 'delete', before: auditView(course), after: null, summary: `Deleted ${kindLabel(course)} “${course.title}”` },
      nowIso,
    );
    await record?.(trx, { archived: false });
    return 'deleted' as const;
  }).catch((error: unknown) => {
    if (error instanceof MovedOn) return moved;
    throw error;
  });
  if (outcome === 'precondition') return preconditionFailed(o.knex, id);
  if (outcome === 'stale') return stale(o.knex, id);
  if (outcome === 'archived') await mailCalendarChanges(o);
  await followMeeting(o, id);
  return { archived: outcome === 'archived' };
}
