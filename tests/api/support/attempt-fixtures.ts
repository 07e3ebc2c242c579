/** Assessments and questions written straight into the database for the attempt tests (issue 31). */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Assessment, Question, type QuestionKindName, type QuestionOption } from '@db/models';

const ISO = '2026-11-01T00:00:00.000Z';

export async function createAssessment(
  knex: Knex,
  input: { courseId: string } & Partial<Omit<Assessment, 'id' | 'courseId' | 'createdAt' | 'updatedAt'>>,
): Promise<Assessment> {
  const row = {
    id: crypto.randomUUID(),
    lessonId: null,
    kind: 'final' as const,
    title: 'Final exam',
    drawCount: null,
    passMarkPercent: 70,
    maxAttempts: null,
    timeLimitMinutes: null,
    shuffleQuestions: false,
    shuffleOptions: false,
    showAnswers: 'never' as const,
    deletedAt: null,
    createdAt: ISO,
    updatedAt: ISO,
    ...input,
  };
  await Assessment.query(knex).insert(row);
  return Assessment.fromJson(row);
}

/**
 * `count` questions at positions `from`, `from + 1`, …: single and true/false ones have their first
 * option right, multiple-choice ones their first two (of four).
 */
export async function createQuestions(
  knex: Knex,
  input: { courseId: string; assessmentId?: string | null; count: number; kind?: QuestionKindName; from?: number },
): Promise<Question[]> {
  const kind = input.kind ?? 'single';
  const rows = Array.from({ length: input.count }, (_, i) => {
    const size = kind === 'true_false' ? 2 : 4;
    const options: QuestionOption[] = Array.from({ length: size }, (_, k) => ({
      id: crypto.randomUUID(),
      text: `Option ${k + 1}`,
      correct: k === 0 || (kind === 'multiple' && k === 1),
    }));
    return {
      id: crypto.randomUUID(),
      courseId: input.courseId,
      assessmentId: input.assessmentId ?? null,
      kind,
      text: `<p>Question ${(input.from ?? 0) + i + 1}</p>`,
      options,
      explanation: `Because of rule ${(input.from ?? 0) + i + 1}.`,
      position: (input.from ?? 0) + i,
      createdAt: ISO,
      updatedAt: ISO,
    };
  });
  await Question.insertMany(knex, rows);
  return rows.map((row) => Question.fromJson(row));
}

/** The right option ids of a drawn question, from the bank rows (the learner's view has none). */
export function rightOptions(bank: readonly Question[], questionId: string): string[] {
  return bank
    .find((q) => q.id === questionId)!
    .options.filter((o) => o.correct)
    .map((o) => o.id);
}

/** A wrong option id of a question. */
export function wrongOption(bank: readonly Question[], questionId: string): string {
  return bank.find((q) => q.id === questionId)!.options.find((o) => !o.correct)!.id;
}
