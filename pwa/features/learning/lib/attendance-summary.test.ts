import { describe, expect, it } from 'vitest';
import { creditLine, minutesLine, pollsLine } from './attendance-summary';

describe('my attendance on My Training', () => {
  it('X: the credit earned, by type and field of study', () => {
    const x = {
      minutes: 85,
      pollsAnswered: 5,
      pollsAsked: 6,
      credits: [{ kind: 'CPE' as const, fieldOfStudy: 'Regulatory Ethics', amount: 1.5 }],
      status: 'earned' as const,
      reason: null,
    };
    expect([minutesLine(x), pollsLine(x), creditLine(x)]).toEqual(['85 min attended', 'Polls answered: 5 / 6', '1.5 CPE — Regulatory Ethics']);
  });

  it('Y: no credit, and why', () => {
    const y = {
      minutes: 20,
      pollsAnswered: 1,
      pollsAsked: 6,
      credits: [{ kind: 'CPE' as const, amount: 0 }],
      status: 'short' as const,
      reason: '20 min < 50 min; polls 17 % < 75 %',
    };
    expect(creditLine(y)).toBe('No credit: 20 min < 50 min; polls 17 % < 75 %');
    expect(pollsLine({ ...y, pollsAsked: 0, pollsAnswered: 0 })).toBeNull();
    expect(creditLine({ ...y, reason: null })).toBe('No credit');
  });

  it('a join by link with no report yet: no minutes claimed, and no credit yet', () => {
    const joined = {
      minutes: 0,
      pollsAnswered: 0,
      pollsAsked: 0,
      credits: [{ kind: 'CPE' as const, amount: 0 }],
      status: 'joined_by_link' as const,
      reason: 'Joined by link at Nov 28, 9:40 AM EST; no attendance report yet',
    };
    expect([minutesLine(joined), pollsLine(joined), creditLine(joined)]).toEqual([
      'Time attended: not recorded yet',
      null,
      'No credit yet: Joined by link at Nov 28, 9:40 AM EST; no attendance report yet',
    ]);
  });

  it('a course without a credit rule: the time and polls still count, and it says the session awards no credits', () => {
    const ruleless = {
      minutes: 85,
      pollsAnswered: 5,
      pollsAsked: 6,
      credits: [],
      status: 'no_credit_rule' as const,
      reason: 'This session awards no credits',
    };
    expect([minutesLine(ruleless), pollsLine(ruleless), creditLine(ruleless)]).toEqual([
      '85 min attended',
      'Polls answered: 5 / 6',
      'This session awards no credits',
    ]);
    const joined = {
      minutes: 0,
      pollsAnswered: 0,
      pollsAsked: 0,
      credits: [],
      status: 'joined_by_link' as const,
      reason: 'Joined by link at Nov 28, 9:40 AM EST; no attendance report yet',
    };
    expect(creditLine(joined)).toBe('This session awards no credits');
  });
});
