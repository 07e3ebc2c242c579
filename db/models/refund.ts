import { BaseModel } from './base-model';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** One refund of an order (full or partial), with its credit note number. */
export class Refund extends BaseModel {
  static override tableName = 'refunds';

  id!: string;
  orderId!: string;
  amountCents!: number;
  reason!: string;
  status!: RefundStatus;
  processorRefundId!: string | null;
  creditNoteNumber!: string | null;
  createdBy!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
