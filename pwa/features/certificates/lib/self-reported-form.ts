/**
 * The "Add a certificate from elsewhere" form: the contract's own fields and messages, flattened to
 * one credit type per certificate (what one from elsewhere almost always states), and turned into
 * the API's body.
 */
import { z } from 'zod';
import { CREDIT_KINDS, CREDIT_RULE_MESSAGES, type CreditKind } from '@contracts/credits';
import { SELF_REPORTED_MESSAGES, selfReportedCreditSchema, selfReportedSchema, type SelfReportedInput } from '@contracts/credits-wallet';

const { title, provider, completedOn } = selfReportedSchema.shape;

export const selfReportedFormSchema = z.object({
  title,
  provider,
  completedOn: completedOn.refine((day) => day <= new Date().toISOString().slice(0, 10), SELF_REPORTED_MESSAGES.completedOn),
  certificateNumber: z.string().trim().max(60, SELF_REPORTED_MESSAGES.number),
  kind: z.enum(CREDIT_KINDS, { error: CREDIT_RULE_MESSAGES.kind }),
  amount: z.coerce.number({ error: SELF_REPORTED_MESSAGES.amount }).positive(SELF_REPORTED_MESSAGES.amount).max(100, SELF_REPORTED_MESSAGES.amount),
  fieldOfStudy: selfReportedCreditSchema.shape.fieldOfStudy.unwrap().or(z.literal('')),
});

export const EMPTY_SELF_REPORTED = { title: '', provider: '', completedOn: '', certificateNumber: '', kind: 'RAC', amount: '', fieldOfStudy: '' };

export function selfReportedBody(data: z.output<typeof selfReportedFormSchema>): SelfReportedInput {
  return {
    title: data.title,
    provider: data.provider,
    completedOn: data.completedOn,
    credits: [{ kind: data.kind as CreditKind, amount: data.amount, ...(data.fieldOfStudy ? { fieldOfStudy: data.fieldOfStudy } : {}) }],
    ...(data.certificateNumber ? { certificateNumber: data.certificateNumber } : {}),
  };
}
