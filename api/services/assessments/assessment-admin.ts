/**
 * Assessments, staff side (issue 31, point 2): review questions after a lesson (ungraded) and one
 * final exam per course (graded), with their settings. The rules, on create and on every update:
 * a review belongs to a lesson of its course, a final to no lesson; a course has one final exam
 * (not deleted); `drawCount` never exceeds the pool — the assessment's own questions, and for a
 * final exam the course's untied bank questions too. Deleting one that has attempts only marks it
 * deleted (attempts, results and its questions stay); without attempts it goes with its questions.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  ASSESSMENT_MESSAGES,
  type AssessmentDto,
  type AssessmentKind,
  type CreateAssessmentRequest,
  type UpdateAssessmentRequest,
} from '@contracts/assessments';
import { Assessment, AssessmentAttempt, Lesson, Question } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { queueRuleApplication } from '../completion/apply-rule-kind';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { courseExists, insertQuestions, lockedCourse, poolCounts, poolOf, roomFor } from './questions';

type Db = Knex | Knex.Transaction;

export interface AssessmentAdminOptions {
  knex: Knex;
  clock: Clock;
}

export const assessmentDto = (a: Assessment, poolSize: number): AssessmentDto => ({
  id: a.id,
  courseId: a.courseId,
  lessonId: a.lessonId,
  title: a.title,
  kind: a.kind,
  drawCount: a.drawCount,
  passMarkPercent: a.passMarkPercent,
  maxAttempts: a.maxAttempts,
  timeLimitMinutes: a.timeLimitMinutes,
  shuffleQuestions: !!a.shuffleQuestions,
  shuffleOptions: !!a.shuffleOptions,
  showAnswers: a.showAnswers,
  poolSize,
  updatedAt: a.updatedAt,
});

/** The settings an audit entry shows. */
const audited = (dto: AssessmentDto) => {
  const { id: _id, courseId: _course, updatedAt: _at, poolSize: _pool, ...settings } = dto;
  return settings;
};

/** The pool an assessment draws from; refuses a `drawCount` larger than it. */
function checkedPool(assessment: Assessment, counts: Map<string | null, number>): number {
  const pool = poolOf(assessment, counts);
  if (assessment.drawCount !== null && assessment.drawCount > pool) throw AppError.badRequest(ASSESSMENT_MESSAGES.drawTooMany);
  return pool;
}

export class AssessmentAdminService {
  constructor(private readonly o: AssessmentAdminOptions) {}

  private now(): string {
    return this.o.clock().toISOString();
  }

  /** The course's assessments (not deleted): finals first, then by creation. */
  async list(courseId: string): Promise<AssessmentDto[]> {
    await courseExists(this.o.knex, courseId);
    const [rows, counts] = await Promise.all([
      Assessment.query(this.o.knex).where('course_id', courseId).whereNull('deleted_at').orderBy('created_at').orderBy('id'),
      poolCounts(this.o.knex, courseId),
    ]);
    const order = (a: Assessment) => (a.kind === 'final' ? 0 : 1);
    return rows.sort((a, b) => order(a) - order(b)).map((a) => assessmentDto(a, poolOf(a, counts)));
  }

  async get(id: string): Promise<AssessmentDto> {
    const found = await this.assessmentOrThrow(this.o.knex, id);
    return assessmentDto(found, poolOf(found, await poolCounts(this.o.knex, found.courseId)));
  }

  async create(actor: Actor, courseId: string, body: CreateAssessmentRequest, record?: RecordAnswer<AssessmentDto>): Promise<AssessmentDto> {
    return transaction(this.o.knex, async (trx) => {
      await lockedCourse(trx, courseId);
      const lessonId = await this.lessonFor(trx, courseId, body.kind, body.lessonId ?? null);
      if (body.kind === 'final' && (await Assessment.query(trx).where({ course_id: courseId, kind: 'final' }).whereNull('deleted_at').first()))
        throw AppError.conflict(ASSESSMENT_MESSAGES.oneFinal);
      const now = this.now();
      const row = {
        id: crypto.randomUUID(),
        courseId,
        lessonId,
        kind: body.kind,
        title: body.title,
        drawCount: body.drawCount ?? null,
        passMarkPercent: body.passMarkPercent,
        maxAttempts: body.maxAttempts ?? null,
        timeLimitMinutes: body.timeLimitMinutes ?? null,
        shuffleQuestions: body.shuffleQuestions,
        shuffleOptions: body.shuffleOptions,
        showAnswers: body.showAnswers,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      await Assessment.query(trx).insert(row);
      const inline = body.questions ?? [];
      if (inline.length > 0) await insertQuestions(trx, courseId, row.id, inline, await roomFor(trx, courseId, inline.length), now);
      const assessment = Assessment.fromJson(row);
      const dto = assessmentDto(assessment, checkedPool(assessment, await poolCounts(trx, courseId)));
      // A course's default completion rule asks for its final exam once there is one.
      if (body.kind === 'final') await queueRuleApplication(trx, courseId, `final:${row.id}`, now);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'assessment',
          entityId: row.id,
          action: 'create',
          before: null,
          after: { ...audited(dto), questions: inline.length },
          summary: `Added ${body.kind === 'final' ? 'final exam' : 'review questions'} "${body.title}"`,
        },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  async update(actor: Actor, id: string, body: UpdateAssessmentRequest, record?: RecordAnswer<AssessmentDto>): Promise<AssessmentDto> {
    return transaction(this.o.knex, async (trx) => {
      const before = await this.assessmentOrThrow(trx, id);
      await lockedCourse(trx, before.courseId);
      const patch: Partial<Assessment> = {};
      for (const key of ['title', 'passMarkPercent', 'shuffleQuestions', 'shuffleOptions', 'showAnswers'] as const)
        if (body[key] !== undefined) (patch as Record<string, unknown>)[key] = body[key];
      for (const key of ['drawCount', 'maxAttempts', 'timeLimitMinutes'] as const) if (body[key] !== undefined) patch[key] = body[key] ?? null;
      if (body.lessonId !== undefined) patch.lessonId = await this.lessonFor(trx, before.courseId, before.kind, body.lessonId);
      const now = this.now();
      patch.updatedAt = now;
      await Assessment.query(trx).findById(id).patch(patch);
      const after = Assessment.fromJson({ ...before.toJSON(), ...patch });
      const counts = await poolCounts(trx, before.courseId);
      const dto = assessmentDto(after, checkedPool(after, counts));
      await recordAudit(
        trx,
        actor,
        {
          entity: 'assessment',
          entityId: id,
          action: 'update',
          before: audited(assessmentDto(before, poolOf(before, counts))),
          after: audited(dto),
          summary: `Edited ${after.kind === 'final' ? 'final exam' : 'review questions'} "${after.title}"`,
        },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  async delete(actor: Actor, id: string, record?: RecordAnswer<void>): Promise<void> {
    return transaction(this.o.knex, async (trx) => {
      const before = await this.assessmentOrThrow(trx, id);
      await lockedCourse(trx, before.courseId);
      const now = this.now();
      const attempted = await AssessmentAttempt.query(trx).where('assessment_id', id).first().select('id');
      if (attempted) {
        await Assessment.query(trx).findById(id).whereNull('deleted_at').patch({ deletedAt: now, updatedAt: now });
      } else {
        await Question.query(trx).where('assessment_id', id).delete();
        await Assessment.query(trx).deleteById(id);
      }
      // Without it, a default completion rule no longer asks for a final exam: those it held back may be complete now.
      if (before.kind === 'final') await queueRuleApplication(trx, before.courseId, `final:${id}:deleted`, now);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'assessment',
          entityId: id,
          action: 'delete',
          before: { title: before.title, kind: before.kind },
          after: null,
          summary: `Deleted ${before.kind === 'final' ? 'final exam' : 'review questions'} "${before.title}"${attempted ? ' (its attempts are kept)' : ''}`,
        },
        now,
      );
      await record?.(trx, undefined);
    });
  }

  /** The lesson an assessment of `kind` belongs to: a review, a lesson of the course; a final, none. */
  private async lessonFor(trx: Knex.Transaction, courseId: string, kind: AssessmentKind, lessonId: string | null): Promise<string | null> {
    if (kind === 'final') {
      if (lessonId) throw AppError.badRequest(ASSESSMENT_MESSAGES.finalHasNoLesson);
      return null;
    }
    if (!lessonId) throw AppError.badRequest(ASSESSMENT_MESSAGES.lessonRequired);
    const lesson = await Lesson.query(trx).findById(lessonId).select('course_id');
    if (!lesson) throw AppError.badRequest(ASSESSMENT_MESSAGES.lessonNotFound);
    if (lesson.courseId !== courseId) throw AppError.badRequest(ASSESSMENT_MESSAGES.lessonElsewhere);
    return lessonId;
  }

  private async assessmentOrThrow(db: Db, id: string): Promise<Assessment> {
    const found = await Assessment.query(db).findById(id).whereNull('deleted_at');
    if (!found) throw AppError.notFound(ASSESSMENT_MESSAGES.notFound);
    return found;
  }
}
