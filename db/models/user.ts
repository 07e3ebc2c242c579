import { ROLES, type Role } from '@contracts/access';
import { BaseModel } from './base-model';

/** The roles a user row may hold: the one list of api/contracts/access.ts. */
export { ROLES, type Role };
export type MembershipType = 'prime' | 'business';

export class User extends BaseModel {
  static override tableName = 'users';
  static override booleanAttributes = ['isActive'];

  id!: string;
  name!: string;
  email!: string;
  role!: Role;
  membershipType!: MembershipType | null;
  isActive!: boolean;
  createdAt!: string;
  updatedAt!: string;
}
