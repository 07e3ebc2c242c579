/**
 * A course's credit rule (issue 30, point 4): `courses.credit_rules` (JSON, null = none stored,
 * written with the course: `PUT /api/courses/:id { creditRules }`). No rule — never set, switched
 * off (null), or unreadable — means the course awards no credit: a CPE sponsor must accredit a
 * session, so no default is assumed (`computeCredits` reads null as `no_credit_rule`). The one
 * place attendance reads a rule from.
 */
import type { Knex } from 'knex';
import { creditRulesSchema, type CreditRules } from '@contracts/credits';
import { Course } from '@db/models';

export async function creditRulesOf(knex: Knex | Knex.Transaction, courseId: string): Promise<CreditRules | null> {
  // The course's own field (`Course.creditRules`, JSON), as the course API writes and reads it.
  return parseCreditRules((await Course.query(knex).findById(courseId).select('credit_rules'))?.creditRules);
}

/** A stored `credit_rules` value (JSON text or parsed) as a rule, or null (none, or unreadable). */
export function parseCreditRules(stored: unknown): CreditRules | null {
  if (stored === null || stored === undefined || stored === '') return null;
  try {
    const parsed = creditRulesSchema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
