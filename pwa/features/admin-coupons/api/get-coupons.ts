/** GET /api/admin/coupons (admins): every coupon, newest first, with its uses. Offline, the last answer seen on this device. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponView } from '@contracts/coupons';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { COUPONS_PATH, couponKeys } from './coupon-keys';

export const getCoupons = async (): Promise<CouponView[]> => (await getKeptJson<{ coupons: CouponView[] }>(COUPONS_PATH)).coupons;

export const couponsQueryOptions = () => queryOptions({ ...ADMIN_READ, queryKey: couponKeys.list(), queryFn: getCoupons });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
