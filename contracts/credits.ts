/**
 * Credit rules (issue 30, point 4; learning spec "Credit" and "Rules from the field"): what a
 * course's rule says and the one pure function that turns a person's attendance into credits and,
 * when they fall short, the reason. The server's attendance, the back office, My Training and the
 * certificates all read `computeCredits` and `formatCredits`; nothing else does this arithmetic.
 *
 * NASBA Group Internet-Based: 1 credit = 50 minutes, no credit below one full credit, then in the
 * sponsor's increments (1, 0.5 or 0.2), never beyond the time actually present; polls answered
 * out of those asked must reach the sponsor's ratio, else no credit.
 *
 * A course with no rule awards no credit: a CPE sponsor must accredit a session. The defaults
 * below (50 minutes per credit, increment 1, no poll minimum) are only what the course form fills
 * in when staff switch credits on.
 */
import { z } from 'zod';

export const CREDIT_KINDS = ['CPE', 'RAC', 'ASQ', 'CME', 'contact_hours', 'CEU'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** How a kind reads on a screen or a certificate ("1.5 CPE", "2 contact hours"). */
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  CPE: 'CPE',
  RAC: 'RAC',
  ASQ: 'ASQ RU',
  CME: 'CME',
  contact_hours: 'contact hours',
  CEU: 'CEU',
};

export const CREDIT_INCREMENTS = [1, 0.5, 0.2] as const;
export type CreditIncrement = (typeof CREDIT_INCREMENTS)[number];

export const DEFAULT_MINUTES_PER_CREDIT = 50;
/** The longest field of study a credit type may name (the course form's input stops there too). */
export const MAX_FIELD_OF_STUDY_LENGTH = 80;
export const MAX_CREDIT_TYPES = 10;

/** What a rule that cannot be accepted says — the server's 400 and the course form, each at its field. */
export const CREDIT_RULE_MESSAGES = {
  kind: 'Choose a credit type',
  fieldOfStudy: `Field of study must be at most ${MAX_FIELD_OF_STUDY_LENGTH} characters`,
  fieldOfStudyBlank: 'Field of study must not be blank (leave it out instead)',
  max: 'Max credits must be a number above 0 and at most 100',
  minutesPerCredit: 'Minutes per credit must be a whole number from 1 to 600',
  increment: 'Increment must be 1, 0.5 or 0.2',
  minPollPercent: 'Minimum polls answered must be a percent from 0 to 100',
  types: `List from 1 to ${MAX_CREDIT_TYPES} credit types`,
  listedTwice: 'Each credit type may be listed once',
  invalid: 'Check the credit rules',
} as const;

/** The reason on an attendance row of a course that has no credit rule (it is still recorded: minutes, polls). */
export const NO_CREDIT_RULE_REASON = 'This session awards no credits';

export const creditKindSchema = z.enum(CREDIT_KINDS, { error: CREDIT_RULE_MESSAGES.kind });
/** NASBA's field of study for CPE (e.g. "Regulatory Ethics"), with the form's messages. */
export const fieldOfStudySchema = z
  .string({ error: CREDIT_RULE_MESSAGES.fieldOfStudy })
  .trim()
  .min(1, CREDIT_RULE_MESSAGES.fieldOfStudyBlank)
  .max(MAX_FIELD_OF_STUDY_LENGTH, CREDIT_RULE_MESSAGES.fieldOfStudy);

export const creditTypeSchema = z
  .object({
    kind: creditKindSchema,
    fieldOfStudy: fieldOfStudySchema.optional(),
    /** The most this course grants of this kind (its length in credits, say). */
    max: z.number({ error: CREDIT_RULE_MESSAGES.max }).positive().max(100).optional(),
  })
  .strict();
export type CreditType = z.infer<typeof creditTypeSchema>;

export const creditRulesSchema = z
  .object({
    types: z.array(creditTypeSchema, { error: CREDIT_RULE_MESSAGES.types }).min(1).max(MAX_CREDIT_TYPES),
    minutesPerCredit: z.number({ error: CREDIT_RULE_MESSAGES.minutesPerCredit }).int().min(1).max(600).default(DEFAULT_MINUTES_PER_CREDIT),
    increment: z.union([z.literal(1), z.literal(0.5), z.literal(0.2)], { error: CREDIT_RULE_MESSAGES.increment }).default(1),
    /** 0–1: the share of polls a person must answer; 0 asks for none. */
    minPollRatio: z.number({ error: CREDIT_RULE_MESSAGES.minPollPercent }).min(0).max(1).default(0),
  })
  .strict()
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.types.forEach((type, index) => {
      const key = `${type.kind}\u0000${type.fieldOfStudy ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['types', index], message: CREDIT_RULE_MESSAGES.listedTwice });
      seen.add(key);
    });
  });
export type CreditRules = z.infer<typeof creditRulesSchema>;

export interface AttendanceFacts {
  /** Seconds present, all intervals merged. */
  seconds: number;
  pollsAnswered: number;
  pollsAsked: number;
}

export interface Credit {
  kind: CreditKind;
  fieldOfStudy?: string;
  amount: number;
}

/** An amount of one credit type as staff state it (an attendance adjustment, a self-study course's fixed credits). */
export const creditSchema = z
  .object({
    kind: z.enum(CREDIT_KINDS),
    amount: z.number().min(0).max(100),
    fieldOfStudy: z.string().trim().min(1).max(MAX_FIELD_OF_STUDY_LENGTH).optional(),
  })
  .strict();

/** `no_credit_rule`: the course awards no credit (no rule stored), whatever the attendance. */
export type CreditStatus = 'earned' | 'short' | 'absent' | 'no_credit_rule';

export interface CreditResult {
  /** Whole minutes present (floored: no credit for time not spent). */
  minutes: number;
  credits: Credit[];
  status: CreditStatus;
  /** Why there is no credit, e.g. "20 min < 50 min; polls 17 % < 75 %" or `NO_CREDIT_RULE_REASON`; null when earned. */
  reason: string | null;
}

/** A ratio as a whole percent; a failing ratio never reads as reaching the minimum ("75 % < 75 %"). */
function percent(ratio: number, atMost?: number): string {
  const whole = Math.round(ratio * 100);
  if (atMost === undefined || whole < atMost) return `${whole} %`;
  return `${Math.floor(ratio * 1000) / 10} %`;
}

/**
 * The credits `attendance` earns under `rules`. No polls asked → the poll ratio does not apply
 * (the session had none to answer). Each type gets the same amount, capped by its `max`. No rule
 * (null) → no credits at all (an empty list), status `no_credit_rule`; the minutes are still counted.
 */
export function computeCredits(attendance: AttendanceFacts, rules: CreditRules | null): CreditResult {
  const seconds = Math.max(0, Number.isFinite(attendance.seconds) ? attendance.seconds : 0);
  const minutes = Math.floor(seconds / 60);
  if (!rules) return { minutes, credits: [], status: 'no_credit_rule', reason: NO_CREDIT_RULE_REASON };
  const asked = Math.max(0, attendance.pollsAsked);
  const answered = Math.min(Math.max(0, attendance.pollsAnswered), asked);
  const shortfalls: string[] = [];
  if (seconds < rules.minutesPerCredit * 60) shortfalls.push(`${minutes} min < ${rules.minutesPerCredit} min`);
  if (asked > 0 && rules.minPollRatio > 0 && answered / asked < rules.minPollRatio) {
    const minimum = Math.round(rules.minPollRatio * 100);
    shortfalls.push(`polls ${percent(answered / asked, minimum)} < ${minimum} %`);
  }
  const each = (amount: number): Credit[] =>
    rules.types.map(({ kind, fieldOfStudy, max }) => ({
      kind,
      ...(fieldOfStudy ? { fieldOfStudy } : {}),
      amount: roundCredit(max === undefined ? amount : Math.min(amount, max)),
    }));
  if (shortfalls.length > 0) return { minutes, credits: each(0), status: seconds === 0 ? 'absent' : 'short', reason: shortfalls.join('; ') };
  // Whole steps only, counted in integers (0.2 × 7 is not 1.4 in floating point).
  const stepsPerCredit = Math.round(1 / rules.increment);
  const steps = Math.floor((seconds * stepsPerCredit) / (rules.minutesPerCredit * 60));
  return { minutes, credits: each(steps / stepsPerCredit), status: 'earned', reason: null };
}

/** Credits to one decimal (0.2 increments sum to floats such as 1.4000000000000001). */
export const roundCredit = (amount: number) => Math.round(amount * 10) / 10;

/** "1.5 CPE — Regulatory Ethics; 1.5 RAC" (certificates, My Training, the attendance table). */
export function formatCredits(credits: readonly Credit[]): string {
  return credits
    .map(({ kind, fieldOfStudy, amount }) => `${roundCredit(amount)} ${CREDIT_KIND_LABELS[kind]}${fieldOfStudy ? ` — ${fieldOfStudy}` : ''}`)
    .join('; ');
}
