/**
 * A coupon's uses, from the code a buyer types to the use counted at payment (issue 35).
 *
 * - `findCoupon`: the code matched without regard to case; codes that match nothing are counted
 *   per client (`COUPON_ATTEMPTS_PER_IP` an hour) and past that every code is refused for the
 *   rest of the hour with a 429, so guessing codes is slow while one mistyped code costs nothing.
 * - `holdCouponUse`: in the checkout's transaction, one conditional UPDATE takes a use
 *   (`claimed < max_uses`), so concurrent checkouts on any number of processes never pass the
 *   limit; the order's redemption row (unique per order) is `held`, and with a per-customer limit
 *   its `live_key` (unique) stops the same customer taking the same use twice.
 * - `releaseCouponUse`: a checkout that ends unpaid, or an order refunded, gives its use back, once.
 * - `retakeCouponUse`: paid after its checkout expired (its use given back): taken again if the
 *   coupon still has one, else the order cannot be completed at that price.
 * - `redeemCouponUse`: the payment is confirmed: the held use is counted (`redeemed`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Coupon, CouponRedemption, type Order } from '@db/models';
import { COUPON_CODE_PATTERN, COUPON_MESSAGES } from '@contracts/coupons';
import { AppError } from '@api/errors';
import { retryIn } from '../../platform/rate-limiter';
import type { CheckoutServiceOptions } from '../checkout/options';

const HOUR_MS = 60 * 60_000;

/** The coupon a typed code names, or null; a 429 once this client has tried too many codes that name nothing. */
export async function findCoupon(o: CheckoutServiceOptions, code: string, clientKey: string | null): Promise<Coupon | null> {
  const bucket = clientKey ? `coupon-ip:${clientKey}` : null;
  const tooMany = (minutes: number) => COUPON_MESSAGES.tooManyAttempts(retryIn(minutes));
  if (bucket) {
    const admission = await o.rateLimiter.peek(bucket, o.limits.couponAttemptsPerIp, HOUR_MS);
    if (!admission.admitted) throw new AppError('too_many_requests', tooMany(Math.ceil(admission.retryAfterMs / 60_000)));
  }
  const key = code.trim().toUpperCase();
  const coupon = COUPON_CODE_PATTERN.test(key) ? await Coupon.query(o.knex).findOne({ code_key: key }) : undefined;
  if (coupon) return coupon;
  if (bucket) await o.rateLimiter.hit(bucket, o.limits.couponAttemptsPerIp, HOUR_MS, tooMany);
  return null;
}

type PerCustomer = Pick<Coupon, 'id' | 'maxUsesPerCustomer'>;

/** The customer's live uses of the coupon (held or redeemed): one read for both the limit and the next use's key. */
async function liveUses(db: Knex, coupon: PerCustomer, customerKey: string): Promise<Array<Pick<CouponRedemption, 'status' | 'liveKey'>>> {
  if (coupon.maxUsesPerCustomer === null) return [];
  return CouponRedemption.query(db).modify('live').where({ coupon_id: coupon.id, customer_key: customerKey }).select('status', 'live_key');
}

/** Why these live uses leave the customer none (used up their share, or holding it in another open checkout), or null. */
function shareProblem(coupon: PerCustomer, live: Array<Pick<CouponRedemption, 'status'>>): string | null {
  if (coupon.maxUsesPerCustomer === null || live.length < coupon.maxUsesPerCustomer) return null;
  return live.some((r) => r.status === 'held') ? COUPON_MESSAGES.heldElsewhere : COUPON_MESSAGES.usedByCustomer;
}

/** Why this customer may not use the coupon again, or null. */
export async function customerProblem(db: Knex, coupon: PerCustomer, customerKey: string): Promise<string | null> {
  return shareProblem(coupon, await liveUses(db, coupon, customerKey));
}

/** "<coupon>|<e-mail>|<n>": n the customer's first use not live now; null without a per-customer limit. */
function nextLiveKey(coupon: PerCustomer, customerKey: string, live: Array<Pick<CouponRedemption, 'liveKey'>>): string | null {
  if (coupon.maxUsesPerCustomer === null) return null;
  const taken = new Set(live.map((r) => r.liveKey));
  let n = 1;
  while (taken.has(`${coupon.id}|${customerKey}|${n}`)) n++;
  return `${coupon.id}|${customerKey}|${n}`;
}

export interface CouponUse {
  coupon: Pick<Coupon, 'id' | 'code' | 'maxUsesPerCustomer'>;
  orderId: string;
  /** The buyer's e-mail, lower-case. */
  customerKey: string;
  discountCents: number;
  nowIso: string;
}

/** Takes one use for a new checkout, in its transaction; a 409 when none is left or the customer has used their share. */
export async function holdCouponUse(trx: Knex.Transaction, use: CouponUse): Promise<void> {
  const live = await liveUses(trx, use.coupon, use.customerKey);
  const problem = shareProblem(use.coupon, live);
  if (problem) throw AppError.conflict(problem);
  if (!(await takeUse(trx, use.coupon.id))) throw AppError.conflict(COUPON_MESSAGES.exhausted);
  await CouponRedemption.query(trx).insert({
    id: crypto.randomUUID(),
    couponId: use.coupon.id,
    orderId: use.orderId,
    customerKey: use.customerKey,
    status: 'held',
    liveKey: nextLiveKey(use.coupon, use.customerKey, live),
    discountCents: use.discountCents,
    createdAt: use.nowIso,
    redeemedAt: null,
  });
}

/** One use more, only while one is left: the conditional UPDATE every process's checkouts race on. */
async function takeUse(trx: Knex.Transaction, couponId: string): Promise<boolean> {
  const taken = await Coupon.query(trx)
    .findById(couponId)
    .where((q) => q.whereNull('max_uses').orWhere('claimed', '<', raw('max_uses')))
    .patch({ claimed: raw('claimed + 1') });
  return taken === 1;
}

/** An order's live use given back (its checkout ended unpaid, or it was refunded): once, whoever calls. */
export async function releaseCouponUse(trx: Knex.Transaction, orderId: string): Promise<void> {
  const use = await CouponRedemption.query(trx).modify('live').findOne({ order_id: orderId });
  if (!use) return;
  const released = await CouponRedemption.query(trx).where({ id: use.id, status: use.status }).patch({ status: 'released', liveKey: null });
  if (released === 1)
    await Coupon.query(trx)
      .findById(use.couponId)
      .patch({ claimed: raw('claimed - 1') });
}

/** Paid after its checkout gave the use back: taken again, or the 409 of a coupon with none left (nothing changed). */
export async function retakeCouponUse(trx: Knex.Transaction, order: Pick<Order, 'id'>): Promise<AppError | null> {
  const use = await CouponRedemption.query(trx).findOne({ order_id: order.id, status: 'released' });
  if (!use) return null;
  const coupon = await Coupon.query(trx).findById(use.couponId).select('id', 'code', 'max_uses_per_customer');
  if (!coupon) return AppError.conflict(COUPON_MESSAGES.unknown);
  const live = await liveUses(trx, coupon, use.customerKey);
  const problem = shareProblem(coupon, live);
  if (problem) return AppError.conflict(problem);
  if (!(await takeUse(trx, coupon.id))) return AppError.conflict(COUPON_MESSAGES.exhausted);
  await CouponRedemption.query(trx)
    .findById(use.id)
    .patch({ status: 'held', liveKey: nextLiveKey(coupon, use.customerKey, live) });
  return null;
}

/** The payment is confirmed: the order's held use counts. */
export async function redeemCouponUse(trx: Knex.Transaction, orderId: string, nowIso: string): Promise<void> {
  await CouponRedemption.query(trx).where({ order_id: orderId, status: 'held' }).patch({ status: 'redeemed', redeemedAt: nowIso });
}
