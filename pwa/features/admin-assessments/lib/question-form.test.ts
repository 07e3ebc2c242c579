/** The question form says what the server says: the contract's messages, its shape rule, and the input it parses. */
import { describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, questionInputSchema } from '@contracts/assessments';
import { fieldErrors } from '@pwa/components/form/use-zod-form';
import {
  OPTION_TEXT_REQUIRED,
  QUESTION_TEXT_REQUIRED,
  optionsForKind,
  parseOptions,
  questionFormSchema,
  questionFormValues,
  toQuestionInput,
  type QuestionFormValues,
} from './question-form';

const values = (over: Partial<QuestionFormValues> & { opts?: Array<{ text: string; correct: boolean }> } = {}): QuestionFormValues => {
  const { opts, ...rest } = over;
  return {
    ...questionFormValues(),
    text: '<p>Which temperature?</p>',
    options: JSON.stringify(
      opts ?? [
        { text: '2-8 °C', correct: true },
        { text: '20 °C', correct: false },
      ],
    ),
    ...rest,
  };
};

describe('the question form', () => {
  it('takes a single-choice question and gives the input the server parses', () => {
    const parsed = questionFormSchema.parse(values({ explanation: '  Cold chain.  ', assessmentId: 'as-1' }));
    const input = toQuestionInput(parsed);
    expect(questionInputSchema.safeParse(input).success).toBe(true);
    expect(input).toEqual({
      kind: 'single',
      text: '<p>Which temperature?</p>',
      options: [
        { text: '2-8 °C', correct: true },
        { text: '20 °C', correct: false },
      ],
      explanation: 'Cold chain.',
      assessmentId: 'as-1',
    });
    expect(toQuestionInput(questionFormSchema.parse(values())).assessmentId).toBeNull();
  });

  it('refuses an empty editor (<p></p>) with the contract’s words, and an option without text', () => {
    expect(QUESTION_TEXT_REQUIRED).toBe('The question needs a text');
    expect(fieldErrors(questionFormSchema, values({ text: '<p></p>' })).text).toBe(QUESTION_TEXT_REQUIRED);
    expect(fieldErrors(questionFormSchema, values({ text: '<p>&nbsp;</p>' })).text).toBe(QUESTION_TEXT_REQUIRED);
    const blank = values({
      opts: [
        { text: 'A', correct: true },
        { text: ' ', correct: false },
      ],
    });
    expect(fieldErrors(questionFormSchema, blank).options).toBe(OPTION_TEXT_REQUIRED);
  });

  it('checks the options against their kind with questionShapeError, as the server does', () => {
    const two = [
      { text: 'A', correct: true },
      { text: 'B', correct: true },
    ];
    expect(fieldErrors(questionFormSchema, values({ opts: two })).options).toBe(ASSESSMENT_MESSAGES.singleNeedsOne);
    expect(fieldErrors(questionFormSchema, values({ kind: 'multiple', opts: two })).options).toBeUndefined();
    const none = two.map((o) => ({ ...o, correct: false }));
    expect(fieldErrors(questionFormSchema, values({ kind: 'multiple', opts: none })).options).toBe(ASSESSMENT_MESSAGES.multipleNeedsOne);
    const three = [...two, { text: 'C', correct: false }].map((o, i) => ({ ...o, correct: i === 0 }));
    expect(fieldErrors(questionFormSchema, values({ kind: 'true_false', opts: three })).options).toBe(ASSESSMENT_MESSAGES.trueFalseShape);
  });

  it('true/false fills in "True" and "False"; leaving it starts blank; single keeps one right answer', () => {
    const multiple = [
      { text: 'A', correct: true },
      { text: 'B', correct: true },
    ];
    expect(optionsForKind('true_false', multiple, 'multiple')).toEqual([
      { text: 'True', correct: true },
      { text: 'False', correct: false },
    ]);
    expect(optionsForKind('single', multiple, 'multiple')).toEqual([
      { text: 'A', correct: true },
      { text: 'B', correct: false },
    ]);
    expect(optionsForKind('multiple', optionsForKind('true_false', multiple, 'multiple'), 'true_false').map((o) => o.text)).toEqual(['', '']);
  });

  it('survives broken option JSON', () => {
    expect(parseOptions('not json')).toEqual([]);
  });
});
