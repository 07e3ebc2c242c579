import { describe, expect, it } from 'vitest';
import { CREDIT_RULE_MESSAGES, MAX_FIELD_OF_STUDY_LENGTH, creditRulesSchema } from '@contracts/credits';
import {
  CREDIT_RULES_FIELD,
  checkCreditRules,
  creditRulesBody,
  creditRulesDraft,
  creditRulesValue,
  parseCreditRulesDraft,
  type CreditRulesDraft,
} from './credit-rules-form';

const on = (change: Partial<CreditRulesDraft> = {}): CreditRulesDraft => ({ ...creditRulesDraft(null), enabled: true, ...change });

describe('credit rules in the course forms', () => {
  it('opens a course without a rule as off, with one CPE type, 50 minutes, whole credits and no poll minimum', () => {
    expect(creditRulesDraft(null)).toEqual({
      enabled: false,
      types: [{ kind: 'CPE', fieldOfStudy: '', max: '' }],
      minutesPerCredit: '50',
      increment: '1',
      minPollPercent: '0',
    });
    expect(checkCreditRules(creditRulesDraft(null))).toEqual({ rules: null, problems: {} });
  });

  it('turns a typed rule into the contract’s rule (percent to ratio), which the schema accepts', () => {
    const { rules, problems } = checkCreditRules(
      on({
        types: [
          { kind: 'CPE', fieldOfStudy: ' Regulatory Ethics ', max: '2' },
          { kind: 'RAC', fieldOfStudy: '', max: '' },
        ],
        increment: '0.5',
        minPollPercent: '75',
      }),
    );
    expect(problems).toEqual({});
    expect(rules).toEqual({
      types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics', max: 2 }, { kind: 'RAC' }],
      minutesPerCredit: 50,
      increment: 0.5,
      minPollRatio: 0.75,
    });
    expect(creditRulesSchema.parse(rules)).toEqual(rules);
  });

  it('round-trips a stored rule through the draft', () => {
    const stored = { types: [{ kind: 'CME' as const, max: 1.5 }], minutesPerCredit: 60, increment: 0.2 as const, minPollRatio: 0.5 };
    expect(checkCreditRules(creditRulesDraft(stored)).rules).toEqual(stored);
  });

  it('puts each problem at its field, in the contract’s terms', () => {
    const { rules, problems } = checkCreditRules(
      on({
        types: [
          { kind: 'CPE', fieldOfStudy: 'x'.repeat(81), max: '0' },
          { kind: 'RAC', fieldOfStudy: '', max: 'lots' },
        ],
        minutesPerCredit: '12.5',
        minPollPercent: '120',
      }),
    );
    expect(rules).toBeNull();
    expect(problems).toEqual({
      'types.0.fieldOfStudy': CREDIT_RULE_MESSAGES.fieldOfStudy,
      'types.0.max': CREDIT_RULE_MESSAGES.max,
      'types.1.max': CREDIT_RULE_MESSAGES.max,
      minutesPerCredit: CREDIT_RULE_MESSAGES.minutesPerCredit,
      minPollPercent: CREDIT_RULE_MESSAGES.minPollPercent,
    });
    expect(checkCreditRules(on({ minutesPerCredit: '' })).problems).toEqual({ minutesPerCredit: CREDIT_RULE_MESSAGES.minutesPerCredit });
    expect(checkCreditRules(on({ increment: '0.25' })).problems).toEqual({ increment: CREDIT_RULE_MESSAGES.increment });
    expect(checkCreditRules(on({ types: [] })).problems).toEqual({ types: CREDIT_RULE_MESSAGES.types });
    expect(checkCreditRules(on({ types: [{ kind: 'XP' as never, fieldOfStudy: '', max: '' }] })).problems).toEqual({
      'types.0.kind': CREDIT_RULE_MESSAGES.kind,
    });
  });

  it('accepts a field of study of the contract’s length, and refuses one longer', () => {
    const field = (fieldOfStudy: string) => on({ types: [{ kind: 'CPE', fieldOfStudy, max: '' }] });
    expect(checkCreditRules(field('x'.repeat(MAX_FIELD_OF_STUDY_LENGTH))).problems).toEqual({});
    expect(checkCreditRules(field('x'.repeat(MAX_FIELD_OF_STUDY_LENGTH + 1))).problems).toEqual({ 'types.0.fieldOfStudy': CREDIT_RULE_MESSAGES.fieldOfStudy });
  });

  it('refuses the same type listed twice with the schema’s own message', () => {
    const twice = on({
      types: [
        { kind: 'CPE', fieldOfStudy: 'Ethics', max: '' },
        { kind: 'CPE', fieldOfStudy: 'Ethics', max: '' },
      ],
    });
    expect(checkCreditRules(twice).problems).toEqual({ 'types.1.kind': CREDIT_RULE_MESSAGES.listedTwice });
    expect(CREDIT_RULE_MESSAGES.listedTwice).toBe('Each credit type may be listed once');
  });

  it('the form field is valid when off or valid, and says the first problem otherwise', () => {
    expect(CREDIT_RULES_FIELD.creditRules.safeParse(creditRulesValue(undefined)).success).toBe(true);
    const bad = CREDIT_RULES_FIELD.creditRules.safeParse(JSON.stringify(on({ minutesPerCredit: '0' })));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(`${CREDIT_RULE_MESSAGES.invalid}: ${CREDIT_RULE_MESSAGES.minutesPerCredit}`);
  });

  it('sends the rule when on, null to clear a stored one, and nothing when there never was one', () => {
    const rule = { types: [{ kind: 'CPE' as const }], minutesPerCredit: 50, increment: 1 as const, minPollRatio: 0 };
    expect(creditRulesBody(JSON.stringify(on()), undefined)).toEqual({ creditRules: rule });
    expect(creditRulesBody(JSON.stringify(creditRulesDraft(null)), { creditRules: rule })).toEqual({ creditRules: null });
    expect(creditRulesBody(JSON.stringify(creditRulesDraft(null)), { creditRules: null })).toEqual({});
    expect(creditRulesBody(creditRulesValue({ creditRules: rule }), { creditRules: rule })).toEqual({ creditRules: rule });
  });

  it('reads a broken or foreign draft back as none', () => {
    expect(parseCreditRulesDraft('not json')).toEqual(creditRulesDraft(null));
    expect(parseCreditRulesDraft(JSON.stringify({ enabled: true, types: [{ kind: 'XYZ' }], increment: 3 })).types).toEqual(creditRulesDraft(null).types);
    expect(parseCreditRulesDraft(JSON.stringify({ enabled: true, increment: 3 })).increment).toBe('1');
  });
});
