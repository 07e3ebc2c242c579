/**
 * The Certificate tab's form: validity in months (empty: no expiry), the refresher course (empty:
 * none) and the fixed credits, one row each (kind, amount, optional field of study), kept as
 * strings (the drafts keep strings; the rows as JSON in `credits`). Checked against the contract's
 * ranges with its words where it has them; the values become what the server parses
 * (`certificateSettingsSchema`). A refusal from the server is placed at the field it names.
 */
import { z } from 'zod';
import { CERTIFICATE_SETTINGS_MESSAGES, certificateSettingsSchema, type CertificateSettings } from '@contracts/certificates';
import { CREDIT_KINDS, CREDIT_RULE_MESSAGES, MAX_FIELD_OF_STUDY_LENGTH, type CreditKind } from '@contracts/credits';

export const SETTINGS_FORM_MESSAGES = {
  amount: 'Credits must be a number from 0 to 100',
} as const;

export interface CreditRow {
  kind: CreditKind;
  amount: string;
  fieldOfStudy: string;
}

export const newCreditRow = (kind: CreditKind = 'CPE'): CreditRow => ({ kind, amount: '1', fieldOfStudy: '' });

/** The rows the `credits` field holds (a draft that cannot be read is no rows). */
export function parseCreditRows(text: string): CreditRow[] {
  try {
    const rows = JSON.parse(text) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.map((row: Partial<CreditRow>) => ({
      kind: CREDIT_KINDS.includes(row.kind as CreditKind) ? (row.kind as CreditKind) : 'CPE',
      amount: String(row.amount ?? ''),
      fieldOfStudy: String(row.fieldOfStudy ?? ''),
    }));
  } catch {
    return [];
  }
}

const amountOk = (text: string) => /^\d+(\.\d+)?$/.test(text.trim()) && Number(text) <= 100;

/** Each row's problems by place (`0.amount`, `1.fieldOfStudy`), in the rows' order. */
export function creditRowProblems(rows: CreditRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  rows.forEach((row, i) => {
    if (!amountOk(row.amount)) problems[`${i}.amount`] = SETTINGS_FORM_MESSAGES.amount;
    if (row.fieldOfStudy.trim().length > MAX_FIELD_OF_STUDY_LENGTH) problems[`${i}.fieldOfStudy`] = CREDIT_RULE_MESSAGES.fieldOfStudy;
  });
  return problems;
}

const wholeMonths = (text: string) => text.trim() === '' || (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 120);

export const settingsFormSchema = z.object({
  validityMonths: z.string().refine(wholeMonths, CERTIFICATE_SETTINGS_MESSAGES.validityMonths),
  refresherCourseId: z.string(),
  credits: z.string().superRefine((text, ctx) => {
    const first = Object.values(creditRowProblems(parseCreditRows(text)))[0];
    if (first) ctx.addIssue({ code: 'custom', message: first });
  }),
});
export type SettingsFormValues = { [K in keyof typeof settingsFormSchema.shape]: string };
export type SettingsField = keyof SettingsFormValues;

export function settingsFormValues(settings: CertificateSettings): SettingsFormValues {
  return {
    validityMonths: settings.validityMonths === null ? '' : String(settings.validityMonths),
    refresherCourseId: settings.refresherCourseId ?? '',
    credits: JSON.stringify(settings.credits.map((c) => ({ kind: c.kind, amount: String(c.amount), fieldOfStudy: c.fieldOfStudy ?? '' }))),
  };
}

/** What the server takes: empty validity and refresher are none; a blank field of study is left out. */
export function toCertificateSettings(values: SettingsFormValues): CertificateSettings {
  return certificateSettingsSchema.parse({
    validityMonths: values.validityMonths.trim() === '' ? null : Number(values.validityMonths),
    refresherCourseId: values.refresherCourseId || null,
    credits: parseCreditRows(values.credits).map((row) => ({
      kind: row.kind,
      amount: Number(row.amount),
      ...(row.fieldOfStudy.trim() ? { fieldOfStudy: row.fieldOfStudy.trim() } : {}),
    })),
  });
}

/** The field a refusal from the server is about (its message names it), or null when it names none. */
export function fieldOfServerMessage(message: string): SettingsField | null {
  if (message === CERTIFICATE_SETTINGS_MESSAGES.refresherCourse || message === CERTIFICATE_SETTINGS_MESSAGES.refresherSelf) return 'refresherCourseId';
  if (message === CERTIFICATE_SETTINGS_MESSAGES.validityMonths || message.includes('"validityMonths"')) return 'validityMonths';
  if (message.includes('"credits')) return 'credits';
  return null;
}
