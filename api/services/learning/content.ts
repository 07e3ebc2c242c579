/**
 * A course's content (issue 29): ordered modules and lessons. Staff writes run in one transaction
 * each, with the audit entry and the Idempotency-Key's answer recorded in it; text bodies are
 * sanitised on write like descriptions. The syllabus (titles, kinds, durations) is public; bodies,
 * documents, progress and video state only for the entitled or staff.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ASSESSMENT_MESSAGES } from '@contracts/assessments';
import { LEARNING_MESSAGES, type CreateLessonRequest, type Syllabus, type SyllabusLesson, type UpdateLessonRequest } from '@contracts/learning';
import { Assessment, Course, CourseModule, Lesson, LessonCaption, PricingTier, VideoAsset } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { MediaStore } from '../../integrations/media-store';
import type { Clock } from '../../lib/clock';
import { sanitizeRichText } from '../../lib/sanitize-html';
import type { Logger } from '../../logger';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import type { CourseAccess } from './access';
import { discardFiles, documentKey, lockedLesson } from './lesson-files';
import { staffLessonView, syllabusOf } from './syllabus';

/** What a lesson attach asks of the video domain: queue the finished upload's transcode. */
export interface TranscodeQueue {
  queueTranscode(assetId: string): Promise<void>;
}

export interface ContentOptions {
  knex: Knex;
  clock: Clock;
  videos: TranscodeQueue;
  /** Where a deleted lesson's PDF is removed from. */
  store: MediaStore;
  logger: Logger;
}

export interface ModuleDto {
  id: string;
  courseId: string;
  title: string;
  position: number;
}

const moduleDto = (m: CourseModule): ModuleDto => ({ id: m.id, courseId: m.courseId, title: m.title, position: m.position });

export class ContentService {
  constructor(private readonly o: ContentOptions) {}

  private now(): string {
    return this.o.clock().toISOString();
  }

  /** The lesson, or 404. */
  lesson(id: string): Promise<Lesson> {
    return this.lessonOrThrow(this.o.knex, id);
  }

  private async lessonOrThrow(db: Knex | Knex.Transaction, id: string): Promise<Lesson> {
    const lesson = await Lesson.query(db).findById(id);
    if (!lesson) throw AppError.notFound(LEARNING_MESSAGES.lessonNotFound);
    return lesson;
  }

  private async courseOrThrow(db: Knex | Knex.Transaction, id: string): Promise<Course> {
    const course = await Course.query(db).findById(id).whereNull('archived_at').select('id', 'title', 'no_skipping');
    if (!course) throw AppError.notFound('Course not found');
    return course;
  }

  /** A module of `courseId`, or a 400 when it belongs to another course (404 when there is none). */
  private async moduleOf(trx: Knex.Transaction, courseId: string, moduleId: string | null | undefined): Promise<string | null> {
    if (!moduleId) return null;
    const found = await CourseModule.query(trx).findById(moduleId).select('course_id');
    if (!found) throw AppError.notFound('Module not found');
    if (found.courseId !== courseId) throw AppError.badRequest(LEARNING_MESSAGES.moduleElsewhere);
    return moduleId;
  }

  async createModule(actor: Actor, courseId: string, title: string, record?: RecordAnswer<ModuleDto>): Promise<ModuleDto> {
    return transaction(this.o.knex, async (trx) => {
      await this.courseOrThrow(trx, courseId);
      const now = this.now();
      const last = (await CourseModule.query(trx).where('course_id', courseId).max('position as max').first()) as unknown as { max: number | null };
      const row = { id: crypto.randomUUID(), courseId, title, position: (last?.max ?? -1) + 1, createdAt: now, updatedAt: now };
      await CourseModule.query(trx).insert(row);
      const dto = moduleDto(CourseModule.fromJson(row));
      await recordAudit(
        trx,
        actor,
        { entity: 'course_module', entityId: row.id, action: 'create', before: null, after: { ...dto }, summary: `Added module "${title}"` },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  async renameModule(actor: Actor, id: string, title: string, record?: RecordAnswer<ModuleDto>): Promise<ModuleDto> {
    return transaction(this.o.knex, async (trx) => {
      const before = await CourseModule.query(trx).findById(id);
      if (!before) throw AppError.notFound('Module not found');
      const now = this.now();
      await CourseModule.query(trx).findById(id).patch({ title, updatedAt: now });
      const dto = { ...moduleDto(before), title };
      await recordAudit(
        trx,
        actor,
        { entity: 'course_module', entityId: id, action: 'update', before: { title: before.title }, after: { title }, summary: `Renamed module "${title}"` },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  /** Deletes a module; its lessons stay in the course, outside any module. */
  async deleteModule(actor: Actor, id: string, record?: RecordAnswer<void>): Promise<void> {
    return transaction(this.o.knex, async (trx) => {
      const before = await CourseModule.query(trx).findById(id);
      if (!before) throw AppError.notFound('Module not found');
      const now = this.now();
      await Lesson.query(trx).where('module_id', id).patch({ moduleId: null, updatedAt: now });
      await CourseModule.query(trx).deleteById(id);
      await recordAudit(
        trx,
        actor,
        { entity: 'course_module', entityId: id, action: 'delete', before: { title: before.title }, after: null, summary: `Deleted module "${before.title}"` },
        now,
      );
      await record?.(trx, undefined);
    });
  }

  async createLesson(actor: Actor, courseId: string, body: CreateLessonRequest, record?: RecordAnswer<SyllabusLesson>): Promise<SyllabusLesson> {
    return transaction(this.o.knex, async (trx) => {
      await this.courseOrThrow(trx, courseId);
      const moduleId = await this.moduleOf(trx, courseId, body.moduleId);
      if (body.body !== undefined && body.kind !== 'text') throw AppError.badRequest('Only text lessons have a body');
      const now = this.now();
      const last = (await Lesson.query(trx).where('course_id', courseId).max('position as max').first()) as unknown as { max: number | null };
      const row = {
        id: crypto.randomUUID(),
        courseId,
        moduleId,
        title: body.title,
        kind: body.kind,
        body: body.kind === 'text' ? (sanitizeRichText(body.body ?? '') ?? '') : null,
        position: (last?.max ?? -1) + 1,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await Lesson.query(trx).insert(row);
      const dto = await this.staffLesson(trx, await this.lessonOrThrow(trx, row.id));
      await recordAudit(
        trx,
        actor,
        {
          entity: 'lesson',
          entityId: row.id,
          action: 'create',
          before: null,
          after: { title: row.title, kind: row.kind },
          summary: `Added lesson "${row.title}"`,
        },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  async updateLesson(actor: Actor, id: string, body: UpdateLessonRequest, record?: RecordAnswer<SyllabusLesson>): Promise<SyllabusLesson> {
    const result = await transaction(this.o.knex, async (trx) => {
      const before = await this.lessonOrThrow(trx, id);
      const patch: Partial<Lesson> = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.body !== undefined) {
        if (before.kind !== 'text') throw AppError.badRequest('Only text lessons have a body');
        patch.body = sanitizeRichText(body.body) ?? '';
      }
      if (body.moduleId !== undefined) patch.moduleId = await this.moduleOf(trx, before.courseId, body.moduleId);
      if (body.materialTierIds !== undefined) {
        const ids = body.materialTierIds ? [...new Set(body.materialTierIds)] : null;
        const own = ids?.length ? await PricingTier.query(trx).where('course_id', before.courseId).whereIn('id', ids).select('id') : [];
        if (ids && own.length !== ids.length) throw AppError.badRequest("Material can only be limited to this course's own pricing tiers");
        patch.materialTierIds = ids;
      }
      if (body.videoUploadId !== undefined) {
        if (before.kind !== 'video') throw AppError.badRequest('Only video lessons take a video');
        if (!(await VideoAsset.query(trx).findById(body.videoUploadId).select('id'))) throw AppError.badRequest('No finished video upload has this id');
        patch.videoAssetId = body.videoUploadId;
      }
      const now = this.now();
      await Lesson.query(trx)
        .findById(id)
        .patch({ ...patch, version: before.version + 1, updatedAt: now });
      const after = await this.lessonOrThrow(trx, id);
      const fields = (l: Lesson) => ({ title: l.title, moduleId: l.moduleId, videoAssetId: l.videoAssetId, materialTierIds: l.materialTierIds, body: l.body });
      await recordAudit(
        trx,
        actor,
        { entity: 'lesson', entityId: id, action: 'update', before: fields(before), after: fields(after), summary: `Edited lesson "${after.title}"` },
        now,
      );
      const dto = await this.staffLesson(trx, after);
      await record?.(trx, dto);
      return { dto, queue: body.videoUploadId !== undefined && body.videoUploadId !== before.videoAssetId ? body.videoUploadId : null };
    });
    // The transcode is queued once the lesson points at the upload (queueing twice is one job).
    if (result.queue) {
      await this.o.videos.queueTranscode(result.queue);
      return this.staffLesson(this.o.knex, await this.lessonOrThrow(this.o.knex, id));
    }
    return result.dto;
  }

  /** Deletes a lesson and its captions (409 while review questions belong to it); its PDF is removed from the media store once that committed. */
  async deleteLesson(actor: Actor, id: string, record?: RecordAnswer<void>): Promise<void> {
    const document = await transaction(this.o.knex, async (trx) => {
      const before = await lockedLesson(trx, id);
      if (await Assessment.query(trx).where('lesson_id', id).whereNull('deleted_at').first()) throw AppError.conflict(ASSESSMENT_MESSAGES.lessonHasReview);
      await LessonCaption.query(trx).delete().where('lesson_id', id);
      await Lesson.query(trx).deleteById(id);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'lesson',
          entityId: id,
          action: 'delete',
          before: { title: before.title, kind: before.kind, document: before.documentName },
          after: null,
          summary: `Deleted lesson "${before.title}"`,
        },
        this.now(),
      );
      await record?.(trx, undefined);
      return before.documentName;
    });
    await discardFiles(this.o, [document && documentKey(document)]);
  }

  /** Puts a course's lessons (or modules) in the order of `ids`: exactly the course's own, each once. */
  async reorder(actor: Actor, what: 'lessons' | 'modules', courseId: string, ids: string[], record?: RecordAnswer<void>): Promise<void> {
    return transaction(this.o.knex, async (trx) => {
      await this.courseOrThrow(trx, courseId);
      const model = what === 'lessons' ? Lesson : CourseModule;
      const current = (await model.query(trx).where('course_id', courseId).select('id')).map((row) => row.id);
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== current.length || current.some((id) => !given.has(id))) {
        throw AppError.badRequest(`Send every ${what === 'lessons' ? 'lesson' : 'module'} of this course once, in the new order`);
      }
      const now = this.now();
      for (const [position, id] of ids.entries()) await model.query(trx).findById(id).patch({ position, updatedAt: now });
      await recordAudit(
        trx,
        actor,
        { entity: 'course', entityId: courseId, action: 'update', before: null, after: { [`${what}Order`]: ids }, summary: `Reordered the ${what}` },
        now,
      );
      await record?.(trx, undefined);
    });
  }

  /** "No skipping ahead": seeking past the furthest point watched is refused, and only contiguous watching counts. */
  async updateSettings(actor: Actor, courseId: string, noSkipping: boolean, record?: RecordAnswer<{ courseId: string; noSkipping: boolean }>) {
    return transaction(this.o.knex, async (trx) => {
      const before = await this.courseOrThrow(trx, courseId);
      const now = this.now();
      await Course.query(trx).findById(courseId).patch({ noSkipping });
      const answer = { courseId, noSkipping };
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: courseId,
          action: 'update',
          before: { noSkipping: before.noSkipping },
          after: { noSkipping },
          summary: `${noSkipping ? 'Forbade' : 'Allowed'} skipping ahead in "${before.title}"`,
        },
        now,
      );
      await record?.(trx, answer);
      return answer;
    });
  }

  /** The syllabus for `access` (null: the public view). */
  async syllabus(courseId: string, access: CourseAccess | null, userId: string | null): Promise<Syllabus> {
    return syllabusOf(this.o.knex, await this.courseOrThrow(this.o.knex, courseId), access, userId);
  }

  private staffLesson(db: Knex | Knex.Transaction, lesson: Lesson) {
    return staffLessonView(db, lesson);
  }
}
