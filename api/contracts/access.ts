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
 * A contributor's permissions (back-office spec §3): stored and shown in the back office; the role
 * is what grants access.
 */
export const PERMISSIONS = ['course-management', 'instructor-management', 'order-management'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<Permission, string> = {
  'course-management': 'Course Management',
  'instructor-management': 'Instructor Management',
  'order-management': 'Order Management',
};

/** Where each role lands after signing in (an admin goes to the dashboard from either login screen). */
export const LANDING_PATHS: Record<Role, string> = {
  admin: '/admin/dashboard',
  contributor: '/contributor',
  customer: '/profile',
  user: '/profile',
};

/**
 * The back-office screens (back-office spec §2): the sidebar's links, in its order, and who may
 * enter each. Paths below a screen (…/create, …/edit/:id) follow their screen's rule; /admin itself
 * is the dashboard. Instructors are staff, like the API's instructor writes (packs need one).
 */
export const BACK_OFFICE_SCREENS = [
  { path: '/admin/dashboard', label: 'Dashboard', rule: 'admin' },
  { path: '/admin/live-seminars', label: 'Live Seminars', rule: 'staff' },
  { path: '/admin/webinars', label: 'Webinars', rule: 'staff' },
  { path: '/admin/recorded-courses', label: 'Recorded Courses', rule: 'staff' },
  { path: '/admin/recorded-seminars', label: 'Recorded Seminars', rule: 'staff' },
  { path: '/admin/webinar-packs', label: 'Webinar Packs', rule: 'staff' },
  { path: '/admin/instructors', label: 'Instructors', rule: 'staff' },
  { path: '/admin/orders', label: 'Orders', rule: 'admin' },
  { path: '/admin/customers', label: 'Customers', rule: 'admin' },
  { path: '/admin/contributors', label: 'Contributors', rule: 'admin' },
  { path: '/admin/messages', label: 'Messages', rule: 'admin' },
  { path: '/admin/activity', label: 'Activity', rule: 'admin' },
] as const satisfies ReadonlyArray<{ path: string; label: string; rule: AccessRuleName }>;

/** The rule of a back-office path: its screen's, /admin and unknown paths admin-only. */
export function backOfficeRule(pathname: string): 'admin' | 'staff' {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin/seminars' || path.startsWith('/admin/seminars/')) return 'staff';
  const screen = BACK_OFFICE_SCREENS.find((s) => path === s.path || path.startsWith(`${s.path}/`));
  return screen?.rule ?? 'admin';
}
