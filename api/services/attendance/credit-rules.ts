/**
 * A course's credit rule (issue 30, point 4): `courses.credit_rules` (JSON, null = none stored,
 * written with the course: `PUT /api/courses/:id { creditRules }`); for a missing or unreadable rule, one CPE credit per
 * 50 minutes in whole credits, no poll minimum. The one place attendance reads a rule from.
 */
import type { Knex } from 'knex';
import { creditRulesSchema, type CreditRules } from '@contracts/credits';
import { Course } from '@db/models';

export const DEFAULT_CREDIT_RULES: CreditRules = { types: [{ kind: 'CPE' }], minutesPerCredit: 50, increment: 1, minPollRatio: 0 };

export async function creditRulesOf(knex: Knex | Knex.Transaction, courseId: string): Promise<CreditRules> {
  // The course's own field (`Course.creditRules`, JSON), as the course API writes and reads it.
  const stored: unknown = (await Course.query(knex).findById(courseId).select('credit_rules'))?.creditRules;
  if (stored === null || stored === undefined || stored === '') return DEFAULT_CREDIT_RULES;
  try {
    const parsed = creditRulesSchema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
    return parsed.success ? parsed.data : DEFAULT_CREDIT_RULES;
  } catch {
    return DEFAULT_CREDIT_RULES;
  }
}
