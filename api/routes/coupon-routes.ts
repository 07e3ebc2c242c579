/** Coupons in the back office (issue 35): list, create, pause or resume, the usage report. Admins only. */
import { createCouponSchema, updateCouponSchema } from '@contracts/coupons';
import type { ApiRouter } from '../middleware/access';
import type { CouponAdminService } from '../services/orders/coupons/coupon-admin';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, created, staffWrite } from './staff-write';

export function couponRoutes(api: ApiRouter, { couponAdmin, idempotency }: { couponAdmin: CouponAdminService } & Pick<PlatformServices, 'idempotency'>): void {
  api.get('/api/admin/coupons', 'admin', async (ctx) => {
    ctx.body = await couponAdmin.list();
  });
  api.post(
    '/api/admin/coupons',
    'admin',
    staffWrite(idempotency, { body: createCouponSchema, run: ({ actor, body }, record) => couponAdmin.create(actor, body, record), answer: created }),
  );
  api.get('/api/admin/coupons/:id', 'admin', async (ctx) => {
    ctx.body = await couponAdmin.get(idParam(ctx, 'Coupon'));
  });
  api.patch(
    '/api/admin/coupons/:id',
    'admin',
    staffWrite(idempotency, {
      id: 'Coupon',
      body: updateCouponSchema,
      run: ({ actor, id, body }, record) => couponAdmin.setPaused(actor, id, body.paused, record),
      answer: changed,
    }),
  );
}
