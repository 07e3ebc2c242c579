/**
 * The question dialog's form: its values as strings (the drafts keep strings; the options travel as
 * JSON), checked with the contract's words — the text and option texts by `questionInputSchema`'s
 * own messages, the options' fit to the kind by `questionShapeError`, the rule the server applies —
 * and turned into the `QuestionInput` the server parses.
 */
import { z } from 'zod';
import {
  ASSESSMENT_LIMITS,
  QUESTION_KINDS,
  questionInputSchema,
  questionOptionInputSchema,
  questionShapeError,
  type QuestionDto,
  type QuestionInput,
  type QuestionKind,
} from '@contracts/assessments';
import { hasVisibleText } from '@contracts/rich-text';
import { messageOf } from './contract-messages';

export interface OptionDraft {
  text: string;
  correct: boolean;
}

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True or false',
};

export const QUESTION_TEXT_REQUIRED = messageOf(questionInputSchema.shape.text, '');
export const OPTION_TEXT_REQUIRED = messageOf(questionOptionInputSchema.shape.text, '');
export const OPTION_COUNT_MESSAGE = `A question has ${ASSESSMENT_LIMITS.optionsMin} to ${ASSESSMENT_LIMITS.optionsMax} options.`;

export function parseOptions(raw: string): OptionDraft[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((o: { text?: unknown; correct?: unknown }) => ({ text: typeof o?.text === 'string' ? o.text : '', correct: o?.correct === true }));
  } catch {
    return [];
  }
}

export const TRUE_FALSE_OPTIONS: OptionDraft[] = [
  { text: 'True', correct: true },
  { text: 'False', correct: false },
];
const BLANK_OPTIONS: OptionDraft[] = [
  { text: '', correct: true },
  { text: '', correct: false },
];

/** The options when the kind changes: true/false gets "True"/"False"; leaving it, the texts stay; single keeps one correct. */
export function optionsForKind(kind: QuestionKind, options: OptionDraft[], previous: QuestionKind): OptionDraft[] {
  if (kind === 'true_false') return TRUE_FALSE_OPTIONS.map((o) => ({ ...o }));
  if (previous === 'true_false') return BLANK_OPTIONS.map((o) => ({ ...o }));
  if (kind === 'single') {
    const first = Math.max(
      options.findIndex((o) => o.correct),
      0,
    );
    return options.map((o, i) => ({ ...o, correct: i === first }));
  }
  return options;
}

export const questionFormSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    text: z
      .string()
      .refine(hasVisibleText, QUESTION_TEXT_REQUIRED)
      .refine(
        (html) => html.length <= ASSESSMENT_LIMITS.questionTextMax,
        messageOf(questionInputSchema.shape.text, 'x'.repeat(ASSESSMENT_LIMITS.questionTextMax + 1)),
      ),
    options: z.string(),
    explanation: z
      .string()
      .max(ASSESSMENT_LIMITS.explanationMax, messageOf(questionInputSchema.shape.explanation, 'x'.repeat(ASSESSMENT_LIMITS.explanationMax + 1))),
    assessmentId: z.string(),
  })
  .superRefine(
    (values, ctx) => {
      const message = optionsProblem(values.kind, parseOptions(String(values.options)));
      if (message) ctx.addIssue({ code: 'custom', message, path: ['options'] });
    },
    // Said beside the other fields' problems, not only once they are right.
    { when: () => true },
  );
export type QuestionFormValues = { [K in keyof typeof questionFormSchema.shape]: string };

/** What is wrong with the options (null when nothing): a text missing, their number, or their fit to the kind. */
export function optionsProblem(kind: QuestionKind, options: OptionDraft[]): string | null {
  if (options.some((o) => !o.text.trim())) return OPTION_TEXT_REQUIRED;
  if (options.length < ASSESSMENT_LIMITS.optionsMin || options.length > ASSESSMENT_LIMITS.optionsMax) return OPTION_COUNT_MESSAGE;
  return questionShapeError(kind, options);
}

export function questionFormValues(question?: QuestionDto): QuestionFormValues {
  return {
    kind: question?.kind ?? 'single',
    text: question?.text ?? '',
    options: JSON.stringify(question ? question.options.map(({ text, correct }) => ({ text, correct })) : BLANK_OPTIONS),
    explanation: question?.explanation ?? '',
    assessmentId: question?.assessmentId ?? '',
  };
}

/** The form's values as the server takes them (parsed by the contract's schema once more). */
export function toQuestionInput(values: z.output<typeof questionFormSchema>): QuestionInput {
  return questionInputSchema.parse({
    kind: values.kind,
    text: values.text,
    options: parseOptions(values.options).map((o) => ({ text: o.text.trim(), correct: o.correct })),
    explanation: values.explanation.trim() || null,
    assessmentId: values.assessmentId || null,
  });
}
