/** A policy in words: the cards' sentence for the defaults and for what an admin may make of a policy. */
import { describe, expect, it } from 'vitest';
import { defaultPolicy } from '@contracts/bookings';
import { courseTypeLabel, effectiveSteps, moveText, policyText, refundText, transferText } from './policy-texts';

describe('a cancellation policy in words', () => {
  it('says the live sessions’ default as the spec of the screen does', () => {
    expect(policyText(defaultPolicy('live_seminar'))).toBe(
      'Full refund until 7 days before the start; 50% until 2 days before; then no refund. Transfer to a colleague until the start. Move to another date until 24 hours before the start.',
    );
    expect(policyText(defaultPolicy('live_webinar'))).toBe(policyText(defaultPolicy('live_seminar')));
  });

  it('says the other types’ default: neither cancellable, transferable nor movable', () => {
    expect(policyText(defaultPolicy('recorded_course'))).toBe('Not cancellable, transferable or movable to another date.');
  });

  it('says a policy without transfer, without refunds or without moves, in three sentences', () => {
    expect(policyText({ refundTiers: [{ daysBefore: 14, percent: 100 }], transferUntilHours: null, sessionChangeUntilHours: null })).toBe(
      'Full refund until 14 days before the start; then no refund. No transfer to a colleague. No move to another date.',
    );
    expect(policyText({ refundTiers: [], transferUntilHours: 48, sessionChangeUntilHours: null })).toBe(
      'Not cancellable. Transfer to a colleague until 48 hours before the start. No move to another date.',
    );
    expect(policyText({ refundTiers: [], transferUntilHours: null, sessionChangeUntilHours: 72 })).toBe(
      'Not cancellable. No transfer to a colleague. Move to another date until 72 hours before the start.',
    );
  });

  it('names a partial first step, single days and hours, and a step lasting until the start', () => {
    expect(
      refundText([
        { daysBefore: 0, percent: 25 },
        { daysBefore: 30, percent: 80 },
        { daysBefore: 1, percent: 50 },
      ]),
    ).toBe('80% refund until 30 days before the start; 50% until 1 day before; 25% until the start.');
    expect(refundText([{ daysBefore: 0, percent: 100 }])).toBe('Full refund until the start.');
    expect(transferText(1)).toBe('Transfer to a colleague until 1 hour before the start.');
    expect(transferText(0)).toBe('Transfer to a colleague until the start.');
    expect(transferText(null)).toBeNull();
    expect(moveText(1)).toBe('Move to another date until 1 hour before the start.');
    expect(moveText(0)).toBe('Move to another date until the start.');
    expect(moveText(null)).toBeNull();
  });

  it('says what the steps do, by the one rule: steps refunding nothing allow no cancellation, equal ones end at the latest', () => {
    const tiers = [
      { daysBefore: 2, percent: 0 },
      { daysBefore: 7, percent: 100 },
      { daysBefore: 14, percent: 100 },
    ];
    expect(effectiveSteps(tiers)).toEqual([{ daysBefore: 7, percent: 100 }]);
    expect(policyText({ refundTiers: tiers, transferUntilHours: null, sessionChangeUntilHours: null })).toBe(
      'Full refund until 7 days before the start; then no refund. No transfer to a colleague. No move to another date.',
    );
    expect(policyText({ refundTiers: [{ daysBefore: 3, percent: 0 }], transferUntilHours: null, sessionChangeUntilHours: null })).toBe(
      'Not cancellable, transferable or movable to another date.',
    );
  });

  it('names the course types as the storefront does', () => {
    expect(courseTypeLabel('live_webinar')).toBe('Live Webinars');
    expect(courseTypeLabel('recorded_seminar')).toBe('Recorded Seminars');
  });
});
