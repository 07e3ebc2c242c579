import type { AuditAction, AuditEntity } from '@contracts/admin-activity';
import { BaseModel } from './base-model';

export type { AuditAction, AuditEntity };

/** One staff write: who, when, what, and each changed field's value before and after. */
export class AuditEntry extends BaseModel {
  static override tableName = 'audit_entries';
  static override get jsonAttributes() {
    return ['changes'];
  }

  id!: string;
  actorId!: string | null;
  actorEmail!: string | null;
  entity!: AuditEntity;
  entityId!: string;
  action!: AuditAction;
  changes!: Record<string, [unknown, unknown]>;
  /** A line for people: "Created live webinar “GMP Basics”". */
  summary!: string;
  createdAt!: string;
}
