/**
 * The completion rule's form: each condition a checkbox with its number beside it, as strings (the
 * drafts keep strings), checked against the contract's ranges; no condition chosen is refused with
 * the contract's words (COMPLETION_MESSAGES.noCondition), and the values become the rule the server
 * parses (`completionRuleSchema`).
 */
import { z } from 'zod';
import { COMPLETION_MESSAGES, completionRuleSchema, type CompletionRule } from '@contracts/completion';

export const COMPLETION_FORM_MESSAGES = {
  watched: 'Videos watched must be a whole percentage from 1 to 100',
  minutes: 'Minutes attended must be a whole number from 1 to 100,000',
  credits: 'Credits must be a number from 0.1 to 1,000',
} as const;

const on = (value: string) => value === 'true';
const whole = (value: string, min: number, max: number) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;
const decimal = (value: string, min: number, max: number) => /^\d+(\.\d+)?$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

export const completionFormSchema = z
  .object({
    watched: z.string(),
    minWatchedPercent: z.string(),
    watchedScope: z.enum(['each', 'total']),
    finalExamPassed: z.string(),
    attendance: z.string(),
    minAttendanceMinutes: z.string(),
    credits: z.string(),
    minCredits: z.string(),
    checkInRequired: z.string(),
  })
  .superRefine(
    (v, ctx) => {
      const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (![v.watched, v.finalExamPassed, v.attendance, v.credits, v.checkInRequired].some(on)) problem('watched', COMPLETION_MESSAGES.noCondition);
      if (on(v.watched) && !whole(v.minWatchedPercent, 1, 100)) problem('minWatchedPercent', COMPLETION_FORM_MESSAGES.watched);
      if (on(v.attendance) && !whole(v.minAttendanceMinutes, 1, 100_000)) problem('minAttendanceMinutes', COMPLETION_FORM_MESSAGES.minutes);
      if (on(v.credits) && !decimal(v.minCredits, 0.1, 1_000)) problem('minCredits', COMPLETION_FORM_MESSAGES.credits);
    },
    { when: () => true },
  );
export type CompletionFormValues = { [K in keyof typeof completionFormSchema.shape]: string };

const flag = (value: unknown) => (value ? 'true' : '');

export function completionFormValues(rule: CompletionRule): CompletionFormValues {
  return {
    watched: flag(rule.minWatchedPercent),
    minWatchedPercent: String(rule.minWatchedPercent ?? 90),
    watchedScope: rule.watchedScope ?? 'each',
    finalExamPassed: flag(rule.finalExamPassed),
    attendance: flag(rule.minAttendanceMinutes),
    minAttendanceMinutes: String(rule.minAttendanceMinutes ?? 1),
    credits: flag(rule.minCredits),
    minCredits: String(rule.minCredits ?? 1),
    checkInRequired: flag(rule.checkInRequired),
  };
}

/** The conditions chosen, as the server takes them; a condition left off is sent as off (null or false). */
export function toCompletionRule(v: z.output<typeof completionFormSchema>): CompletionRule {
  return completionRuleSchema.parse({
    minWatchedPercent: on(v.watched) ? Number(v.minWatchedPercent) : null,
    watchedScope: v.watchedScope,
    finalExamPassed: on(v.finalExamPassed),
    minAttendanceMinutes: on(v.attendance) ? Number(v.minAttendanceMinutes) : null,
    minCredits: on(v.credits) ? Number(v.minCredits) : null,
    checkInRequired: on(v.checkInRequired),
  });
}

/** "Videos watched at least 90 % each, final exam passed": a rule in words. */
export function describeRule(rule: CompletionRule): string {
  const parts: string[] = [];
  if (rule.minWatchedPercent) parts.push(`videos watched at least ${rule.minWatchedPercent} % ${rule.watchedScope === 'total' ? 'in total' : 'each'}`);
  if (rule.finalExamPassed) parts.push('final exam passed');
  if (rule.minAttendanceMinutes) parts.push(`attended at least ${rule.minAttendanceMinutes} min`);
  if (rule.minCredits) parts.push(`at least ${rule.minCredits} credits`);
  if (rule.checkInRequired) parts.push('checked in');
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
