import type { StaffRule } from './access';

/**
 * The back-office screens (back-office spec §2), each declared once: its path, its sidebar label
 * (the sidebar lists them in this order) and who may enter it, with the forms opened from it
 * (`forms`: …/create, …/edit/:id), which follow its rule. /admin itself is the dashboard; any
 * other path is admin-only. A screen of a permission is for admins and the contributors who hold
 * it. The PWA adds each path's page (pwa/app/routes/admin/admin-screens.ts), from which its routes
 * and sidebar are made; the server enforces the same rules on the API. Apart from access.ts, so
 * the storefront's first load, which reads the roles, never carries the back office's paths.
 */
export const BACK_OFFICE_SCREENS = [
  { path: '/admin/dashboard', label: 'Dashboard', rule: 'admin' },
  {
    path: '/admin/live-seminars',
    label: 'Live Seminars',
    rule: 'course-management',
    forms: ['/admin/live-seminars/create', '/admin/seminars/edit/:id', '/admin/check-in/:courseId'],
  },
  { path: '/admin/webinars', label: 'Webinars', rule: 'course-management', forms: ['/admin/webinars/create', '/admin/webinars/edit/:id'] },
  { path: '/admin/recorded-courses', label: 'Recorded Courses', rule: 'course-management' },
  { path: '/admin/recorded-seminars', label: 'Recorded Seminars', rule: 'course-management' },
  { path: '/admin/webinar-packs', label: 'Webinar Packs', rule: 'course-management' },
  { path: '/admin/instructors', label: 'Instructors', rule: 'instructor-management' },
  { path: '/admin/orders', label: 'Orders', rule: 'order-management' },
  // Issue 35: coupon codes made, paused and resumed here; each one's usage report on a page of its own.
  { path: '/admin/coupons', label: 'Coupons', rule: 'admin', forms: ['/admin/coupons/:id'] },
  // Issue 35: what a cancellation refunds and until when a seat may be transferred, per course type.
  { path: '/admin/cancellation-policies', label: 'Cancellation Policies', rule: 'admin' },
  { path: '/admin/customers', label: 'Customers', rule: 'admin' },
  { path: '/admin/contributors', label: 'Contributors', rule: 'admin' },
  { path: '/admin/messages', label: 'Messages', rule: 'admin' },
  { path: '/admin/activity', label: 'Activity', rule: 'admin' },
  // Issue 32: every certificate issued, found by number, holder or course; revoked or reissued here.
  { path: '/admin/certificates', label: 'Certificates', rule: 'admin' },
  // Issue 33: companies, their seats and members; made for a customer, seats and people moved with a reason.
  { path: '/admin/organisations', label: 'Organisations', rule: 'admin' },
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
