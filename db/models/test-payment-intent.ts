import { BaseModel } from './base-model';

/** A payment of the built-in test processor; its client secret is stored only as a hash. */
export class TestPaymentIntent extends BaseModel {
  static override tableName = 'test_payment_intents';

  id!: string;
  clientSecretHash!: string;
  orderId!: string;
  amountCents!: number;
  currency!: string;
  status!: string;
  cardBrand!: string | null;
  cardLast4!: string | null;
  failureMessage!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
