/** The completion rule's form: a condition needs its number, none at all is the contract's message, and off conditions are sent off. */
import { describe, expect, it } from 'vitest';
import { COMPLETION_MESSAGES, completionRuleSchema, defaultCompletionRule } from '@contracts/completion';
import { fieldErrors } from '@pwa/components/form/use-zod-form';
import { COMPLETION_FORM_MESSAGES, completionFormSchema, completionFormValues, describeRule, toCompletionRule } from './completion-form';

describe('the completion rule form', () => {
  it('opens on a recorded course’s default and sends "videos 90 % each + final exam passed"', () => {
    const opened = completionFormValues(defaultCompletionRule('recorded_course', false));
    expect(opened).toMatchObject({ watched: 'true', minWatchedPercent: '90', watchedScope: 'each', finalExamPassed: '' });
    const rule = toCompletionRule(completionFormSchema.parse({ ...opened, finalExamPassed: 'true' }));
    expect(rule).toEqual({
      minWatchedPercent: 90,
      watchedScope: 'each',
      finalExamPassed: true,
      minAttendanceMinutes: null,
      minCredits: null,
      checkInRequired: false,
    });
    expect(completionRuleSchema.safeParse(rule).success).toBe(true);
    expect(describeRule(rule)).toBe('Videos watched at least 90 % each, final exam passed');
  });

  it('refuses a rule with no condition in the contract’s words', () => {
    const none = { ...completionFormValues({ checkInRequired: true }), checkInRequired: '' };
    expect(fieldErrors(completionFormSchema, none).watched).toBe(COMPLETION_MESSAGES.noCondition);
  });

  it('a chosen condition needs its number in range; an unchosen one is not checked', () => {
    const values = { ...completionFormValues({ minAttendanceMinutes: 1 }), watched: 'true', minWatchedPercent: '0', credits: 'true', minCredits: 'x' };
    expect(fieldErrors(completionFormSchema, values)).toEqual({
      minWatchedPercent: COMPLETION_FORM_MESSAGES.watched,
      minCredits: COMPLETION_FORM_MESSAGES.credits,
    });
    const rule = toCompletionRule(completionFormSchema.parse({ ...values, watched: '', credits: '', attendance: 'true', minAttendanceMinutes: '45' }));
    expect(rule).toMatchObject({ minWatchedPercent: null, minCredits: null, minAttendanceMinutes: 45 });
  });
});
