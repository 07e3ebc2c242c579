import { BaseModel } from './base-model';

export type OrgRole = 'manager' | 'learner';
export type OrgMemberStatus = 'invited' | 'active' | 'revoked';

/** A company whose staff train here (issue 33). */
export class Organisation extends BaseModel {
  static override tableName = 'organisations';

  id!: string;
  name!: string;
  createdBy!: string | null;
  createdAt!: string;
  updatedAt!: string;
}

/** A person in an organisation: invited (no sign-in with the address yet) or active; revoked keeps the row. */
export class OrgMember extends BaseModel {
  static override tableName = 'org_members';

  id!: string;
  orgId!: string;
  userId!: string | null;
  email!: string;
  name!: string | null;
  department!: string | null;
  role!: OrgRole;
  status!: OrgMemberStatus;
  /** The e-mail while invited or active (unique: one organisation at a time), else null. */
  memberKey!: string | null;
  mailState!: 'due' | 'sent' | 'none';
  mailsSent!: number;
  invitedBy!: string | null;
  invitedAt!: string;
  acceptedAt!: string | null;
  revokedAt!: string | null;
}

/** One seat of a course an organisation bought; assigned to a member or not yet. */
export class OrgSeat extends BaseModel {
  static override tableName = 'org_seats';

  id!: string;
  orgId!: string;
  courseId!: string;
  orderId!: string;
  orderItemId!: string;
  number!: number;
  memberId!: string | null;
  entitlementId!: string | null;
  assignedAt!: string | null;
  assignments!: number;
  /** When the manager wants it completed. */
  dueAt!: string | null;
  voidedAt!: string | null;
  createdAt!: string;
}

/** One entry of a person's append-only training record, chained to the previous one by its hash. */
export class TrainingRecordEntry extends BaseModel {
  static override tableName = 'training_record_entries';

  id!: string;
  userId!: string;
  seq!: number;
  orgId!: string | null;
  type!: string;
  courseId!: string | null;
  /** JSON of the entry's facts. */
  data!: string;
  at!: string;
  prevHash!: string;
  hash!: string;
}

/** A course whose completion its learners sign. */
export class CourseAcknowledgement extends BaseModel {
  static override tableName = 'course_acknowledgements';
  static override booleanAttributes = ['required'];
  static override get idColumn(): string {
    return 'course_id';
  }

  courseId!: string;
  required!: boolean;
  updatedAt!: string;
}

/** A one-time e-mail code for signing a completion (its SHA-256 only). */
export class SignatureCode extends BaseModel {
  static override tableName = 'signature_codes';

  id!: string;
  userId!: string;
  courseId!: string;
  codeHash!: string;
  wrongTries!: number;
  expiresAt!: string;
  usedAt!: string | null;
  createdAt!: string;
}

/** A member reminded of their training on a day (UTC): one a day. */
export class OrgReminder extends BaseModel {
  static override tableName = 'org_reminders';

  id!: string;
  orgId!: string;
  memberId!: string;
  day!: string;
  sentBy!: string;
  createdAt!: string;
}
