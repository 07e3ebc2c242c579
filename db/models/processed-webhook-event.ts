import { BaseModel } from './base-model';

/** A Stripe webhook event already handled (its id is the primary key, so a replay is refused). */
export class ProcessedWebhookEvent extends BaseModel {
  static override tableName = 'processed_webhook_events';

  id!: string;
  type!: string;
  processedAt!: string;
}
