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

/** Where each role lands after signing in (an admin goes to the dashboard from either login screen). */
export const LANDING_PATHS: Record<Role, string> = {
  admin: '/admin/dashboard',
  contributor: '/contributor',
  customer: '/profile',
  user: '/profile',
};
