/** Policy edits waiting in the outbox, laid over the policies: the last queued one per type shows, marked; refused ones and other writes do not; one queued before moves existed keeps the policy's move. */
import { describe, expect, it } from 'vitest';
import { defaultPolicy } from '@contracts/bookings';
import type { OutboxEntry } from '@pwa/offline/back-office/admin-db';
import type { PolicyView } from '../api/get-policies';
import { pendingPolicies, withPendingPolicies } from './pending-policies';

let seq = 0;
const entry = (url: string, body: unknown, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: `e${++seq}`,
  seq,
  idempotencyKey: `k${seq}`,
  method: 'PUT',
  url,
  body,
  entity: 'x',
  label: 'x',
  createdAt: '2026-11-29T10:00:00.000Z',
  attempts: 0,
  status: 'queued',
  nextAttemptAt: 0,
  ...over,
});

const policies: PolicyView[] = [
  { ...defaultPolicy('live_seminar'), isDefault: true },
  { ...defaultPolicy('live_webinar'), isDefault: true },
];

describe('policy edits waiting on this device', () => {
  it('lays the last queued edit of each type over its policy, steps from the most days down, marked not synced', () => {
    const pending = pendingPolicies([
      entry('/api/admin/cancellation-policies/live_webinar', { refundTiers: [{ daysBefore: 3, percent: 100 }], transferUntilHours: 0 }),
      entry('/api/admin/cancellation-policies/live_webinar', {
        refundTiers: [
          { daysBefore: 2, percent: 50 },
          { daysBefore: 14, percent: 100 },
        ],
        transferUntilHours: null,
        sessionChangeUntilHours: 6,
      }),
    ]);
    expect(withPendingPolicies(policies, pending)).toEqual([
      policies[0],
      {
        courseType: 'live_webinar',
        refundTiers: [
          { daysBefore: 14, percent: 100 },
          { daysBefore: 2, percent: 50 },
        ],
        transferUntilHours: null,
        sessionChangeUntilHours: 6,
        isDefault: false,
        notSynced: true,
      },
    ]);
  });

  it('an edit queued before moves existed (no sessionChangeUntilHours) keeps the policy’s move, as the server does', () => {
    const pending = pendingPolicies([entry('/api/admin/cancellation-policies/live_seminar', { refundTiers: [], transferUntilHours: 0 })]);
    expect(withPendingPolicies(policies, pending)?.[0]).toMatchObject({ refundTiers: [], transferUntilHours: 0, sessionChangeUntilHours: 24, notSynced: true });
  });

  it('leaves out refused edits, other writes and unknown types; with nothing pending the list is the server’s', () => {
    const body = { refundTiers: [], transferUntilHours: null };
    const pending = pendingPolicies([
      entry('/api/admin/cancellation-policies/live_seminar', body, { status: 'failed' }),
      entry('/api/admin/coupons/c1', { paused: true }, { method: 'PATCH' }),
      entry('/api/admin/cancellation-policies/podcast', body),
      entry('/api/admin/cancellation-policies/live_seminar', { refundTiers: [] }),
    ]);
    expect(pending.size).toBe(0);
    expect(withPendingPolicies(policies, pending)).toBe(policies);
    expect(withPendingPolicies(undefined, pending)).toBeUndefined();
  });

  it('a queued reset shows the type’s default (marked not synced); an edit queued after it wins', () => {
    const changed: PolicyView[] = [{ courseType: 'live_seminar', refundTiers: [], transferUntilHours: null, sessionChangeUntilHours: null, isDefault: false }];
    const reset = entry('/api/admin/cancellation-policies/live_seminar', undefined, { method: 'DELETE' });
    expect(withPendingPolicies(changed, pendingPolicies([reset]))).toEqual([{ ...defaultPolicy('live_seminar'), isDefault: true, notSynced: true }]);
    const edit = entry('/api/admin/cancellation-policies/live_seminar', { refundTiers: [], transferUntilHours: 12 });
    expect(withPendingPolicies(changed, pendingPolicies([reset, edit]))?.[0]).toMatchObject({ transferUntilHours: 12, isDefault: false, notSynced: true });
  });
});
