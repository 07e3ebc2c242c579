/** The policy's form and the wire: a policy opens as its steps, transfer and move; the form makes the request the server parses, and the contract's messages land at their fields. */
import { describe, expect, it } from 'vitest';
import { POLICY_MESSAGES, defaultPolicy } from '@contracts/bookings';
import {
  MAX_STEPS,
  policyFormErrors,
  policyFormSchema,
  policyToForm,
  stepCount,
  toPolicyRequest,
  withStepAdded,
  withStepRemoved,
  type PolicyFormValues,
} from './policy-form';

const form = (steps: Array<[string, string]>, transfer: string | null, move: string | null = null): PolicyFormValues => {
  const values = policyToForm({ refundTiers: [], transferUntilHours: null, sessionChangeUntilHours: null });
  steps.forEach(([days, percent], i) => Object.assign(values, { [`days${i}`]: days, [`percent${i}`]: percent }));
  return {
    ...values,
    steps: String(steps.length),
    transfer: transfer === null ? 'no' : 'yes',
    transferHours: transfer ?? '0',
    move: move === null ? 'no' : 'yes',
    moveHours: move ?? '24',
  };
};

describe('the policy form', () => {
  it('opens a policy as its steps from the most days down, its transfer and its move', () => {
    const values = policyToForm({
      refundTiers: [
        { daysBefore: 2, percent: 50 },
        { daysBefore: 7, percent: 100 },
      ],
      transferUntilHours: 24,
      sessionChangeUntilHours: 48,
    });
    expect(values).toMatchObject({
      steps: '2',
      days0: '7',
      percent0: '100',
      days1: '2',
      percent1: '50',
      days2: '',
      transfer: 'yes',
      transferHours: '24',
      move: 'yes',
      moveHours: '48',
    });
    // No transfer: unticked, its hours ready at "until the start"; no move: unticked, its hours ready at the live sessions' 24.
    expect(policyToForm(defaultPolicy('webinar'))).toMatchObject({ steps: '0', days0: '', transfer: 'no', transferHours: '0', move: 'no', moveHours: '24' });
  });

  it('makes the request a policy opened unchanged came from', () => {
    for (const policy of [
      defaultPolicy('live_seminar'),
      defaultPolicy('recorded_course'),
      { refundTiers: [{ daysBefore: 14, percent: 100 }], transferUntilHours: 36, sessionChangeUntilHours: 0 },
    ]) {
      expect(toPolicyRequest(policyToForm(policy))).toEqual({
        refundTiers: policy.refundTiers,
        transferUntilHours: policy.transferUntilHours,
        sessionChangeUntilHours: policy.sessionChangeUntilHours,
      });
    }
  });

  it('sends only the steps in use, and no transfer or move when it is not allowed, whatever its hours say', () => {
    const values = { ...form([['14', '100']], '12', '6'), days1: '3', percent1: '10', transfer: 'no', move: 'no' };
    expect(toPolicyRequest(values)).toEqual({ refundTiers: [{ daysBefore: 14, percent: 100 }], transferUntilHours: null, sessionChangeUntilHours: null });
    expect(toPolicyRequest(form([[' 5 ', '40%']], ' 0 ', ' 48 '))).toEqual({
      refundTiers: [{ daysBefore: 5, percent: 40 }],
      transferUntilHours: 0,
      sessionChangeUntilHours: 48,
    });
  });

  it('puts the contract’s messages at the fields they concern', () => {
    expect(
      policyFormErrors(
        form(
          [
            ['', '100'],
            ['2', 'half'],
          ],
          'soon',
          'later',
        ),
      ),
    ).toEqual({
      days0: POLICY_MESSAGES.days,
      percent1: POLICY_MESSAGES.percent,
      transferHours: POLICY_MESSAGES.hours,
      moveHours: POLICY_MESSAGES.hours,
    });
    expect(policyFormErrors(form([['400', '101']], '1.5', '9000'))).toEqual({
      days0: POLICY_MESSAGES.days,
      percent0: POLICY_MESSAGES.percent,
      transferHours: POLICY_MESSAGES.hours,
      moveHours: POLICY_MESSAGES.hours,
    });
  });

  it('says under the steps what concerns them together: a later step refunding more, the same days twice', () => {
    expect(
      policyFormErrors(
        form(
          [
            ['7', '50'],
            ['2', '100'],
          ],
          null,
        ),
      ),
    ).toEqual({ steps: 'A later cancellation cannot refund more than an earlier one' });
    expect(
      policyFormErrors(
        form(
          [
            ['7', '100'],
            ['7', '50'],
          ],
          null,
        ),
      ),
    ).toEqual({ steps: 'Each refund step needs its own number of days' });
    expect(policyFormErrors(form([['14', '100']], null))).toEqual({});
    const parsed = policyFormSchema.safeParse(
      form(
        [
          ['7', '50'],
          ['2', '100'],
        ],
        null,
      ),
    );
    expect(parsed.success).toBe(false);
  });

  it('adds empty steps up to the contract’s six, and removes one moving the later ones up', () => {
    let values = form(
      [
        ['7', '100'],
        ['2', '50'],
      ],
      null,
    );
    values = withStepAdded(values);
    expect(values).toMatchObject({ steps: '3', days2: '', percent2: '' });
    for (let i = 0; i < 10; i += 1) values = withStepAdded(values);
    expect(stepCount(values)).toBe(MAX_STEPS);
    const three = {
      ...form(
        [
          ['14', '100'],
          ['7', '75'],
          ['2', '50'],
        ],
        null,
      ),
    };
    const removed = withStepRemoved(three, 0);
    expect(removed).toMatchObject({ steps: '2', days0: '7', percent0: '75', days1: '2', percent1: '50', days2: '', percent2: '' });
    expect(toPolicyRequest(removed).refundTiers).toEqual([
      { daysBefore: 7, percent: 75 },
      { daysBefore: 2, percent: 50 },
    ]);
    expect(withStepRemoved(three, 3)).toBe(three);
  });
});
