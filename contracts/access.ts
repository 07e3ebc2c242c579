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

/**
 * The back-office screens (back-office spec §2), each declared once: its path, its sidebar label
 * (the sidebar lists them in this order) and who may enter it, with the forms opened from it
 * (`forms`: …/create, …/edit/:id), which follow its rule. /admin itself is the dashboard; any
 * other path is admin-only. A screen of a permission is for admins and the contributors who hold
 * it. The PWA adds each path's page (pwa/app/routes/admin/admin-screens.ts), from which its routes
 * and sidebar are made; the server enforces the same rules on the API.
 */
export const BACK_OFFICE_SCREENS = [
  { path: '/admin/dashboard', label: 'Dashboard', rule: 'admin' },
  { path: '/admin/live-seminars', label: 'Live Seminars', rule: 'course-management', forms: ['/admin/live-seminars/create', '/admin/seminars/edit/:id'] },
  { path: '/admin/webinars', label: 'Webinars', rule: 'course-management', forms: ['/admin/webinars/create', '/admin/webinars/edit/:id'] },
  { path: '/admin/recorded-courses', label: 'Recorded Courses', rule: 'course-management' },
  { path: '/admin/recorded-seminars', label: 'Recorded Seminars', rule: 'course-management' },
  { path: '/admin/webinar-packs', label: 'Webinar Packs', rule: 'course-management' },
  { path: '/admin/instructors', label: 'Instructors', rule: 'instructor-management' },
  { path: '/admin/orders', label: 'Orders', rule: 'order-management' },
  { path: '/admin/customers', label: 'Customers', rule: 'admin' },
  { path: '/admin/contributors', label: 'Contributors', rule: 'admin' },
  { path: '/admin/messages', label: 'Messages', rule: 'admin' },
  { path: '/admin/activity', label: 'Activity', rule: 'admin' },
] as const satisfies ReadonlyArray<{ path: string; label: string; rule: StaffRule; forms?: readonly string[] }>;

export type BackOfficeScreen = (typeof BACK_OFFICE_SCREENS)[number];
type FormsOf<S> = S extends { forms: ReadonlyArray<infer F> } ? F : never;
/** Every back-office path with a page of its own: the screens and their forms. */
export type BackOfficePath = BackOfficeScreen['path'] | FormsOf<BackOfficeScreen>;

/** A screen's forms (none for most). */
export function formsOf(screen: BackOfficeScreen): readonly FormsOf<BackOfficeScreen>[] {
  return 'forms' in screen ? screen.forms : [];
}

/** The paths a screen covers: its own, and the folder of each of its forms (/admin/seminars for …/seminars/edit/:id). */
const coveredBy = (screen: BackOfficeScreen) => [screen.path, ...formsOf(screen).map((form) => form.split('/').slice(0, 3).join('/'))];

/** The rule of a back-office path: its screen's (its forms' too), /admin and unknown paths admin-only. */
export function backOfficeRule(pathname: string): BackOfficeScreen['rule'] {
  const path = pathname.replace(/\/+$/, '');
  const screen = BACK_OFFICE_SCREENS.find((s) => coveredBy(s).some((covered) => path === covered || path.startsWith(`${covered}/`)));
  return screen?.rule ?? 'admin';
}
