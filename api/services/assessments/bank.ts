/**
 * A course's question bank (issue 31, point 1): staff list, add, replace and delete questions, and
 * move them in and out as CSV (`bank-csv.ts`). Each write is one transaction with its audit entry
 * and the Idempotency-Key's answer; attempts already started keep the questions they drew (an
 * attempt stores its own copy), so editing the bank never changes an open attempt.
 */
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { ASSESSMENT_MESSAGES, type QuestionDto, type QuestionImportResult, type QuestionInput } from '@contracts/assessments';
import { Question } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { questionsCsv, readQuestionsCsv } from './bank-csv';
import {
  auditedQuestion,
  courseExists,
  drawsStillFit,
  insertQuestions,
  listedQuestions,
  lockedCourse,
  questionDto,
  questionLabel,
  roomFor,
  storedQuestion,
  tieOf,
} from './questions';

export interface BankOptions {
  knex: Knex;
  clock: Clock;
}

export class QuestionBankService {
  constructor(private readonly o: BankOptions) {}

  private now(): string {
    return this.o.clock().toISOString();
  }

  /** The course's questions in their order (staff: with the right answers); `assessmentId` narrows to one assessment's own. */
  async list(courseId: string, assessmentId?: string): Promise<QuestionDto[]> {
    await courseExists(this.o.knex, courseId);
    const query = listedQuestions(this.o.knex, courseId);
    if (assessmentId) query.where('questions.assessment_id', assessmentId);
    const rows = await query.orderBy('questions.position').orderBy('questions.id');
    return rows.map(questionDto);
  }

  async create(actor: Actor, courseId: string, input: QuestionInput, record?: RecordAnswer<QuestionDto>): Promise<QuestionDto> {
    return transaction(this.o.knex, async (trx) => {
      await lockedCourse(trx, courseId);
      const assessmentId = await tieOf(trx, courseId, input.assessmentId);
      const position = await roomFor(trx, courseId, 1);
      const now = this.now();
      const [row] = await insertQuestions(trx, courseId, assessmentId, [input], position, now);
      const dto = questionDto(row!);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'question',
          entityId: dto.id,
          action: 'create',
          before: null,
          after: auditedQuestion(dto),
          summary: `Added question "${questionLabel(dto.text)}"`,
        },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  /** Replaces a question's text, kind, options (fresh ids) and explanation; its tie changes only when the body names one. */
  async update(actor: Actor, id: string, input: QuestionInput, record?: RecordAnswer<QuestionDto>): Promise<QuestionDto> {
    return transaction(this.o.knex, async (trx) => {
      const before = await this.questionOrThrow(trx, id);
      await lockedCourse(trx, before.courseId);
      const assessmentId = input.assessmentId === undefined ? before.assessmentId : await tieOf(trx, before.courseId, input.assessmentId);
      const now = this.now();
      const patch = { ...storedQuestion(input), assessmentId, updatedAt: now };
      await Question.query(trx).findById(id).patch(patch);
      if (assessmentId !== before.assessmentId) await drawsStillFit(trx, before.courseId);
      const dto = questionDto(Question.fromJson({ ...before.toJSON(), ...patch }));
      await recordAudit(
        trx,
        actor,
        {
          entity: 'question',
          entityId: id,
          action: 'update',
          before: auditedQuestion(questionDto(before)),
          after: auditedQuestion(dto),
          summary: `Edited question "${questionLabel(dto.text)}"`,
        },
        now,
      );
      await record?.(trx, dto);
      return dto;
    });
  }

  async delete(actor: Actor, id: string, record?: RecordAnswer<void>): Promise<void> {
    return transaction(this.o.knex, async (trx) => {
      const before = await this.questionOrThrow(trx, id);
      await lockedCourse(trx, before.courseId);
      const now = this.now();
      await Question.query(trx).deleteById(id);
      await drawsStillFit(trx, before.courseId);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'question',
          entityId: id,
          action: 'delete',
          before: auditedQuestion(questionDto(before)),
          after: null,
          summary: `Deleted question "${questionLabel(before.text)}"`,
        },
        now,
      );
      await record?.(trx, undefined);
    });
  }

  /** The course's questions as CSV (the bank's columns; the same list as `list`). */
  async csv(courseId: string, assessmentId?: string): Promise<Readable> {
    return questionsCsv(await this.list(courseId, assessmentId));
  }

  /**
   * Adds every question of a CSV (already read, ≤ its byte limit) in one transaction, tied to
   * `assessmentId` when given; any bad row refuses the whole file (400 with each row's error).
   */
  async importCsv(
    actor: Actor,
    courseId: string,
    csv: string,
    assessmentId: string | undefined,
    record?: RecordAnswer<QuestionImportResult>,
  ): Promise<QuestionImportResult> {
    const read = readQuestionsCsv(csv);
    if (read.kind === 'columns') throw AppError.badRequest(ASSESSMENT_MESSAGES.csvColumns);
    if (read.kind === 'errors') throw new AppError('bad_request', ASSESSMENT_MESSAGES.csvBadRows, { errors: read.errors });
    if (read.questions.length === 0) throw AppError.badRequest(ASSESSMENT_MESSAGES.csvEmpty);
    return transaction(this.o.knex, async (trx) => {
      await lockedCourse(trx, courseId);
      const tie = await tieOf(trx, courseId, assessmentId);
      const position = await roomFor(trx, courseId, read.questions.length);
      const now = this.now();
      const rows = await insertQuestions(trx, courseId, tie, read.questions, position, now);
      for (const row of rows) {
        const dto = questionDto(row);
        await recordAudit(
          trx,
          actor,
          {
            entity: 'question',
            entityId: dto.id,
            action: 'create',
            before: null,
            after: auditedQuestion(dto),
            summary: `Imported question "${questionLabel(dto.text)}"`,
          },
          now,
        );
      }
      const result = { imported: rows.length };
      await record?.(trx, result);
      return result;
    });
  }

  private async questionOrThrow(db: Knex | Knex.Transaction, id: string): Promise<Question> {
    const found = await Question.query(db).findById(id);
    if (!found) throw AppError.notFound(ASSESSMENT_MESSAGES.questionNotFound);
    return found;
  }
}
