import { ROLES, type Permission, type Role } from '@contracts/access';
import { BaseModel } from './base-model';

/** The roles a user row may hold: the one list of contracts/access.ts. */
export { ROLES, type Role };
export type MembershipType = 'prime' | 'business';
export type { Permission };

export class User extends BaseModel {
  static override tableName = 'users';
  static override booleanAttributes = ['isActive', 'remindByPush', 'remindByEmail'];
  static override get jsonAttributes() {
    return ['permissions'];
  }

  id!: string;
  name!: string;
  email!: string;
  role!: Role;
  membershipType!: MembershipType | null;
  isActive!: boolean;
  /** A contributor's permissions (shown in the back office; the role is what grants access). */
  permissions!: Permission[] | null;
  lastSignInAt!: string | null;
  /** Reminders before live sessions: to the user's push devices, and by e-mail when push cannot reach them. */
  remindByPush!: boolean;
  remindByEmail!: boolean;
  createdAt!: string;
  updatedAt!: string;
}
