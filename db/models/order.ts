import type { RelationMappings } from 'objection';
import { BaseModel } from './base-model';

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
      },
    };
  }

  id!: string;
  userId!: string | null;
  customerEmail!: string | null;
  customerName!: string | null;
  status!: string;
  totalCents!: number;
  stripePaymentIntentId!: string | null;
  kind!: 'courses' | 'membership';
  membershipPlan!: string | null;
  paymentProcessor!: string | null;
  processorIntentId!: string | null;
  receiptSentAt!: string | null;
  refundDueCents!: number;
  refundReason!: string | null;
  createdAt!: string;
  updatedAt!: string;

  items?: OrderItem[];
}
