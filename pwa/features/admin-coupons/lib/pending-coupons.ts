/**
 * The coupons' writes still waiting in the outbox (made offline, or while the server could not be
 * reached), laid over the list the server (or the device's kept answer) gave: a coupon created
 * here shows first, a pause or resume shows in its row, each marked "Not synced yet". Only writes
 * still to be sent count: one the server refused is the sync status's to show, not a coupon.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { couponLabel, type CouponView, type CreateCouponRequest } from '@contracts/coupons';
import { adminDb, type OutboxEntry } from '@pwa/offline/back-office/admin-db';

export type CouponRow = CouponView & { notSynced?: boolean };

export interface PendingCoupons {
  /** Coupons created on this device, not yet on the server (id `pending:<entry>`). */
  created: CouponRow[];
  /** Per coupon id, the paused state its last queued write sets. */
  paused: Map<string, boolean>;
}

const COUPONS = '/api/admin/coupons';
const ONE_COUPON = /^\/api\/admin\/coupons\/([^/?]+)$/;

export const isPendingCoupon = (coupon: Pick<CouponView, 'id'>) => coupon.id.startsWith('pending:');

/** A coupon as its queued create describes it (the server fills in the rest when it lands). */
function createdOffline(entry: OutboxEntry): CouponRow {
  const body = (entry.body ?? {}) as CreateCouponRequest;
  const code = String(body.code ?? '')
    .trim()
    .toUpperCase();
  const percentOff = body.percentOff ?? null;
  const amountOffCents = body.amountOffCents ?? null;
  return {
    id: `pending:${entry.id}`,
    code,
    percentOff,
    amountOffCents,
    appliesTo: { types: body.appliesTo?.types ?? [], courseIds: body.appliesTo?.courseIds ?? [], memberships: body.appliesTo?.memberships ?? false },
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
    maxUses: body.maxUses ?? null,
    maxUsesPerCustomer: body.maxUsesPerCustomer ?? null,
    minOrderCents: body.minOrderCents ?? null,
    paused: false,
    uses: 0,
    held: 0,
    discountCents: 0,
    // What it takes off; what on, the server words when it lands.
    summary: couponLabel(code, percentOff, amountOffCents).replace(/^Coupon [^:]*: /, ''),
    createdAt: entry.createdAt,
    notSynced: true,
  };
}

/** What the outbox's entries (in their order) do to the coupons. */
export function pendingCoupons(entries: readonly OutboxEntry[]): PendingCoupons {
  const pending: PendingCoupons = { created: [], paused: new Map() };
  for (const entry of entries) {
    if (entry.status !== 'queued') continue;
    const path = entry.url.split('?')[0]!;
    if (entry.method === 'POST' && path === COUPONS) pending.created.unshift(createdOffline(entry));
    const id = entry.method === 'PATCH' ? ONE_COUPON.exec(path)?.[1] : undefined;
    const paused = (entry.body as { paused?: unknown } | undefined)?.paused;
    if (id && typeof paused === 'boolean') pending.paused.set(decodeURIComponent(id), paused);
  }
  return pending;
}

/** The list with the outbox laid over it: new coupons first (unless the list has their code by now), paused states as queued. */
export function withPendingCoupons(rows: CouponView[] | undefined, pending: PendingCoupons): CouponRow[] | undefined {
  if (!rows || (pending.created.length === 0 && pending.paused.size === 0)) return rows;
  const codes = new Set(rows.map((row) => row.code));
  const updated = rows.map((row) => {
    const paused = pending.paused.get(row.id);
    return paused === undefined ? row : { ...row, paused, notSynced: true };
  });
  return [...pending.created.filter((coupon) => !codes.has(coupon.code)), ...updated];
}

const NONE: PendingCoupons = { created: [], paused: new Map() };

/** The outbox's coupon writes, kept current as it changes. */
export function usePendingCoupons(): PendingCoupons {
  return useLiveQuery(async () => pendingCoupons(await adminDb().outbox.orderBy('seq').toArray()), [], NONE);
}
