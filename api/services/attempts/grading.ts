/**
 * Grading and what a learner may see of an attempt, pure (no database, no clock): a question is
 * right when the chosen options are exactly its correct ones (all or nothing); the score is the
 * share of right questions to one decimal; answers are checked against the attempt's own drawn
 * questions, never the bank (which may have changed since the draw).
 */
import {
  ASSESSMENT_MESSAGES,
  answersShown,
  type Answer,
  type AnswerFeedback,
  type AttemptQuestion,
  type AttemptResult,
  type QuestionReview,
  type ShowAnswers,
} from '@contracts/assessments';
import type { DrawnQuestion } from '@db/models';
import { AppError } from '../../errors';

/** The ids of a question's correct options, in the order shown. */
export function correctOptionIds(question: DrawnQuestion): string[] {
  return question.options.filter((o) => o.correct).map((o) => o.id);
}

/** Whether `chosen` is exactly the question's correct set. */
export function isRight(question: DrawnQuestion, chosen: readonly string[] | undefined): boolean {
  const right = correctOptionIds(question);
  const picked = new Set(chosen ?? []);
  return picked.size === right.length && right.every((id) => picked.has(id));
}

export interface Grade {
  scorePercent: number;
  passed: boolean;
  rightCount: number;
}

/** The score of answers against the drawn questions: right questions / all, in percent to one decimal. */
export function grade(questions: readonly DrawnQuestion[], answers: Readonly<Record<string, string[]>>, passMarkPercent: number): Grade {
  const rightCount = questions.filter((q) => isRight(q, answers[q.id])).length;
  const scorePercent = questions.length === 0 ? 0 : Math.round((rightCount / questions.length) * 1000) / 10;
  return { scorePercent, passed: scorePercent >= passMarkPercent, rightCount };
}

/**
 * Checks answers against the attempt's questions and returns them as stored (option ids without
 * repeats, in the order chosen). 400 for a question not in the attempt, an option not of its
 * question, or other than one option for a single-choice or true/false question (none clears it).
 */
export function checkedAnswers(questions: readonly DrawnQuestion[], answers: readonly Answer[]): Array<{ questionId: string; optionIds: string[] }> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return answers.map((answer) => {
    const question = byId.get(answer.questionId);
    if (!question) throw AppError.badRequest(ASSESSMENT_MESSAGES.unknownQuestion);
    const optionIds = [...new Set(answer.optionIds)];
    const known = new Set(question.options.map((o) => o.id));
    if (optionIds.some((id) => !known.has(id))) throw AppError.badRequest(ASSESSMENT_MESSAGES.unknownOption);
    if (question.kind !== 'multiple' && optionIds.length > 1) throw AppError.badRequest(ASSESSMENT_MESSAGES.oneOption);
    return { questionId: answer.questionId, optionIds };
  });
}

/** `answers` with each checked answer replacing its question's last (an empty one removes it). */
export function mergeAnswers(
  answers: Readonly<Record<string, string[]>>,
  checked: ReadonlyArray<{ questionId: string; optionIds: string[] }>,
): Record<string, string[]> {
  const merged: Record<string, string[]> = { ...answers };
  for (const { questionId, optionIds } of checked) {
    if (optionIds.length === 0) delete merged[questionId];
    else merged[questionId] = optionIds;
  }
  return merged;
}

/** A drawn question as the learner gets it: no correct flag, no explanation. */
export function learnerQuestion(question: DrawnQuestion): AttemptQuestion {
  return { id: question.id, text: question.text, kind: question.kind, options: question.options.map((o) => ({ id: o.id, text: o.text })) };
}

/** What a submitted attempt's person reviews: per question their choice, the right options and the explanation. */
export function reviewOf(questions: readonly DrawnQuestion[], answers: Readonly<Record<string, string[]>>): QuestionReview[] {
  return questions.map((q) => ({
    questionId: q.id,
    correct: isRight(q, answers[q.id]),
    chosenOptionIds: answers[q.id] ?? [],
    correctOptionIds: correctOptionIds(q),
    explanation: q.explanation,
  }));
}

/** Feedback on one review question at once. */
export function feedbackOf(question: DrawnQuestion, chosen: readonly string[]): AnswerFeedback {
  return { questionId: question.id, correct: isRight(question, chosen), correctOptionIds: correctOptionIds(question), explanation: question.explanation };
}

export interface AttemptSettings {
  kind: 'review' | 'final';
  maxAttempts: number | null;
  showAnswers: ShowAnswers;
}

/**
 * Attempts left after attempt `number` with this outcome: none after a passed final exam (it is not
 * sat again), null when unlimited. Earlier attempts are all submitted and failed (one is open at a
 * time, and none follows a pass), so the attempt alone decides it: the same answer every time.
 */
export function attemptsLeftAfter(settings: AttemptSettings, number: number, passed: boolean): number | null {
  if (settings.kind === 'final' && passed) return 0;
  return settings.maxAttempts === null ? null : Math.max(0, settings.maxAttempts - number);
}

/** A submitted attempt's result, with the review when the settings allow it (review questions: always). */
export function resultOf(
  settings: AttemptSettings,
  attempt: {
    id: string;
    number: number;
    questions: DrawnQuestion[];
    answers: Record<string, string[]>;
    scorePercent: number;
    passed: boolean;
    submittedAt: string;
  },
): AttemptResult {
  const attemptsLeft = attemptsLeftAfter(settings, attempt.number, attempt.passed);
  const result: AttemptResult = {
    attemptId: attempt.id,
    scorePercent: attempt.scorePercent,
    passed: attempt.passed,
    attemptsLeft,
    submittedAt: attempt.submittedAt,
  };
  if (settings.kind === 'review' || answersShown(settings.showAnswers, attempt.passed, attemptsLeft)) {
    result.review = reviewOf(attempt.questions, attempt.answers);
  }
  return result;
}
