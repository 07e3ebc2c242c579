import { BaseModel } from './base-model';

/** The ticket of one live-seminar seat: the SHA-256 of its code (the code itself is never stored). */
export class Ticket extends BaseModel {
  static override tableName = 'tickets';

  id!: string;
  entitlementId!: string;
  courseId!: string;
  userId!: string;
  codeHash!: string;
  createdAt!: string;
}
