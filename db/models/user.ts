import { BaseModel } from './base-model';

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
