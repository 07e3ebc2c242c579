/**
 * The coupons' writes waiting in the outbox, laid over the list: a coupon created on this device
 * first (unless the list has its code by now), a queued pause or resume in its row (the last one
 * wins), each marked; refused writes and other entities' writes change nothing.
 */
import { describe, expect, it } from 'vitest';
import type { CouponView } from '@contracts/coupons';
import type { OutboxEntry } from '@pwa/offline/back-office/admin-db';
import { isPendingCoupon, pendingCoupons, withPendingCoupons } from './pending-coupons';

let seq = 0;
const entry = (method: OutboxEntry['method'], url: string, body: unknown, status: OutboxEntry['status'] = 'queued'): OutboxEntry => ({
  seq: ++seq,
  id: `e${seq}`,
  idempotencyKey: `k${seq}`,
  method,
  url,
  body,
  entity: 'coupon:x',
  label: 'x',
  createdAt: '2026-11-29T10:00:00.000Z',
  attempts: 0,
  status,
  nextAttemptAt: 0,
});

const view = (id: string, code: string, paused = false): CouponView => ({
  id,
  code,
  percentOff: 10,
  amountOffCents: null,
  appliesTo: { types: [], courseIds: [], memberships: false },
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  minOrderCents: null,
  paused,
  uses: 0,
  held: 0,
  discountCents: 0,
  summary: '10% off everything',
  createdAt: '2026-11-28T10:00:00.000Z',
});

describe('the outbox laid over the coupons', () => {
  it('shows coupons created here first, newest first, and queued pauses and resumes in their rows', () => {
    const pending = pendingCoupons([
      entry('POST', '/api/admin/coupons', { code: 'gmp25', percentOff: 25, appliesTo: { types: ['live_webinar'] }, maxUses: 200 }),
      entry('POST', '/api/admin/coupons', { code: 'FLAT50', amountOffCents: 5000 }),
      entry('PATCH', '/api/admin/coupons/c1', { paused: true }),
      entry('PATCH', '/api/admin/coupons/c2', { paused: true }),
      entry('PATCH', '/api/admin/coupons/c2', { paused: false }),
      entry('PATCH', '/api/admin/coupons/c3', { paused: true }, 'failed'),
      entry('POST', '/api/admin/coupons', { code: 'REFUSED', percentOff: 5 }, 'failed'),
      entry('PUT', '/api/courses/c1', { title: 'Other' }),
    ]);
    const rows = withPendingCoupons([view('c1', 'OLD1'), view('c2', 'OLD2', true), view('c3', 'OLD3')], pending)!;
    expect(rows.map((r) => [r.code, r.paused, r.notSynced ?? false])).toEqual([
      ['FLAT50', false, true],
      ['GMP25', false, true],
      ['OLD1', true, true],
      ['OLD2', false, true],
      ['OLD3', false, false],
    ]);
    expect(rows[1]).toMatchObject({ summary: '25% off', maxUses: 200, uses: 0, appliesTo: { types: ['live_webinar'], courseIds: [], memberships: false } });
    expect(rows[0]!.summary).toBe('$50.00 off');
    expect(isPendingCoupon(rows[0]!)).toBe(true);
    expect(isPendingCoupon(rows[2]!)).toBe(false);
  });

  it('drops a created coupon once the list has its code, and leaves the list alone when nothing waits', () => {
    const pending = pendingCoupons([entry('POST', '/api/admin/coupons', { code: 'GMP25', percentOff: 25 })]);
    expect(withPendingCoupons([view('c9', 'GMP25')], pending)!.map((r) => r.id)).toEqual(['c9']);
    const list = [view('c1', 'A1')];
    expect(withPendingCoupons(list, pendingCoupons([]))).toBe(list);
    expect(withPendingCoupons(undefined, pending)).toBeUndefined();
  });
});
