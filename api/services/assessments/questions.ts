/**
 * What the bank, its CSV and assessments share about questions (issue 31): the staff view, the
 * rows a staff input becomes (rich text sanitised, options given fresh ids), the course and
 * assessment they must belong to, and the bank's limit. Writers of a course's questions or of its
 * final exam take the course's lock first, so the limit and "one final per course" hold between
 * concurrent requests.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES, type QuestionDto, type QuestionInput } from '@contracts/assessments';
import { hasVisibleText, plainText } from '@contracts/rich-text';
import { Assessment, Course, Question } from '@db/models';
import { forUpdate } from '@db/transaction';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../lib/sanitize-html';

type Db = Knex | Knex.Transaction;

export const questionDto = (q: Question): QuestionDto => ({
  id: q.id,
  courseId: q.courseId,
  assessmentId: q.assessmentId,
  kind: q.kind,
  text: q.text,
  options: q.options.map((o) => ({ id: o.id, text: o.text, correct: !!o.correct })),
  explanation: q.explanation,
  position: q.position,
  updatedAt: q.updatedAt,
});

/** The fields one audit entry shows of a question. */
export const auditedQuestion = (q: QuestionDto) => ({
  kind: q.kind,
  text: q.text,
  options: q.options.map((o) => `${o.correct ? '✓ ' : ''}${o.text}`),
  explanation: q.explanation,
  assessmentId: q.assessmentId,
});

/** A line for people: the question's text without its tags, shortened. */
export function questionLabel(text: string): string {
  const plain = plainText(text);
  return plain.length > 60 ? `${plain.slice(0, 57)}…` : plain;
}

/** The stored form of a staff input: text and explanation sanitised, options with fresh ids; a text with no words once sanitised is refused. */
export function storedQuestion(input: QuestionInput): Pick<Question, 'kind' | 'text' | 'options' | 'explanation'> {
  const text = sanitizeRichText(input.text) ?? '';
  if (!hasVisibleText(text)) throw AppError.badRequest(ASSESSMENT_MESSAGES.emptyText);
  const explanation = sanitizeRichText(input.explanation ?? null);
  return {
    kind: input.kind,
    text,
    options: input.options.map((o) => ({ id: crypto.randomUUID(), text: o.text, correct: o.correct })),
    explanation: explanation ? explanation : null,
  };
}

/** The course (not archived), or 404; on MySQL its row is locked for the rest of the transaction (SQLite runs one writer at a time). */
export async function lockedCourse(trx: Knex.Transaction, courseId: string): Promise<void> {
  const found = await forUpdate(trx, Course.query(trx).findById(courseId).whereNull('archived_at').select('id'));
  if (!found) throw AppError.notFound('Course not found');
}

export async function courseExists(db: Db, courseId: string): Promise<void> {
  if (!(await Course.query(db).findById(courseId).whereNull('archived_at').select('id'))) throw AppError.notFound('Course not found');
}

/** An assessment of the course (not deleted) a question may be tied to; null or absent: the course's bank. */
export async function tieOf(db: Db, courseId: string, assessmentId: string | null | undefined): Promise<string | null> {
  if (!assessmentId) return null;
  const found = await Assessment.query(db).findById(assessmentId).whereNull('deleted_at').select('course_id');
  if (!found) throw AppError.badRequest(ASSESSMENT_MESSAGES.notFound);
  if (found.courseId !== courseId) throw AppError.badRequest(ASSESSMENT_MESSAGES.assessmentElsewhere);
  return assessmentId;
}

/** Questions of the course that are listed (untied, or of an assessment not deleted). */
export function listedQuestions(db: Db, courseId: string) {
  return Question.query(db)
    .where('questions.course_id', courseId)
    .where((q) =>
      q
        .whereNull('questions.assessment_id')
        .orWhereNotExists(Assessment.query(db).whereColumn('assessments.id', 'questions.assessment_id').whereNotNull('assessments.deleted_at')),
    );
}

/** Refuses `adding` more questions when the course's bank would hold more than its limit; answers the next free position. */
export async function roomFor(trx: Knex.Transaction, courseId: string, adding: number): Promise<number> {
  const [count] = (await listedQuestions(trx, courseId).count({ n: '*' })) as unknown as Array<{ n: number | string }>;
  if (Number(count?.n ?? 0) + adding > ASSESSMENT_LIMITS.bankMax) throw AppError.conflict(ASSESSMENT_MESSAGES.bankFull);
  const last = (await Question.query(trx).where('course_id', courseId).max('position as max').first()) as unknown as { max: number | null } | undefined;
  return (last?.max ?? -1) + 1;
}

/** Inserts new questions of a course from `position` on (in batches: a large import stays under MySQL's packet size). */
export async function insertQuestions(
  trx: Knex.Transaction,
  courseId: string,
  assessmentId: string | null,
  inputs: readonly QuestionInput[],
  position: number,
  nowIso: string,
): Promise<Question[]> {
  const rows = inputs.map((input, i) => ({
    id: crypto.randomUUID(),
    courseId,
    assessmentId,
    ...storedQuestion(input),
    position: position + i,
    createdAt: nowIso,
    updatedAt: nowIso,
  }));
  for (let i = 0; i < rows.length; i += 100) await Question.insertMany(trx, rows.slice(i, i + 100));
  return rows.map((row) => Question.fromJson(row));
}

/** Questions per assessment of a course (key null: the untied bank), in one grouped query. */
export async function poolCounts(db: Db, courseId: string): Promise<Map<string | null, number>> {
  const rows = (await Question.query(db).where('course_id', courseId).groupBy('assessment_id').select('assessment_id').count({ n: '*' })) as unknown as Array<{
    assessmentId?: string | null;
    assessment_id?: string | null;
    n: number | string;
  }>;
  return new Map(rows.map((r) => [r.assessmentId ?? r.assessment_id ?? null, Number(r.n)]));
}

export const poolOf = (a: Pick<Assessment, 'id' | 'kind'>, counts: Map<string | null, number>) =>
  (counts.get(a.id) ?? 0) + (a.kind === 'final' ? (counts.get(null) ?? 0) : 0);

/** Refuses a bank change that leaves an assessment of the course drawing more questions than its pool holds. */
export async function drawsStillFit(trx: Knex.Transaction, courseId: string): Promise<void> {
  const drawing = await Assessment.query(trx)
    .where('course_id', courseId)
    .whereNull('deleted_at')
    .whereNotNull('draw_count')
    .select('id', 'kind', 'draw_count', 'title');
  if (drawing.length === 0) return;
  const counts = await poolCounts(trx, courseId);
  const short = drawing.find((a) => a.drawCount! > poolOf(a, counts));
  if (short) throw AppError.conflict(ASSESSMENT_MESSAGES.poolBelowDraw, { assessmentId: short.id });
}
