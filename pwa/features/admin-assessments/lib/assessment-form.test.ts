/** The assessment form: empty means all / unlimited / none, the ranges are checked, a review needs its lesson (the contract's words). */
import { describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, type AssessmentDto } from '@contracts/assessments';
import { fieldErrors } from '@pwa/components/form/use-zod-form';
import {
  ASSESSMENT_FORM_MESSAGES,
  assessmentFormSchema,
  assessmentFormValues,
  settingsSummary,
  toCreateAssessment,
  toUpdateAssessment,
} from './assessment-form';

const FINAL = {
  ...assessmentFormValues(),
  title: 'Final exam',
  kind: 'final',
  drawCount: '20',
  passMarkPercent: '70',
  maxAttempts: '3',
  timeLimitMinutes: '30',
  showAnswers: 'after_last_attempt',
};

describe('the assessment form', () => {
  it('gives the outcome’s final exam as the server takes it', () => {
    expect(toCreateAssessment(assessmentFormSchema.parse(FINAL))).toEqual({
      title: 'Final exam',
      kind: 'final',
      lessonId: null,
      drawCount: 20,
      passMarkPercent: 70,
      maxAttempts: 3,
      timeLimitMinutes: 30,
      shuffleQuestions: true,
      shuffleOptions: true,
      showAnswers: 'after_last_attempt',
    });
  });

  it('reads empty as all questions, unlimited attempts and no time limit', () => {
    const sent = toCreateAssessment(assessmentFormSchema.parse({ ...FINAL, drawCount: '', maxAttempts: ' ', timeLimitMinutes: '' }));
    expect(sent).toMatchObject({ drawCount: null, maxAttempts: null, timeLimitMinutes: null });
  });

  it('a review needs its lesson, in the contract’s words; an edit sends no kind', () => {
    const review = { ...FINAL, kind: 'review', title: 'Check: storage' };
    expect(fieldErrors(assessmentFormSchema, review).lessonId).toBe(ASSESSMENT_MESSAGES.lessonRequired);
    const sent = toUpdateAssessment(assessmentFormSchema.parse({ ...review, lessonId: 'l-2', shuffleOptions: '' }));
    expect(sent).toMatchObject({ lessonId: 'l-2', shuffleOptions: false });
    expect('kind' in sent).toBe(false);
  });

  it('refuses numbers outside the contract’s ranges and an empty title', () => {
    const errors = fieldErrors(assessmentFormSchema, {
      ...FINAL,
      title: ' ',
      drawCount: '0',
      passMarkPercent: '101',
      maxAttempts: '1.5',
      timeLimitMinutes: '601',
    });
    expect(errors).toEqual({
      title: 'Title is required',
      drawCount: ASSESSMENT_FORM_MESSAGES.drawCount,
      passMarkPercent: ASSESSMENT_FORM_MESSAGES.passMark,
      maxAttempts: ASSESSMENT_FORM_MESSAGES.attempts,
      timeLimitMinutes: ASSESSMENT_FORM_MESSAGES.timeLimit,
    });
  });

  it('says an assessment’s settings in a line', () => {
    const a: AssessmentDto = {
      id: 'a',
      courseId: 'c',
      lessonId: null,
      title: 'Final exam',
      kind: 'final',
      drawCount: 20,
      passMarkPercent: 70,
      maxAttempts: 3,
      timeLimitMinutes: 30,
      shuffleQuestions: true,
      shuffleOptions: false,
      showAnswers: 'after_last_attempt',
      poolSize: 40,
      updatedAt: '2026-11-26T10:00:00.000Z',
    };
    expect(settingsSummary(a)).toBe('Draws 20 of 40 · pass mark 70 % · 3 attempts · 30 min · questions shuffled · answers shown: after the last attempt');
    expect(assessmentFormValues(a)).toMatchObject({ drawCount: '20', maxAttempts: '3', shuffleOptions: '' });
  });
});
