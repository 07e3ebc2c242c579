import { BaseModel } from './base-model';

export type EntitlementSource = 'order' | 'membership' | 'grant' | 'seat';

/** A person's right to use one course, from one source (unique per person, course and source). */
export class Entitlement extends BaseModel {
  static override tableName = 'entitlements';

  id!: string;
  userId!: string;
  courseId!: string;
  source!: EntitlementSource;
  /** The order (order, membership), the grant or the seat that gave it. */
  sourceId!: string;
  orderItemId!: string | null;
  /** The tier it was bought with (what its material includes). */
  pricingTierId!: string | null;
  startsAt!: string;
  endsAt!: string | null;
  revokedAt!: string | null;
  revokedReason!: string | null;
  revokedBy!: string | null;
  createdAt!: string;
}
