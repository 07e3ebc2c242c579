import { BaseModel } from './base-model';

/** The roles a user row may hold; the same list as api/contracts/access.ts (db/ imports nothing from api/; api/contracts/access.test.ts keeps them equal). */
export const ROLES = ['admin', 'contributor', 'customer', 'user'] as const;
export type Role = (typeof ROLES)[number];
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
