/**
 * My credits (issue 32, point 7): the holder's wallet of credits by type — every certificate
 * issued here, and certificates from elsewhere the holder adds ("self-reported", with their PDF) —
 * totals per type over a chosen period against the usual recertification goals, the transcript,
 * and LinkedIn's add-to-profile link. Shared by the API and the PWA.
 */
import { z } from 'zod';
import { CREDIT_KINDS, CREDIT_KIND_LABELS, MAX_CREDIT_TYPES, creditKindSchema, fieldOfStudySchema, roundCredit, type Credit, type CreditKind } from './credits';

/**
 * Recertification goals per credit type over their cycle: RAPS's RAC 36 credits in 3 years, ASQ's
 * 18 recertification units in 3 years, NASBA-state CPE 120 hours in 3 years.
 */
export const CREDIT_GOALS: Partial<Record<CreditKind, { amount: number; years: number }>> = {
  RAC: { amount: 36, years: 3 },
  ASQ: { amount: 18, years: 3 },
  CPE: { amount: 120, years: 3 },
};

/** The wallet's period: whole calendar years, `from` to `to` inclusive (the default: the last three). */
export const walletQuerySchema = z
  .object({
    from: z.coerce.number({ error: 'from must be a year' }).int().min(1990).max(2100).optional(),
    to: z.coerce.number({ error: 'to must be a year' }).int().min(1990).max(2100).optional(),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type WalletQuery = z.infer<typeof walletQuerySchema>;

export function walletPeriod(query: WalletQuery, now: Date): { from: number; to: number } {
  const to = query.to ?? (query.from !== undefined ? Math.max(query.from, now.getUTCFullYear()) : now.getUTCFullYear());
  return { from: query.from ?? to - 2, to };
}

export const SELF_REPORTED_MESSAGES = {
  title: 'Enter the course title (1 to 200 characters)',
  provider: 'Enter who issued it (1 to 200 characters)',
  completedOn: 'Enter the completion date as YYYY-MM-DD, not in the future',
  credits: `List from 1 to ${MAX_CREDIT_TYPES} credit types with their amounts`,
  amount: 'Credits must be a number above 0 and at most 100',
  number: 'The certificate number must be at most 60 characters',
  notPdf: 'The certificate must be a PDF file',
  tooLarge: (mb: number) => `The PDF must be at most ${mb} MB`,
  notFound: 'Certificate not found',
} as const;

/** One credit type of a self-reported certificate, with the form's messages. */
export const selfReportedCreditSchema = z
  .object({
    kind: creditKindSchema,
    amount: z.number({ error: SELF_REPORTED_MESSAGES.amount }).positive(SELF_REPORTED_MESSAGES.amount).max(100, SELF_REPORTED_MESSAGES.amount),
    fieldOfStudy: fieldOfStudySchema.optional(),
  })
  .strict();

/** `POST /api/me/credits/self-reported`: a certificate from elsewhere (its PDF follows: `PUT …/:id/pdf`). */
export const selfReportedSchema = z
  .object({
    title: z.string({ error: SELF_REPORTED_MESSAGES.title }).trim().min(1, SELF_REPORTED_MESSAGES.title).max(200, SELF_REPORTED_MESSAGES.title),
    provider: z.string({ error: SELF_REPORTED_MESSAGES.provider }).trim().min(1, SELF_REPORTED_MESSAGES.provider).max(200, SELF_REPORTED_MESSAGES.provider),
    completedOn: z
      .string({ error: SELF_REPORTED_MESSAGES.completedOn })
      .regex(/^\d{4}-\d{2}-\d{2}$/, SELF_REPORTED_MESSAGES.completedOn)
      .refine(
        (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
        SELF_REPORTED_MESSAGES.completedOn,
      ),
    credits: z
      .array(selfReportedCreditSchema, { error: SELF_REPORTED_MESSAGES.credits })
      .min(1, SELF_REPORTED_MESSAGES.credits)
      .max(MAX_CREDIT_TYPES, SELF_REPORTED_MESSAGES.credits),
    certificateNumber: z.string().trim().max(60, SELF_REPORTED_MESSAGES.number).optional(),
  })
  .strict();
export type SelfReportedInput = z.infer<typeof selfReportedSchema>;

/** One line of the wallet and the transcript. */
export interface WalletEntry {
  id: string;
  source: 'issued' | 'self_reported';
  title: string;
  /** The issuer: this platform, or who the holder says. */
  provider: string;
  /** YYYY-MM-DD: the completion day (UTC). */
  completedOn: string;
  number: string | null;
  credits: Credit[];
  /** Issued here: valid, expired, revoked, superseded; self-reported: null. */
  status: string | null;
  statusText: string;
  /** Counted in the totals: every self-reported one and issued ones not revoked or replaced. */
  counted: boolean;
  /** `GET` with the holder's token; null when a self-reported one has no PDF yet. */
  pdfUrl: string | null;
  verifyUrl: string | null;
}

export interface CreditTotal {
  kind: CreditKind;
  amount: number;
  goal: { amount: number; years: number } | null;
}

/** `GET /api/me/credits?from=&to=`. */
export interface WalletDto {
  period: { from: number; to: number };
  /** Completed in the period, newest first. */
  entries: WalletEntry[];
  totals: CreditTotal[];
}

/** Totals per type of the counted entries, in CREDIT_KINDS order, rounded as credits are. */
export function creditTotals(entries: readonly WalletEntry[]): CreditTotal[] {
  const sums = new Map<CreditKind, number>();
  for (const entry of entries) {
    if (!entry.counted) continue;
    for (const credit of entry.credits) sums.set(credit.kind, (sums.get(credit.kind) ?? 0) + credit.amount);
  }
  return CREDIT_KINDS.filter((kind) => sums.has(kind)).map((kind) => ({ kind, amount: roundCredit(sums.get(kind)!), goal: CREDIT_GOALS[kind] ?? null }));
}

/** "RAC: 22.5 of 36 in 2025–2027", "CME: 4 in 2025–2027". */
export function formatCreditTotal(total: CreditTotal, period: { from: number; to: number }): string {
  const years = period.from === period.to ? `${period.from}` : `${period.from}–${period.to}`;
  return `${CREDIT_KIND_LABELS[total.kind]}: ${total.amount}${total.goal ? ` of ${total.goal.amount}` : ''} in ${years}`;
}

/** LinkedIn's "Add to profile" address for a certificate (a Licenses & certifications entry). */
export function linkedInAddUrl(
  c: { title: string; issuedAt: string; validUntil: string | null; number: string; verifyUrl: string },
  organizationName: string,
): string {
  const issued = new Date(c.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.title,
    organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.verifyUrl,
    certId: c.number,
  });
  if (c.validUntil) {
    const until = new Date(c.validUntil);
    params.set('expirationYear', String(until.getUTCFullYear()));
    params.set('expirationMonth', String(until.getUTCMonth() + 1));
  }
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
