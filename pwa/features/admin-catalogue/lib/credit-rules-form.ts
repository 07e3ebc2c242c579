/**
 * A course's credit rules in the course forms (issue 30, point 4): the rule as typed (text, held
 * in the form as one JSON field, `creditRules`, so the form's draft keeps it), checked by the
 * contract's own `creditRulesSchema` — the one the server parses, in its words
 * (`CREDIT_RULE_MESSAGES`, the same as the server's 400) — with each problem said next to its
 * field, and turned into the `creditRules` of the course body (null clears a stored rule: the
 * course then awards no credit). Switched on, the form fills in the defaults: one CPE type, 50
 * minutes per credit, whole credits, no poll minimum.
 */
import { z } from 'zod';
import {
  CREDIT_INCREMENTS,
  CREDIT_KINDS,
  CREDIT_RULE_MESSAGES,
  DEFAULT_MINUTES_PER_CREDIT,
  creditRulesSchema,
  type CreditKind,
  type CreditRules,
} from '@contracts/credits';

export interface CreditTypeDraft {
  kind: CreditKind;
  fieldOfStudy: string;
  max: string;
}

export interface CreditRulesDraft {
  /** Whether the course awards credits at all (off: no rule stored). */
  enabled: boolean;
  types: CreditTypeDraft[];
  minutesPerCredit: string;
  increment: string;
  /** 0–100, as typed. */
  minPollPercent: string;
}

/** Where a problem is: `types.0.max`, `types.1`, `minutesPerCredit`, `increment`, `minPollPercent`. */
export type CreditRulesProblems = Record<string, string>;

export const newCreditType = (kind: CreditKind = 'CPE'): CreditTypeDraft => ({ kind, fieldOfStudy: '', max: '' });

/** The draft a form opens with: the course's rule, or none (off, one CPE type and the defaults ready). */
export function creditRulesDraft(rules: CreditRules | null | undefined): CreditRulesDraft {
  if (!rules) return { enabled: false, types: [newCreditType()], minutesPerCredit: String(DEFAULT_MINUTES_PER_CREDIT), increment: '1', minPollPercent: '0' };
  return {
    enabled: true,
    types: rules.types.map((t) => ({ kind: t.kind, fieldOfStudy: t.fieldOfStudy ?? '', max: t.max === undefined ? '' : String(t.max) })),
    minutesPerCredit: String(rules.minutesPerCredit),
    increment: String(rules.increment),
    minPollPercent: String(Math.round(rules.minPollRatio * 1000) / 10),
  };
}

/** A number as typed ("" is none; anything else that is not a plain number is NaN, so the schema refuses it). */
const numberOf = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** What the draft would send, before the schema's check. */
function candidateOf(draft: CreditRulesDraft): unknown {
  const percent = numberOf(draft.minPollPercent);
  return {
    types: draft.types.map((t) => ({
      kind: t.kind,
      ...(t.fieldOfStudy.trim() ? { fieldOfStudy: t.fieldOfStudy.trim() } : {}),
      ...(t.max.trim() ? { max: numberOf(t.max) } : {}),
    })),
    minutesPerCredit: numberOf(draft.minutesPerCredit) ?? Number.NaN,
    increment: numberOf(draft.increment) ?? Number.NaN,
    minPollRatio: percent === undefined ? 0 : Math.round(percent * 10) / 1000,
  };
}

/** Where a schema issue is shown (the schema's issue carries the words). */
function placeOf(path: readonly PropertyKey[]): string {
  const [head, index, field] = path;
  if (head === 'types' && typeof index === 'number') return `types.${index}.${field === 'max' || field === 'fieldOfStudy' ? field : 'kind'}`;
  if (head === 'minutesPerCredit' || head === 'increment') return head;
  if (head === 'minPollRatio') return 'minPollPercent';
  return 'types';
}

/** The rule the draft says (null when off), or the problems, each at its field (first one first). */
export function checkCreditRules(draft: CreditRulesDraft): { rules: CreditRules | null; problems: CreditRulesProblems } {
  if (!draft.enabled) return { rules: null, problems: {} };
  const result = creditRulesSchema.safeParse(candidateOf(draft));
  if (result.success) return { rules: result.data, problems: {} };
  const problems: CreditRulesProblems = {};
  for (const issue of result.error.issues) {
    problems[placeOf(issue.path)] ??= issue.message;
  }
  return { rules: null, problems };
}

/** The form's JSON text back to a draft (a broken or missing one opens as none). */
export function parseCreditRulesDraft(text: string | undefined): CreditRulesDraft {
  try {
    const value = JSON.parse(text ?? '') as Partial<CreditRulesDraft>;
    const fallback = creditRulesDraft(null);
    const types = Array.isArray(value.types)
      ? value.types
          .filter((t) => t && (CREDIT_KINDS as readonly string[]).includes(t.kind))
          .map((t) => ({ kind: t.kind, fieldOfStudy: String(t.fieldOfStudy ?? ''), max: String(t.max ?? '') }))
      : fallback.types;
    return {
      enabled: value.enabled === true,
      types: types.length > 0 ? types : fallback.types,
      minutesPerCredit: String(value.minutesPerCredit ?? fallback.minutesPerCredit),
      increment: (CREDIT_INCREMENTS as readonly number[]).map(String).includes(String(value.increment)) ? String(value.increment) : fallback.increment,
      minPollPercent: String(value.minPollPercent ?? fallback.minPollPercent),
    };
  } catch {
    return creditRulesDraft(null);
  }
}

/** The rule a course has (`creditRules`, once the course answer carries it). */
export const creditRulesOfCourse = (course: object | undefined): CreditRules | null =>
  (course as { creditRules?: CreditRules | null } | undefined)?.creditRules ?? null;

/** The form's field: the draft as JSON, valid when the rule is (or when credits are off). */
export const CREDIT_RULES_FIELD = {
  creditRules: z.string().superRefine((text, ctx) => {
    const { problems } = checkCreditRules(parseCreditRulesDraft(text));
    const first = Object.values(problems)[0];
    if (first) ctx.addIssue({ code: 'custom', message: `${CREDIT_RULE_MESSAGES.invalid}: ${first}` });
  }),
};

/** The value the form opens with. */
export const creditRulesValue = (course: object | undefined): string => JSON.stringify(creditRulesDraft(creditRulesOfCourse(course)));

/**
 * The body's `creditRules`: the rule when on; null when turned off on a course that had one;
 * nothing when off and there was none (the course's other writes do not touch it).
 */
export function creditRulesBody(text: string, course: object | undefined): { creditRules?: CreditRules | null } {
  const { rules } = checkCreditRules(parseCreditRulesDraft(text));
  if (rules) return { creditRules: rules };
  return creditRulesOfCourse(course) ? { creditRules: null } : {};
}
