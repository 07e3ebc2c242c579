import { BaseModel } from './base-model';

export type CheckInKindName = 'in' | 'out';

/** One scan at the venue: unique per (ticket, kind, at), so a scan sent again is one row. */
export class CheckIn extends BaseModel {
  static override tableName = 'check_ins';

  id!: string;
  courseId!: string;
  ticketId!: string;
  entitlementId!: string;
  kind!: CheckInKindName;
  /** When the scanner recorded it. */
  at!: string;
  deviceId!: string | null;
  /** When the server first received it. */
  receivedAt!: string;
  byUserId!: string;
}
