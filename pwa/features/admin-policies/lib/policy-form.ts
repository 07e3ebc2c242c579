/**
 * The policy's edit form as text — what is typed, kept as a draft on the device — and the one way
 * from it to the wire (`toPolicyRequest`). A form holds up to `MAX_STEPS` refund steps in fixed
 * slots (`days0`/`percent0` … `days5`/`percent5`; `steps` says how many are in use, those past it
 * stay empty), the transfer: `transfer` ("yes" or "no") and `transferHours`, and the move to
 * another date of the same course: `move` ("yes" or "no") and `moveHours`. Its rules are the
 * contract's: `policyFormErrors` parses the request with `cancellationPolicySchema` and puts each
 * message at the field it comes from; what concerns the steps together (the same days twice, a
 * later step refunding more) is said once, under the steps (`steps`).
 */
import { z } from 'zod';
import { cancellationPolicySchema, defaultPolicy, type CancellationPolicy, type CancellationPolicyRequest } from '@contracts/bookings';

/** The contract's limit (`cancellationPolicySchema`: at most 6 refund steps). */
export const MAX_STEPS = 6;
const SLOTS = Array.from({ length: MAX_STEPS }, (_, i) => i);

type SlotField = `days${number}` | `percent${number}`;
export type PolicyFormField = SlotField | 'steps' | 'transfer' | 'transferHours' | 'move' | 'moveHours';
export type PolicyFormValues = Record<PolicyFormField, string>;

const text = z.string();
const FIELDS = {
  // The steps' fields first, row by row: the first invalid one is focused.
  ...Object.fromEntries(SLOTS.flatMap((i) => [[`days${i}`, text] as const, [`percent${i}`, text] as const])),
  steps: text,
  transfer: text,
  transferHours: text,
  move: text,
  moveHours: text,
} as Record<PolicyFormField, z.ZodString>;

export const daysField = (row: number) => `days${row}` as const;
export const percentField = (row: number) => `percent${row}` as const;

/** How many steps the form has in use. */
export const stepCount = (values: PolicyFormValues): number => Math.min(MAX_STEPS, Math.max(0, Number(values.steps) || 0));

const emptySlots = () =>
  Object.fromEntries(
    SLOTS.flatMap((i) => [
      [daysField(i), ''],
      [percentField(i), ''],
    ]),
  ) as Record<SlotField, string>;

/** A move's hours when the policy allows none: the live sessions' default (24). */
const MOVE_HOURS = defaultPolicy('live_seminar').sessionChangeUntilHours ?? 0;

/**
 * The form a policy opens with: its steps from the most days down; without a transfer, its hours
 * ready at 0 (until the start); without a move, its hours ready at the live sessions' default.
 */
export function policyToForm(policy: Pick<CancellationPolicy, 'refundTiers' | 'transferUntilHours' | 'sessionChangeUntilHours'>): PolicyFormValues {
  const values = emptySlots();
  const steps = [...policy.refundTiers].sort((a, b) => b.daysBefore - a.daysBefore).slice(0, MAX_STEPS);
  steps.forEach((step, i) => {
    values[daysField(i)] = String(step.daysBefore);
    values[percentField(i)] = String(step.percent);
  });
  return {
    ...values,
    steps: String(steps.length),
    transfer: policy.transferUntilHours === null ? 'no' : 'yes',
    transferHours: String(policy.transferUntilHours ?? 0),
    move: policy.sessionChangeUntilHours === null ? 'no' : 'yes',
    moveHours: String(policy.sessionChangeUntilHours ?? MOVE_HOURS),
  };
}

/** A number as typed ("7", "12.5", "-1": the schema says what is wrong with it); NaN for nothing or anything else. */
function typedNumber(value: string | undefined): number {
  const typed = (value ?? '').trim().replace(/%$/, '');
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
}

/** The request the form describes: the steps in use, as typed; the transfer's and the move's hours, or null when not allowed. */
export function toPolicyRequest(values: PolicyFormValues): CancellationPolicyRequest & Pick<CancellationPolicy, 'sessionChangeUntilHours'> {
  return {
    refundTiers: SLOTS.slice(0, stepCount(values)).map((i) => ({
      daysBefore: typedNumber(values[daysField(i)]),
      percent: typedNumber(values[percentField(i)]),
    })),
    transferUntilHours: values.transfer === 'yes' ? typedNumber(values.transferHours) : null,
    sessionChangeUntilHours: values.move === 'yes' ? typedNumber(values.moveHours) : null,
  };
}

/** The form field a message of the wire's schema belongs to. */
function fieldOf(path: readonly PropertyKey[]): PolicyFormField {
  const [first, row, name] = path;
  if (first === 'transferUntilHours') return 'transferHours';
  if (first === 'sessionChangeUntilHours') return 'moveHours';
  if (first === 'refundTiers' && typeof row === 'number') return name === 'percent' ? percentField(row) : daysField(row);
  return 'steps';
}

/** The first message per field, from `cancellationPolicySchema.safeParse` of the request the form describes. */
export function policyFormErrors(values: PolicyFormValues): Partial<Record<PolicyFormField, string>> {
  const errors: Partial<Record<PolicyFormField, string>> = {};
  const parsed = cancellationPolicySchema.safeParse(toPolicyRequest(values));
  if (!parsed.success) for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** The form's schema for `useZodForm`: text fields, judged as the request they make. */
export const policyFormSchema = z.object(FIELDS).superRefine((values, ctx) => {
  for (const [field, message] of Object.entries(policyFormErrors(values))) ctx.addIssue({ code: 'custom', path: [field], message });
});

/** The form with one more (empty) step; as it was when all `MAX_STEPS` are in use. */
export function withStepAdded(values: PolicyFormValues): PolicyFormValues {
  const count = stepCount(values);
  if (count >= MAX_STEPS) return values;
  return { ...values, steps: String(count + 1), [daysField(count)]: '', [percentField(count)]: '' };
}

/** The form without the step in `row`: the later steps move up, the last slot is emptied. */
export function withStepRemoved(values: PolicyFormValues, row: number): PolicyFormValues {
  const count = stepCount(values);
  if (row < 0 || row >= count) return values;
  const next: PolicyFormValues = { ...values, steps: String(count - 1) };
  for (let i = row; i < count - 1; i += 1) {
    next[daysField(i)] = values[daysField(i + 1)] ?? '';
    next[percentField(i)] = values[percentField(i + 1)] ?? '';
  }
  next[daysField(count - 1)] = '';
  next[percentField(count - 1)] = '';
  return next;
}
