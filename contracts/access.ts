/**
 * Roles and who may enter what: one list for the API's route rules (api/middleware/access.ts),
 * the sign-in rules (only staff may use the back-office sign-in) and the PWA's guard screens and
 * menus. The server enforces; the screens only explain.
 */
export const ROLES = ['admin', 'contributor', 'customer', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Back-office roles: admins and contributors. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'contributor'];

/** Which roles each rule admits. `public` (anyone, signed in or not) needs no list. */
export const ACCESS_RULES = {
  signed_in: ROLES,
  customer: ['customer'],
  contributor: ['contributor'],
  staff: STAFF_ROLES,
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type AccessRuleName = keyof typeof ACCESS_RULES;

export function admits(rule: AccessRuleName, role: string | null | undefined): boolean {
  return !!role && (ACCESS_RULES[rule] as readonly string[]).includes(role);
}

/**
 * A contributor's permissions (back-office spec §3, the contributor form), enforced on every route
 * they name (api/middleware/access.ts) and by the back office's menus and guards:
 * - course-management: courses and their pricing tiers (create, edit, duplicate, delete) and their screens;
 * - instructor-management: instructors (create, edit, delete) and their screen;
 * - order-management: the orders screen — the orders, their figures, the CSV export and invoices.
 * An admin has them all; a customer none.
 */
export const PERMISSIONS = ['course-management', 'instructor-management', 'order-management'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<Permission, string> = {
  'course-management': 'Course Management',
  'instructor-management': 'Instructor Management',
  'order-management': 'Order Management',
};

/**
 * A contributor whose permissions were never chosen (an account from before they were enforced,
 * or made a contributor on the customers screen) may do what the role always allowed: the
 * catalogue's courses and instructors (spec §6), not orders. Also the contributor form's default.
 */
export const CONTRIBUTOR_DEFAULT_PERMISSIONS: readonly Permission[] = ['course-management', 'instructor-management'];

/** What a person may do: an admin everything, a contributor their list (or the default), anyone else nothing. */
export function permissionsOf(role: string | null | undefined, stored: readonly Permission[] | null | undefined): Permission[] {
  if (role === 'admin') return [...PERMISSIONS];
  if (role !== 'contributor') return [];
  return PERMISSIONS.filter((p) => (stored ?? CONTRIBUTOR_DEFAULT_PERMISSIONS).includes(p));
}

export const isPermission = (rule: string): rule is Permission => (PERMISSIONS as readonly string[]).includes(rule);

/** A back-office rule: a role rule, or a permission (admins, and contributors who hold it). */
export type StaffRule = AccessRuleName | Permission;

/** Whether the person passes `rule` (`permissions` as stored, or as `/api/auth/me` sends them: `permissionsOf` gives the same). */
export function allows(rule: StaffRule, person: { role: string; permissions?: readonly Permission[] | null } | null | undefined): boolean {
  if (!person) return false;
  if (isPermission(rule)) return permissionsOf(person.role, person.permissions).includes(rule);
  return admits(rule, person.role);
}

/** Where each role lands after signing in (an admin goes to the dashboard from either login screen). */
export const LANDING_PATHS: Record<Role, string> = {
  admin: '/admin/dashboard',
  contributor: '/contributor',
  customer: '/profile',
  user: '/profile',
};
