import { BaseModel } from './base-model';

/** A staff request's Idempotency-Key and the answer it got (status 0 while it is being answered). */
export class IdempotencyKey extends BaseModel {
  static override tableName = 'idempotency_keys';

  id!: string;
  userId!: string;
  idempotencyKey!: string;
  requestHash!: string;
  status!: number;
  responseBody!: string | null;
  createdAt!: string;
}
