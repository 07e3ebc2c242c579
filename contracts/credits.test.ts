import { describe, expect, it } from 'vitest';
import { CREDIT_RULE_MESSAGES, NO_CREDIT_RULE_REASON, computeCredits, creditRulesSchema, formatCredits, type CreditRules } from './credits';

const rules = (over: Partial<CreditRules> = {}): CreditRules => creditRulesSchema.parse({ types: [{ kind: 'CPE' }], ...over });
const minutes = (m: number, pollsAnswered = 0, pollsAsked = 0) => ({ seconds: m * 60, pollsAnswered, pollsAsked });
const cpe = (result: ReturnType<typeof computeCredits>) => result.credits[0]!.amount;

describe('computeCredits: the published examples', () => {
  it('50 minutes earn 1.0 credit', () => {
    expect(computeCredits(minutes(50), rules())).toEqual({ minutes: 50, credits: [{ kind: 'CPE', amount: 1 }], status: 'earned', reason: null });
  });
  it('75 minutes at 0.5 increments earn 1.5', () => expect(cpe(computeCredits(minutes(75), rules({ increment: 0.5 })))).toBe(1.5));
  it('74 minutes at whole credits earn 1', () => expect(cpe(computeCredits(minutes(74), rules({ increment: 1 })))).toBe(1));
  it('a poll ratio below the minimum earns nothing, and says why', () => {
    const result = computeCredits(minutes(100, 2, 4), rules({ minPollRatio: 0.75 }));
    expect(result).toMatchObject({ status: 'short', reason: 'polls 50 % < 75 %' });
    expect(cpe(result)).toBe(0);
  });
});

describe('computeCredits: the issue’s two buyers (0.5 increments, 75 % of polls)', () => {
  const course = rules({ increment: 0.5, minPollRatio: 0.75, types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }, { kind: 'RAC' }] });
  it('X: 85 minutes and 5 of 6 polls → 1.5 of each kind', () => {
    const x = computeCredits(minutes(85, 5, 6), course);
    expect(x.credits).toEqual([
      { kind: 'CPE', fieldOfStudy: 'Regulatory Ethics', amount: 1.5 },
      { kind: 'RAC', amount: 1.5 },
    ]);
    expect(formatCredits(x.credits)).toBe('1.5 CPE — Regulatory Ethics; 1.5 RAC');
  });
  it('Y: 20 minutes and 1 of 6 polls → nothing, both shortfalls named', () => {
    const y = computeCredits(minutes(20, 1, 6), course);
    expect(y).toMatchObject({ minutes: 20, status: 'short', reason: '20 min < 50 min; polls 17 % < 75 %' });
    expect(y.credits.map((c) => c.amount)).toEqual([0, 0]);
  });
});

describe('computeCredits: edges', () => {
  it('0.2 increments count whole steps exactly (70 min → 1.4, 69 min 59 s → 1.2)', () => {
    expect(cpe(computeCredits(minutes(70), rules({ increment: 0.2 })))).toBe(1.4);
    expect(cpe(computeCredits({ seconds: 70 * 60 - 1, pollsAnswered: 0, pollsAsked: 0 }, rules({ increment: 0.2 })))).toBe(1.2);
  });
  it('one second short of a credit earns nothing: no credit beyond the time present', () => {
    const result = computeCredits({ seconds: 50 * 60 - 1, pollsAnswered: 0, pollsAsked: 0 }, rules());
    expect(result).toMatchObject({ minutes: 49, status: 'short', reason: '49 min < 50 min' });
  });
  it('absent is its own status', () => expect(computeCredits(minutes(0), rules())).toMatchObject({ status: 'absent', reason: '0 min < 50 min' }));
  it('a type’s max caps it; other types are not capped', () => {
    const result = computeCredits(minutes(200), rules({ types: [{ kind: 'CPE', max: 2 }, { kind: 'contact_hours' }] }));
    expect(result.credits.map((c) => c.amount)).toEqual([2, 4]);
    expect(formatCredits(result.credits)).toBe('2 CPE; 4 contact hours');
  });
  it('a session without polls does not fail the poll rule', () => expect(computeCredits(minutes(50), rules({ minPollRatio: 1 })).status).toBe('earned'));
  it('a failing ratio that rounds to the minimum does not read as reaching it', () => {
    expect(computeCredits(minutes(60, 149, 200), rules({ minPollRatio: 0.75 })).reason).toBe('polls 74.5 % < 75 %');
  });
  it('more answers than polls, negative or non-finite time are clipped', () => {
    expect(computeCredits({ seconds: 3000, pollsAnswered: 9, pollsAsked: 3 }, rules({ minPollRatio: 1 })).status).toBe('earned');
    expect(computeCredits({ seconds: Number.NaN, pollsAnswered: 0, pollsAsked: 0 }, rules()).status).toBe('absent');
    expect(computeCredits({ seconds: -5, pollsAnswered: 0, pollsAsked: 0 }, rules()).status).toBe('absent');
  });
  it('a custom minutes-per-credit (contact hours: 60) is honoured', () => expect(cpe(computeCredits(minutes(119), rules({ minutesPerCredit: 60 })))).toBe(1));
});

describe('computeCredits: a course with no rule', () => {
  it('awards no credit however long they stayed, and says so; the minutes still count', () => {
    expect(computeCredits(minutes(85, 5, 6), null)).toEqual({ minutes: 85, credits: [], status: 'no_credit_rule', reason: NO_CREDIT_RULE_REASON });
    expect(computeCredits(minutes(0), null)).toMatchObject({ minutes: 0, credits: [], status: 'no_credit_rule' });
    expect(NO_CREDIT_RULE_REASON).toBe('This session awards no credits');
  });
});

describe('creditRulesSchema', () => {
  it('fills the defaults', () => expect(rules()).toEqual({ types: [{ kind: 'CPE' }], minutesPerCredit: 50, increment: 1, minPollRatio: 0 }));
  it.each([
    [{ types: [] }],
    [{ types: [{ kind: 'XP' }] }],
    [{ types: [{ kind: 'CPE' }], increment: 0.25 }],
    [{ types: [{ kind: 'CPE' }], minPollRatio: 1.5 }],
    [{ types: [{ kind: 'CPE' }], minutesPerCredit: 0 }],
    [{ types: [{ kind: 'CPE' }, { kind: 'CPE' }] }],
    [{ types: [{ kind: 'CPE', max: -1 }] }],
    [{ types: [{ kind: 'CPE' }], extra: true }],
  ])('refuses %j', (input) => expect(creditRulesSchema.safeParse(input).success).toBe(false));
  it('allows CPE twice with different fields of study', () => {
    expect(
      creditRulesSchema.safeParse({
        types: [
          { kind: 'CPE', fieldOfStudy: 'Taxes' },
          { kind: 'CPE', fieldOfStudy: 'Ethics' },
        ],
      }).success,
    ).toBe(true);
  });
  it.each([
    ['minutesPerCredit', { minutesPerCredit: 12.5 }, CREDIT_RULE_MESSAGES.minutesPerCredit],
    ['minutesPerCredit', { minutesPerCredit: 'fifty' }, CREDIT_RULE_MESSAGES.minutesPerCredit],
    ['increment', { increment: 0.25 }, CREDIT_RULE_MESSAGES.increment],
    ['minPollRatio', { minPollRatio: 1.5 }, CREDIT_RULE_MESSAGES.minPollPercent],
    ['types', { types: [] }, CREDIT_RULE_MESSAGES.types],
    ['types.0.kind', { types: [{ kind: 'XP' }] }, CREDIT_RULE_MESSAGES.kind],
    ['types.0.max', { types: [{ kind: 'CPE', max: 0 }] }, CREDIT_RULE_MESSAGES.max],
    ['types.0.fieldOfStudy', { types: [{ kind: 'CPE', fieldOfStudy: 'x'.repeat(81) }] }, CREDIT_RULE_MESSAGES.fieldOfStudy],
    ['types.1', { types: [{ kind: 'CPE' }, { kind: 'CPE' }] }, CREDIT_RULE_MESSAGES.listedTwice],
  ])('refuses a bad %s in the course form’s words', (path, over, message) => {
    const issues = creditRulesSchema.safeParse({ types: [{ kind: 'CPE' }], ...over }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, message]]);
  });
});
