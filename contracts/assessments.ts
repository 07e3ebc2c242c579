/**
 * Assessments (issue 31; words in ../shared/spec/learning.md): a course's question bank, review
 * questions after a lesson (ungraded, feedback at once) and final exams graded on the server. The
 * wire both sides read. A learner never receives which options are correct before submitting.
 */
import { z } from 'zod';

export const QUESTION_KINDS = ['single', 'multiple', 'true_false'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const ASSESSMENT_KINDS = ['review', 'final'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
/** When a learner sees the right answers and explanations of a final exam. */
export const SHOW_ANSWERS = ['never', 'after_pass', 'after_last_attempt'] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

export const ASSESSMENT_LIMITS = {
  titleMax: 200,
  /** A question's rich text (sanitised HTML). */
  questionTextMax: 20_000,
  optionTextMax: 1_000,
  optionsMin: 2,
  optionsMax: 10,
  explanationMax: 5_000,
  /** Questions in one course's bank. */
  bankMax: 2_000,
  /** Questions one assessment may draw (and one attempt holds). */
  drawMax: 200,
  attemptsMax: 100,
  timeLimitMinutesMax: 600,
  /** A bank CSV's bytes. */
  csvMaxBytes: 2 * 1024 * 1024,
} as const;

/** Answers saved or submitted this long after an attempt's `expiresAt` still count (the trip to the server). */
export const ATTEMPT_GRACE_SECONDS = 30;

export const ASSESSMENT_MESSAGES = {
  notFound: 'Assessment not found',
  questionNotFound: 'Question not found',
  attemptNotFound: 'Attempt not found',
  notYours: 'This attempt belongs to someone else.',
  openAttempt: 'You already have an attempt in progress. Finish it first.',
  noAttemptsLeft: 'You have no attempts left for this exam.',
  submitted: 'This attempt has already been submitted.',
  timeUp: 'The time for this attempt is up; it was graded as it stood.',
  unknownQuestion: 'An answer names a question that is not in this attempt.',
  unknownOption: 'An answer names an option that is not part of its question.',
  oneOption: 'Choose exactly one option for this question.',
  reviewOnly: 'Feedback per question is given only for review questions.',
  noQuestions: 'This assessment has no questions yet.',
  lessonRequired: 'Review questions belong to a lesson: choose one.',
  finalHasNoLesson: 'A final exam belongs to the course, not to a lesson.',
  lessonElsewhere: 'The lesson belongs to another course.',
  lessonHasReview: 'This lesson has review questions: delete them in the Assessments tab first.',
  drawTooMany: 'The assessment cannot draw more questions than its bank holds.',
  bankFull: `A course's bank holds at most ${ASSESSMENT_LIMITS.bankMax} questions.`,
  singleNeedsOne: 'A single-choice question needs exactly one correct option.',
  multipleNeedsOne: 'A multiple-choice question needs at least one correct option.',
  trueFalseShape: 'A true/false question has exactly two options, one of them correct.',
  oneFinal: 'This course already has a final exam: edit that one instead.',
  assessmentElsewhere: 'The assessment belongs to another course.',
  lessonNotFound: 'Lesson not found',
  emptyText: 'The question needs a text: it has no words once unsafe HTML is removed.',
  notCsv: 'Send the questions as a CSV file (Content-Type: text/csv).',
  csvTooLarge: `The CSV is larger than ${ASSESSMENT_LIMITS.csvMaxBytes / 1024 / 1024} MB.`,
  csvEmpty: 'The CSV has no questions.',
  csvColumns: 'The CSV needs the columns kind, text, correct, explanation, option_1 … option_10 (first row), and no others.',
  csvBadRows: 'Some rows are not valid questions; nothing was imported.',
  poolBelowDraw: 'An assessment would then draw more questions than it has: lower its number of questions drawn first.',
} as const;

const id = z.string().min(1).max(64);
const title = z.string().trim().min(1, 'Title is required').max(ASSESSMENT_LIMITS.titleMax, `Title must be at most ${ASSESSMENT_LIMITS.titleMax} characters`);

export const questionOptionInputSchema = z
  .object({
    text: z.string().trim().min(1, 'Every option needs a text').max(ASSESSMENT_LIMITS.optionTextMax),
    correct: z.boolean(),
  })
  .strict();

/** A question as staff write it (the bank, or inline in an assessment). */
export const questionInputSchema = z
  .object({
    text: z.string().trim().min(1, 'The question needs a text').max(ASSESSMENT_LIMITS.questionTextMax),
    kind: z.enum(QUESTION_KINDS),
    options: z.array(questionOptionInputSchema).min(ASSESSMENT_LIMITS.optionsMin).max(ASSESSMENT_LIMITS.optionsMax),
    explanation: z.string().trim().max(ASSESSMENT_LIMITS.explanationMax).nullable().optional(),
    /** Ties the question to one assessment (its own questions); absent or null: the course's bank. */
    assessmentId: id.nullable().optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const message = questionShapeError(q.kind, q.options);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['options'] });
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;

/** Why options do not fit their kind (null when they do): the one rule the form and the server share. */
export function questionShapeError(kind: QuestionKind, options: ReadonlyArray<{ correct: boolean }>): string | null {
  const correct = options.filter((o) => o.correct).length;
  if (kind === 'true_false') return options.length === 2 && correct === 1 ? null : ASSESSMENT_MESSAGES.trueFalseShape;
  if (kind === 'single') return correct === 1 ? null : ASSESSMENT_MESSAGES.singleNeedsOne;
  return correct >= 1 ? null : ASSESSMENT_MESSAGES.multipleNeedsOne;
}

/** A question as staff read it. */
export interface QuestionDto {
  id: string;
  courseId: string;
  assessmentId: string | null;
  kind: QuestionKind;
  text: string;
  options: Array<{ id: string; text: string; correct: boolean }>;
  explanation: string | null;
  position: number;
  updatedAt: string;
}

const settingsShape = {
  title,
  drawCount: z.number().int().min(1).max(ASSESSMENT_LIMITS.drawMax).nullable().optional(),
  passMarkPercent: z.number().int().min(0).max(100),
  maxAttempts: z.number().int().min(1).max(ASSESSMENT_LIMITS.attemptsMax).nullable().optional(),
  timeLimitMinutes: z.number().int().min(1).max(ASSESSMENT_LIMITS.timeLimitMinutesMax).nullable().optional(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  showAnswers: z.enum(SHOW_ANSWERS),
};

/** `POST /api/courses/:id/assessments` (staff). */
export const createAssessmentSchema = z
  .object({
    ...settingsShape,
    kind: z.enum(ASSESSMENT_KINDS),
    lessonId: id.nullable().optional(),
    questions: z
      .array(questionInputSchema)
      .max(ASSESSMENT_LIMITS.drawMax * 2)
      .optional(),
  })
  .strict();
export type CreateAssessmentRequest = z.infer<typeof createAssessmentSchema>;

/** `PUT /api/assessments/:id` (staff): the settings; its kind stays. Open attempts keep what they drew. */
export const updateAssessmentSchema = z
  .object({ ...settingsShape, lessonId: id.nullable().optional() })
  .partial()
  .strict();
export type UpdateAssessmentRequest = z.infer<typeof updateAssessmentSchema>;

export interface AssessmentDto {
  id: string;
  courseId: string;
  lessonId: string | null;
  title: string;
  kind: AssessmentKind;
  drawCount: number | null;
  passMarkPercent: number;
  maxAttempts: number | null;
  timeLimitMinutes: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  showAnswers: ShowAnswers;
  /** Questions it draws from: its own, and for a final exam the course's bank too. */
  poolSize: number;
  updatedAt: string;
}

/** What a learner sees of an assessment before starting (`GET /api/me/courses/:id/assessments`). */
export interface LearnerAssessment {
  id: string;
  lessonId: string | null;
  title: string;
  kind: AssessmentKind;
  /** Questions one attempt holds. */
  questionCount: number;
  passMarkPercent: number;
  maxAttempts: number | null;
  timeLimitMinutes: number | null;
  attemptsUsed: number;
  attemptsLeft: number | null;
  best: { scorePercent: number; passed: boolean; submittedAt: string } | null;
  openAttemptId: string | null;
}

/** A question inside an attempt, as the learner gets it: never a correct flag nor an explanation. */
export interface AttemptQuestion {
  id: string;
  text: string;
  kind: QuestionKind;
  options: Array<{ id: string; text: string }>;
}

/** An answer: the chosen options of one question of the attempt. */
export const answerSchema = z
  .object({
    questionId: id,
    optionIds: z.array(id).max(ASSESSMENT_LIMITS.optionsMax),
  })
  .strict();
export type Answer = z.infer<typeof answerSchema>;

/** `PUT /api/attempts/:id/answers`: each named question's answer replaces its last (idempotent). */
export const saveAnswersSchema = z.object({ answers: z.array(answerSchema).max(ASSESSMENT_LIMITS.drawMax) }).strict();
export type SaveAnswersRequest = z.infer<typeof saveAnswersSchema>;
/** `POST /api/attempts/:id/submit`: optionally the last answers, saved first (within the time). */
export const submitAttemptSchema = z.object({ answers: z.array(answerSchema).max(ASSESSMENT_LIMITS.drawMax).optional() }).strict();
/** `POST /api/attempts/:id/check`: a review question's answer, with feedback at once. */
export const checkAnswerSchema = answerSchema;

/** `POST /api/assessments/:id/attempts` and `GET /api/attempts/:id` (an open one: to resume). */
export interface AttemptView {
  attemptId: string;
  assessmentId: string;
  courseId: string;
  kind: AssessmentKind;
  title: string;
  number: number;
  questions: AttemptQuestion[];
  /** Saved answers by question id. */
  answers: Record<string, string[]>;
  startedAt: string;
  expiresAt: string | null;
  status: 'open' | 'submitted';
  result: AttemptResult | null;
}

export interface QuestionReview {
  questionId: string;
  correct: boolean;
  chosenOptionIds: string[];
  correctOptionIds: string[];
  explanation: string | null;
}

/** `POST /api/attempts/:id/submit`: the same whenever it is asked again. */
export interface AttemptResult {
  attemptId: string;
  scorePercent: number;
  passed: boolean;
  attemptsLeft: number | null;
  submittedAt: string;
  /** The answers, right ones and explanations, when the assessment's `showAnswers` allows it now. */
  review?: QuestionReview[];
}

/** `POST /api/attempts/:id/check` (review questions only). */
export interface AnswerFeedback {
  questionId: string;
  correct: boolean;
  correctOptionIds: string[];
  explanation: string | null;
}

/** One row of the staff results table (`GET /api/courses/:id/assessment-results`). */
export interface AssessmentResultRow {
  userId: string;
  name: string;
  email: string;
  assessmentId: string;
  assessmentTitle: string;
  attempts: number;
  bestScorePercent: number | null;
  lastScorePercent: number | null;
  passed: boolean;
  lastSubmittedAt: string | null;
  completedAt: string | null;
}

/**
 * Whether the right answers may be shown after an attempt with this outcome. A passed final exam is
 * not sat again (no attempts are left after a pass), so "after the last attempt" includes a pass.
 */
/** Whether another attempt may be started: not passed, and attempts left (null: no limit). The learner's screens and the device's offline papers read it. */
export const mayStartAttempt = (passed: boolean, attemptsLeft: number | null): boolean => !passed && (attemptsLeft === null || attemptsLeft > 0);

export function answersShown(show: ShowAnswers, passed: boolean, attemptsLeft: number | null): boolean {
  if (show === 'after_pass') return passed;
  if (show === 'after_last_attempt') return attemptsLeft === 0 || passed;
  return false;
}

/** The bank's CSV columns (import and export). Options are `option_1` … `option_10`; `correct` lists their numbers, e.g. "1;3". */
export const QUESTION_CSV_COLUMNS = ['kind', 'text', 'correct', 'explanation', ...Array.from({ length: 10 }, (_, i) => `option_${i + 1}`)] as const;

/** A refused row of a bank CSV (`row` as a spreadsheet shows it: the header is row 1); the import's refusal (400, nothing imported) and answer. */
export type QuestionImportError = { row: number; message: string };
export type QuestionImportRefusal = { message: string; errors: QuestionImportError[] };
export type QuestionImportResult = { imported: number };

/** The results table's CSV columns (`GET /api/courses/:id/assessment-results.csv`), in the order of `AssessmentResultRow`. */
const RESULT_COLUMNS = ['name', 'email', 'assessment', 'attempts', 'bestScorePercent', 'lastScorePercent', 'passed'] as const;
export const ASSESSMENT_RESULT_CSV_COLUMNS = [...RESULT_COLUMNS, 'lastSubmittedAt', 'completedAt'] as const;

/** `GET /api/courses/:id/questions(.csv)` and `POST /api/courses/:id/questions/import`: one assessment's own questions (import: tie the rows to it). */
export const questionListQuerySchema = z.object({ assessmentId: id.optional() }).strict();
