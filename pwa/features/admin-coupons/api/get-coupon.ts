/** GET /api/admin/coupons/:id (admins): the coupon and its usage report (the paid orders that used it, newest first). Offline, the last answer. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponDetail } from '@contracts/coupons';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { couponKeys, couponPath } from './coupon-keys';

export const getCoupon = (id: string) => getKeptJson<CouponDetail>(couponPath(id));

export const couponQueryOptions = (id: string) => queryOptions({ ...ADMIN_READ, queryKey: couponKeys.detail(id), queryFn: () => getCoupon(id) });

export function useCoupon(id: string) {
  return useQuery(couponQueryOptions(id));
}
