/**
 * The back office's coupons (issue 35): create, pause or resume, and the usage report (the paid
 * orders that used one). Each write is audited and answers an Idempotency-Key in its transaction.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { Coupon, CouponRedemption, Course } from '@db/models';
import { transaction } from '@db/transaction';
import { COUPON_MESSAGES, couponOff, type CouponDetail, type CouponView, type CreateCouponRequest } from '@contracts/coupons';
import { COURSE_TYPE_NAMES } from '@contracts/course-types';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { recordAudit, type Actor } from '../../platform/audit';
import type { RecordAnswer } from '../../platform/idempotency-service';

export interface CouponAdminOptions {
  knex: Knex;
  clock: Clock;
}

/** "25% off live webinars", "$50.00 off everything". */
function summaryOf(coupon: Coupon): string {
  const off = couponOff(coupon.percentOff, coupon.amountOffCents);
  if (coupon.appliesAll) return `${off} everything`;
  const what = [
    ...(coupon.appliesTypes ?? []).map((type) => COURSE_TYPE_NAMES[type]),
    ...(coupon.appliesCourseIds?.length ? [`${coupon.appliesCourseIds.length} course${coupon.appliesCourseIds.length === 1 ? '' : 's'}`] : []),
    ...(coupon.appliesMemberships ? ['memberships'] : []),
  ];
  return `${off} ${what.join(', ')}`;
}

interface Usage {
  uses: number;
  held: number;
  discountCents: number;
}

function viewOf(coupon: Coupon, usage: Usage | undefined): CouponView {
  return {
    id: coupon.id,
    code: coupon.code,
    percentOff: coupon.percentOff,
    amountOffCents: coupon.amountOffCents,
    appliesTo: { types: coupon.appliesTypes ?? [], courseIds: coupon.appliesCourseIds ?? [], memberships: coupon.appliesMemberships },
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    maxUses: coupon.maxUses,
    maxUsesPerCustomer: coupon.maxUsesPerCustomer,
    minOrderCents: coupon.minOrderCents,
    paused: coupon.paused,
    uses: usage?.uses ?? 0,
    held: usage?.held ?? 0,
    discountCents: usage?.discountCents ?? 0,
    summary: summaryOf(coupon),
    createdAt: coupon.createdAt,
  };
}

export class CouponAdminService {
  constructor(private readonly o: CouponAdminOptions) {}

  async list(): Promise<{ coupons: CouponView[] }> {
    const coupons = await Coupon.query(this.o.knex).orderBy('created_at', 'desc').orderBy('id');
    const usage = await this.usage(coupons.map((c) => c.id));
    return { coupons: coupons.map((c) => viewOf(c, usage.get(c.id))) };
  }

  /** The coupon and its usage report: the paid orders that used it, newest first. */
  async get(id: string): Promise<CouponDetail> {
    const coupon = await Coupon.query(this.o.knex).findById(id);
    if (!coupon) throw AppError.notFound(COUPON_MESSAGES.notFound);
    const redemptions = await CouponRedemption.query(this.o.knex)
      .join('orders', 'orders.id', 'coupon_redemptions.order_id')
      .where('coupon_redemptions.coupon_id', id)
      .where('coupon_redemptions.status', 'redeemed')
      .orderBy('coupon_redemptions.redeemed_at', 'desc')
      .limit(1000)
      .select(
        'coupon_redemptions.order_id',
        'coupon_redemptions.discount_cents',
        'coupon_redemptions.redeemed_at',
        'orders.customer_email',
        'orders.total_cents',
      );
    return {
      ...viewOf(coupon, (await this.usage([id])).get(id)),
      redemptions: redemptions.map((r) => {
        const row = r as CouponRedemption & { customerEmail: string | null; totalCents: number };
        return {
          orderId: row.orderId,
          customerEmail: row.customerEmail,
          discountCents: row.discountCents,
          totalCents: row.totalCents,
          redeemedAt: row.redeemedAt!,
        };
      }),
    };
  }

  async create(actor: Actor, body: CreateCouponRequest, record?: RecordAnswer<CouponView>): Promise<CouponView> {
    const courseIds = [...new Set(body.appliesTo?.courseIds ?? [])];
    if (courseIds.length) {
      const found = await Course.query(this.o.knex).whereIn('id', courseIds).resultSize();
      if (found !== courseIds.length) throw AppError.badRequest('appliesTo.courseIds names a course that does not exist');
    }
    const types = body.appliesTo?.types?.length ? [...new Set(body.appliesTo.types)] : null;
    const memberships = body.appliesTo?.memberships ?? false;
    const nowIso = this.o.clock().toISOString();
    const code = body.code.trim().toUpperCase();
    const row = {
      id: crypto.randomUUID(),
      code,
      codeKey: code,
      percentOff: body.percentOff ?? null,
      amountOffCents: body.amountOffCents ?? null,
      appliesTypes: types,
      appliesCourseIds: courseIds.length ? courseIds : null,
      appliesMemberships: memberships,
      appliesAll: !types && !courseIds.length && !memberships,
      startsAt: body.startsAt ? new Date(body.startsAt).toISOString() : null,
      endsAt: body.endsAt ? new Date(body.endsAt).toISOString() : null,
      maxUses: body.maxUses ?? null,
      maxUsesPerCustomer: body.maxUsesPerCustomer ?? null,
      minOrderCents: body.minOrderCents ?? null,
      claimed: 0,
      paused: false,
      createdBy: actor.id,
      createdAt: nowIso,
      updatedAt: nowIso,
    };
    try {
      return await transaction(this.o.knex, async (trx) => {
        const coupon = await Coupon.query(trx).insertAndFetch(row);
        const view = viewOf(coupon, undefined);
        await recordAudit(
          trx,
          actor,
          { entity: 'coupon', entityId: coupon.id, action: 'create', before: null, after: { ...view }, summary: `Created coupon ${code}: ${view.summary}` },
          nowIso,
        );
        await record?.(trx, view);
        return view;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(COUPON_MESSAGES.duplicateCode);
      throw error;
    }
  }

  /** Pause (no new checkout may use it; open ones keep their held use) or resume. */
  async setPaused(actor: Actor, id: string, paused: boolean, record?: RecordAnswer<CouponView>): Promise<CouponView> {
    const nowIso = this.o.clock().toISOString();
    return transaction(this.o.knex, async (trx) => {
      const before = await Coupon.query(trx).findById(id);
      if (!before) throw AppError.notFound(COUPON_MESSAGES.notFound);
      await Coupon.query(trx).findById(id).patch({ paused, updatedAt: nowIso });
      if (before.paused !== paused) {
        await recordAudit(
          trx,
          actor,
          {
            entity: 'coupon',
            entityId: id,
            action: 'update',
            before: { paused: before.paused },
            after: { paused },
            summary: `${paused ? 'Paused' : 'Resumed'} coupon ${before.code}`,
          },
          nowIso,
        );
      }
      const view = viewOf((await Coupon.query(trx).findById(id))!, (await this.usage([id], trx)).get(id));
      await record?.(trx, view);
      return view;
    });
  }

  private async usage(ids: string[], db: Knex = this.o.knex): Promise<Map<string, Usage>> {
    const usage = new Map<string, Usage>();
    if (!ids.length) return usage;
    const rows = (await CouponRedemption.query(db)
      .whereIn('coupon_id', ids)
      .whereIn('status', ['held', 'redeemed'])
      .groupBy('coupon_id', 'status')
      .select('coupon_id', 'status')
      .count('* as n')
      .sum('discount_cents as cents')) as unknown as Array<{ couponId: string; status: string; n: number | string; cents: number | string | null }>;
    for (const row of rows) {
      const entry = usage.get(row.couponId) ?? { uses: 0, held: 0, discountCents: 0 };
      if (row.status === 'held') entry.held += Number(row.n);
      else {
        entry.uses += Number(row.n);
        entry.discountCents += Number(row.cents ?? 0);
      }
      usage.set(row.couponId, entry);
    }
    return usage;
  }
}
