/**
 * The coupons' back-office writes, each through the outbox (`sendWrite`, an Idempotency-Key kept
 * for life): a new coupon (POST /api/admin/coupons) and a pause or resume (PATCH
 * /api/admin/coupons/:id { paused }). Run by `useNotifiedWrite`: sent, a toast says so; kept for
 * later, that it waits on this device; refused, the server's message. Every coupon read is asked
 * again whatever happened.
 */
import type { CouponView, CreateCouponRequest } from '@contracts/coupons';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { useNotifiedWrite } from '@pwa/offline/back-office/notified-write';
import { COUPONS_PATH, couponEntity, couponKeys, couponPath, newCouponEntity } from './coupon-keys';

export const couponWrites = {
  create: (body: CreateCouponRequest): NewWrite => ({
    method: 'POST',
    url: COUPONS_PATH,
    body,
    entity: newCouponEntity(body.code),
    label: `Create coupon ${body.code.trim().toUpperCase()}`,
  }),
  setPaused: (coupon: Pick<CouponView, 'id' | 'code'>, paused: boolean): NewWrite => ({
    method: 'PATCH',
    url: couponPath(coupon.id),
    body: { paused },
    entity: couponEntity(coupon.id),
    label: `${paused ? 'Pause' : 'Resume'} coupon ${coupon.code}`,
  }),
};

/** Runs one of the writes above: the list and every usage report are read again. */
export function useCouponWrite() {
  return useNotifiedWrite(couponKeys.all);
}
