/** The query keys of the back office's coupons, the one place they are spelled, their addresses and the outbox entities of their writes. */
export const couponKeys = {
  all: ['admin-coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
  /** One coupon with its usage report. */
  detail: (id: string) => [...couponKeys.all, 'detail', id] as const,
};

export const COUPONS_PATH = '/api/admin/coupons';
export const couponPath = (id: string) => `${COUPONS_PATH}/${encodeURIComponent(id)}`;
/** The page of a coupon's usage report. */
export const couponReportPath = (id: string) => `/admin/coupons/${encodeURIComponent(id)}`;

/** One coupon: its pauses and resumes go one after the other. */
export const couponEntity = (id: string) => `coupon:${id}`;
/** A coupon not made yet, named by its code (upper-case, as the server keeps it). */
export const newCouponEntity = (code: string) => `coupon:new:${code.trim().toUpperCase()}`;
