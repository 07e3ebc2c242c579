/**
 * People in the back office (back-office spec §2 Contributors and Customers, §3 User, §5, §7):
 * the user list (`GET /api/users`), the customer and contributor writes, and the contributors
 * page's figures. Admins only. Messages are the screens' own, so a server answer reads like the form.
 */
import { z } from 'zod';
import { PERMISSIONS, ROLES, type Permission, type Role } from './access';
import { NAME_MESSAGE } from './auth';
import { cursorSchema, pageLimitSchema } from './paging';

export const USER_PAGE_DEFAULT = 100;
export const USER_PAGE_MAX = 500;

export const CUSTOMER_EMAIL_MESSAGE = 'Please enter a valid email';
export const CONTRIBUTOR_REQUIRED_MESSAGE = 'Please fill in name and email.';
export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists';
export const MEMBERSHIP_TYPES = ['prime', 'business'] as const;

/** `role` of the user list: one role or a comma list (`admin,contributor`). */
const roleListSchema = z
  .string()
  .regex(new RegExp(`^(${ROLES.join('|')})(,(${ROLES.join('|')}))*$`), `role must be one or more of ${ROLES.join(', ')}, separated by commas`)
  .transform((list) => [...new Set(list.split(','))] as Role[]);

export const userListQuerySchema = z
  .object({
    role: roleListSchema.optional(),
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    limit: pageLimitSchema(USER_PAGE_MAX).optional(),
    cursor: cursorSchema(400).optional(),
  })
  .strict();
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  membershipType: 'prime' | 'business' | null;
  isActive: boolean;
  /** What the person may do (`permissionsOf`): an admin all, a contributor theirs, a customer none. */
  permissions: Permission[];
  lastSignInAt: string | null;
  createdAt: string;
}

const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(320, { error: message })
    .pipe(z.email({ error: message }));

/** POST/PUT /api/admin/customers: a new customer defaults to role customer, no membership, active (spec §4). */
export const customerWriteSchema = z
  .object({
    name: z.string({ error: NAME_MESSAGE }).trim().min(2, { error: NAME_MESSAGE }).max(200, { error: 'Name must be at most 200 characters' }),
    email: emailField(CUSTOMER_EMAIL_MESSAGE),
    role: z.enum(['customer', 'contributor'], { error: 'Role must be customer or contributor' }).default('customer'),
    // The form's "none" is sent as null (spec §5); "none" itself is read the same.
    membershipType: z
      .union([z.enum(MEMBERSHIP_TYPES), z.literal('none'), z.null()], { error: 'Membership must be prime, business or none' })
      .default(null)
      .transform((value) => (value === 'none' ? null : value)),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  })
  .strict();
export type CustomerWrite = z.output<typeof customerWriteSchema>;
export type CustomerWriteInput = z.input<typeof customerWriteSchema>;

/**
 * POST/PUT /api/admin/contributors (spec §5: name and email required; role contributor or admin).
 * `permissions` left out: a new contributor gets the role's default (`CONTRIBUTOR_DEFAULT_PERMISSIONS`),
 * an edited one keeps theirs.
 */
export const contributorWriteSchema = z
  .object({
    name: z
      .string({ error: CONTRIBUTOR_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: CONTRIBUTOR_REQUIRED_MESSAGE })
      .max(200, { error: 'Name must be at most 200 characters' }),
    email: z.string({ error: CONTRIBUTOR_REQUIRED_MESSAGE }).trim().min(1, { error: CONTRIBUTOR_REQUIRED_MESSAGE }).pipe(emailField(CUSTOMER_EMAIL_MESSAGE)),
    role: z.enum(['contributor', 'admin'], { error: 'Role must be contributor or admin' }).default('contributor'),
    permissions: z
      .array(z.enum(PERMISSIONS, { error: `Permissions must be among ${PERMISSIONS.join(', ')}` }), { error: 'permissions must be a list' })
      .max(PERMISSIONS.length)
      .transform((list) => PERMISSIONS.filter((p) => list.includes(p)))
      .optional(),
  })
  .strict();
export type ContributorWrite = z.output<typeof contributorWriteSchema>;
export type ContributorWriteInput = z.input<typeof contributorWriteSchema>;

/** 201 of a new contributor: whether the welcome e-mail left (spec §8: "Welcome email sent!"). */
export interface ContributorCreated extends AdminUser {
  welcomeEmailSent: boolean;
}

/** GET /api/admin/contributor-stats: the contributors page's cards, counted by the database. */
export interface ContributorStats {
  /** Admins and contributors. */
  totalContributors: number;
  admins: number;
  contributors: number;
  /** Admins and contributors who signed in since the first of this month (UTC). */
  activeThisMonth: number;
}
