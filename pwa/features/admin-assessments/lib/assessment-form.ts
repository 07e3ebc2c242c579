/**
 * The assessment dialog's form: its values as strings (the drafts keep strings), checked with the
 * contract's words where it has them (the title, a review's lesson) and its ranges
 * (ASSESSMENT_LIMITS), and turned into the create or update request the server parses.
 */
import { z } from 'zod';
import {
  ASSESSMENT_KINDS,
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  SHOW_ANSWERS,
  createAssessmentSchema,
  updateAssessmentSchema,
  type AssessmentDto,
  type AssessmentKind,
  type CreateAssessmentRequest,
  type ShowAnswers,
  type UpdateAssessmentRequest,
} from '@contracts/assessments';

export const ASSESSMENT_KIND_LABELS: Record<AssessmentKind, string> = {
  review: 'Review questions after a lesson',
  final: 'Final exam',
};

export const SHOW_ANSWERS_LABELS: Record<ShowAnswers, string> = {
  never: 'Never',
  after_pass: 'After passing',
  after_last_attempt: 'After the last attempt',
};

export const ASSESSMENT_FORM_MESSAGES = {
  drawCount: `Questions drawn must be a whole number from 1 to ${ASSESSMENT_LIMITS.drawMax}, or empty for all`,
  passMark: 'Pass mark must be a whole number from 0 to 100',
  attempts: `Attempts must be a whole number from 1 to ${ASSESSMENT_LIMITS.attemptsMax}, or empty for unlimited`,
  timeLimit: `Time limit must be a whole number of minutes from 1 to ${ASSESSMENT_LIMITS.timeLimitMinutesMax}, or empty for none`,
} as const;

const wholeIn = (min: number, max: number) => (value: string) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;
const optionalWholeIn = (min: number, max: number) => (value: string) => value.trim() === '' || wholeIn(min, max)(value);
const titleSchema = createAssessmentSchema.shape.title;

export const assessmentFormSchema = z
  .object({
    title: z.string().superRefine((value, ctx) => {
      const result = titleSchema.safeParse(value);
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
    }),
    kind: z.enum(ASSESSMENT_KINDS),
    lessonId: z.string(),
    drawCount: z.string().refine(optionalWholeIn(1, ASSESSMENT_LIMITS.drawMax), ASSESSMENT_FORM_MESSAGES.drawCount),
    passMarkPercent: z.string().refine(wholeIn(0, 100), ASSESSMENT_FORM_MESSAGES.passMark),
    maxAttempts: z.string().refine(optionalWholeIn(1, ASSESSMENT_LIMITS.attemptsMax), ASSESSMENT_FORM_MESSAGES.attempts),
    timeLimitMinutes: z.string().refine(optionalWholeIn(1, ASSESSMENT_LIMITS.timeLimitMinutesMax), ASSESSMENT_FORM_MESSAGES.timeLimit),
    shuffleQuestions: z.string(),
    shuffleOptions: z.string(),
    showAnswers: z.enum(SHOW_ANSWERS),
  })
  .superRefine(
    (values, ctx) => {
      if (values.kind === 'review' && !values.lessonId) ctx.addIssue({ code: 'custom', message: ASSESSMENT_MESSAGES.lessonRequired, path: ['lessonId'] });
    },
    // Said beside the other fields' problems, not only once they are right.
    { when: () => true },
  );
export type AssessmentFormValues = { [K in keyof typeof assessmentFormSchema.shape]: string };
type Parsed = z.output<typeof assessmentFormSchema>;

const flag = (value: boolean) => (value ? 'true' : '');
const count = (value: number | null) => (value === null ? '' : String(value));
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

export function assessmentFormValues(assessment?: AssessmentDto): AssessmentFormValues {
  return {
    title: assessment?.title ?? '',
    kind: assessment?.kind ?? 'final',
    lessonId: assessment?.lessonId ?? '',
    drawCount: count(assessment?.drawCount ?? null),
    passMarkPercent: String(assessment?.passMarkPercent ?? 70),
    maxAttempts: count(assessment?.maxAttempts ?? null),
    timeLimitMinutes: count(assessment?.timeLimitMinutes ?? null),
    shuffleQuestions: flag(assessment?.shuffleQuestions ?? true),
    shuffleOptions: flag(assessment?.shuffleOptions ?? true),
    showAnswers: assessment?.showAnswers ?? 'after_last_attempt',
  };
}

function settings(values: Parsed) {
  return {
    title: values.title.trim(),
    lessonId: values.kind === 'review' ? values.lessonId : null,
    drawCount: numberOrNull(values.drawCount),
    passMarkPercent: Number(values.passMarkPercent),
    maxAttempts: numberOrNull(values.maxAttempts),
    timeLimitMinutes: numberOrNull(values.timeLimitMinutes),
    shuffleQuestions: values.shuffleQuestions === 'true',
    shuffleOptions: values.shuffleOptions === 'true',
    showAnswers: values.showAnswers,
  };
}

export function toCreateAssessment(values: Parsed): CreateAssessmentRequest {
  return createAssessmentSchema.parse({ ...settings(values), kind: values.kind });
}

/** An edit keeps the kind (the server does too). */
export function toUpdateAssessment(values: Parsed): UpdateAssessmentRequest {
  return updateAssessmentSchema.parse(settings(values));
}

/** "Draws 20 of 40 · pass 70 % · 3 attempts · 30 min · answers after the last attempt": an assessment's settings in a line. */
export function settingsSummary(a: AssessmentDto): string {
  const parts = [
    a.drawCount === null ? `All ${a.poolSize} questions` : `Draws ${a.drawCount} of ${a.poolSize}`,
    `pass mark ${a.passMarkPercent} %`,
    a.maxAttempts === null ? 'unlimited attempts' : `${a.maxAttempts} ${a.maxAttempts === 1 ? 'attempt' : 'attempts'}`,
    a.timeLimitMinutes === null ? 'no time limit' : `${a.timeLimitMinutes} min`,
  ];
  if (a.shuffleQuestions) parts.push('questions shuffled');
  if (a.shuffleOptions) parts.push('options shuffled');
  parts.push(`answers shown: ${SHOW_ANSWERS_LABELS[a.showAnswers].toLowerCase()}`);
  return parts.join(' · ');
}
