import type { Modifiers, QueryBuilder } from 'objection';
import type { CourseType } from '@contracts/course-types';
import { BaseModel } from './base-model';

/** A code that takes a percentage or an amount off what it applies to (issue 35). */
export class Coupon extends BaseModel {
  static override tableName = 'coupons';
  static override booleanAttributes = ['appliesMemberships', 'appliesAll', 'paused'];
  static override get jsonAttributes(): string[] {
    return ['appliesTypes', 'appliesCourseIds'];
  }

  id!: string;
  /** As the back office wrote it (upper-case). */
  code!: string;
  /** The code upper-cased: unique, what a buyer's code is matched against. */
  codeKey!: string;
  percentOff!: number | null;
  amountOffCents!: number | null;
  /** Course types it applies to (null: not limited by type). */
  appliesTypes!: CourseType[] | null;
  /** Courses it applies to (null: not limited to courses). */
  appliesCourseIds!: string[] | null;
  appliesMemberships!: boolean;
  /** Applies to every course and membership (nothing narrower was chosen). */
  appliesAll!: boolean;
  startsAt!: string | null;
  endsAt!: string | null;
  maxUses!: number | null;
  maxUsesPerCustomer!: number | null;
  minOrderCents!: number | null;
  /** Uses held by open checkouts plus uses counted: what `maxUses` bounds. */
  claimed!: number;
  paused!: boolean;
  createdBy!: string | null;
  createdAt!: string;
  updatedAt!: string;
}

export type CouponRedemptionStatus = 'held' | 'redeemed' | 'released';

/** One order's use of a coupon: held while its checkout is open, redeemed once paid, released when it ends unpaid or is refunded. */
export class CouponRedemption extends BaseModel {
  static override tableName = 'coupon_redemptions';

  static override get modifiers(): Modifiers<QueryBuilder<CouponRedemption>> {
    return {
      /** Uses that count against the coupon's limits. */
      live: (query) => query.whereIn('coupon_redemptions.status', ['held', 'redeemed']),
    };
  }

  id!: string;
  couponId!: string;
  orderId!: string;
  /** The buyer's e-mail, lower-case. */
  customerKey!: string;
  status!: CouponRedemptionStatus;
  /** "<coupon>|<e-mail>|<n>" while live and the coupon has a per-customer limit (unique); else null. */
  liveKey!: string | null;
  discountCents!: number;
  createdAt!: string;
  redeemedAt!: string | null;
}
