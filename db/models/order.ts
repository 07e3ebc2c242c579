import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { SeatHold } from './seat-hold';

/** `refunded`: a paid order refunded in full (`services/orders/refunds`); a partial refund leaves it `completed`. */
export type OrderStatus = 'pending' | 'completed' | 'failed' | 'expired' | 'refund_required' | 'refunded';
export type OrderKind = 'courses' | 'membership';

/** One order line: a course (and tier) with its quantity and unit price. */
export class OrderItem extends BaseModel {
  static override tableName = 'order_items';

  id!: string;
  orderId!: string;
  courseId!: string | null;
  pricingTierId!: string | null;
  title!: string;
  tierName!: string | null;
  /** Unit price; the line's total is priceCents × quantity. */
  priceCents!: number;
  /** What a membership took off this line in all (not per unit). */
  discountCents!: number;
  /** What a coupon took off this line in all, after the membership's (issue 35). */
  couponDiscountCents!: number;
  quantity!: number;
  position!: number;
}

export class Order extends BaseModel {
  static override tableName = 'orders';

  static override get relationMappings(): RelationMappings {
    return {
      items: {
        relation: BaseModel.HasManyRelation,
        modelClass: OrderItem,
        join: { from: 'orders.id', to: 'order_items.order_id' },
        modify: (query: QueryBuilder<OrderItem>) => query.orderBy('position'),
      },
      seatHolds: {
        relation: BaseModel.HasManyRelation,
        modelClass: SeatHold,
        join: { from: 'orders.id', to: 'seat_holds.order_id' },
      },
    };
  }

  static override get modifiers(): Modifiers<QueryBuilder<Order>> {
    return {
      /** Open checkouts. */
      pending: (query) => query.where('orders.status', 'pending'),
      /** Orders a customer sees in their profile (paid). */
      visibleToBuyer: (query) => query.whereIn('orders.status', ['completed', 'refund_required', 'refunded']),
    };
  }

  id!: string;
  userId!: string | null;
  customerEmail!: string | null;
  customerName!: string | null;
  status!: OrderStatus;
  totalCents!: number;
  /** The processor's payment id, set when the order is paid. */
  stripePaymentIntentId!: string | null;
  kind!: OrderKind;
  /** Set when the buyer's account was deleted; the order keeps its name and e-mail and is never attached to a new account. */
  accountDeletedAt!: string | null;
  membershipPlan!: string | null;
  /** The subscription behind a membership order was cancelled: its membership ends (or is never given). */
  membershipEndedAt!: string | null;
  /** The organisation whose seat pool the order fills (issue 33); null: bought for the buyer. */
  orgId!: string | null;
  paymentProcessor!: string | null;
  /** The processor's intent while the order is pending. */
  processorIntentId!: string | null;
  receiptSentAt!: string | null;
  refundDueCents!: number;
  refundReason!: string | null;
  /** What a membership took off the lines (priced by the server). */
  membershipDiscountCents!: number;
  /** The coupon the order used (issue 35): its id, its code and discount label as charged, and what it took off in all. */
  couponId!: string | null;
  couponCode!: string | null;
  couponLabel!: string | null;
  couponDiscountCents!: number;
  /** Refunded so far (sum of succeeded refunds). */
  refundedCents!: number;
  /** Digest of buyer and cart: the same buyer and cart continue this open checkout. */
  checkoutKey!: string | null;
  /** The processor's client secret, sealed with a key derived from the server secret. */
  clientSecretSealed!: string | null;
  /** SHA-256 of the processor's client secret, kept after payment: it lets a guest on /success fetch the receipt. */
  clientSecretHash!: string | null;
  /** `INV-2026-000123`: allocated in the fulfilment transaction (or on the first download of an older order). */
  invoiceNumber!: string | null;
  /** The invoice date. */
  invoicedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;

  items?: OrderItem[];
  seatHolds?: SeatHold[];
}
