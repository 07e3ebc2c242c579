import { BaseModel } from './base-model';

/** One device of a user that accepts web push: the browser's PushSubscription (endpoint and keys). */
export class PushSubscription extends BaseModel {
  static override tableName = 'push_subscriptions';

  id!: string;
  userId!: string;
  /** SHA-256 (hex) of the endpoint: its unique key. */
  endpointHash!: string;
  endpoint!: string;
  /** The browser's P-256 public key, base64url. */
  p256dh!: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth!: string;
  expirationTime!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
