/**
 * The back office's screens, each declared once: what a screen is (its path, sidebar label and
 * rule, and the forms opened from it) comes from `BACK_OFFICE_SCREENS`
 * (contracts/back-office-screens.ts, the rules the server enforces too); here each path gets its
 * page (a chunk of its own) and its place (beside the sidebar, or full screen). The routes
 * (admin-area-page.tsx) and the sidebar (admin-layout.tsx) are both made from this table: a new
 * screen is one line in contracts and one here, and TypeScript refuses a path without a page.
 */
import type { ComponentType } from 'react';
import { BACK_OFFICE_SCREENS, formsOf, type BackOfficePath, type BackOfficeScreen } from '@contracts/back-office-screens';
import { retryableLazy } from '@pwa/lib/retryable-lazy';

interface ScreenPage {
  Page: ComponentType;
  /** Outside the layout, without the sidebar (the webinar editor). */
  fullScreen?: boolean;
}

// One component for both forms of a kind: opening the other form keeps the same component, as a route would.
const SeminarFormPage = retryableLazy(() => import('./seminar-form-page'));
const WebinarEditorPage = retryableLazy(() => import('./webinar-editor-page'));

const PAGES: Record<BackOfficePath, ScreenPage> = {
  '/admin/dashboard': { Page: retryableLazy(() => import('./dashboard-page')) },
  '/admin/live-seminars': { Page: retryableLazy(() => import('./live-seminars-page')) },
  '/admin/live-seminars/create': { Page: SeminarFormPage },
  '/admin/seminars/edit/:id': { Page: SeminarFormPage },
  // The door's scanner (issue 30): a form of the live seminars' screen, so its rule.
  '/admin/check-in/:courseId': { Page: retryableLazy(() => import('./check-in-page')) },
  '/admin/webinars': { Page: retryableLazy(() => import('./webinars-page')) },
  '/admin/webinars/create': { Page: WebinarEditorPage, fullScreen: true },
  '/admin/webinars/edit/:id': { Page: WebinarEditorPage, fullScreen: true },
  '/admin/recorded-courses': { Page: retryableLazy(() => import('./recorded-courses-page')) },
  '/admin/recorded-seminars': { Page: retryableLazy(() => import('./recorded-seminars-page')) },
  '/admin/webinar-packs': { Page: retryableLazy(() => import('./webinar-packs-page')) },
  '/admin/instructors': { Page: retryableLazy(() => import('./instructors-page')) },
  '/admin/orders': { Page: retryableLazy(() => import('./orders-page')) },
  '/admin/coupons': { Page: retryableLazy(() => import('./coupons-page')) },
  // A coupon's usage report (issue 35): a form of the coupons' screen, so its rule.
  '/admin/coupons/:id': { Page: retryableLazy(() => import('./coupon-report-page')) },
  '/admin/cancellation-policies': { Page: retryableLazy(() => import('./cancellation-policies-page')) },
  '/admin/customers': { Page: retryableLazy(() => import('./customers-page')) },
  '/admin/contributors': { Page: retryableLazy(() => import('./contributors-page')) },
  '/admin/messages': { Page: retryableLazy(() => import('./messages-page')) },
  '/admin/activity': { Page: retryableLazy(() => import('./activity-page')) },
  '/admin/certificates': { Page: retryableLazy(() => import('./certificates-page')) },
  '/admin/organisations': { Page: retryableLazy(() => import('./organisations-page')) },
};

export interface AdminRoute extends ScreenPage {
  /** The full path (/admin/…). */
  path: BackOfficePath;
}

/** A sidebar screen with its page, and its forms with theirs. */
export interface AdminScreen extends AdminRoute {
  label: BackOfficeScreen['label'];
  rule: BackOfficeScreen['rule'];
  forms: readonly AdminRoute[];
}

const route = (path: BackOfficePath): AdminRoute => ({ path, ...PAGES[path] });

/** The back office's screens in the sidebar's order: the sidebar lists them, the routes are them and their forms. */
export const ADMIN_SCREENS: readonly AdminScreen[] = BACK_OFFICE_SCREENS.map((screen) => ({
  ...route(screen.path),
  label: screen.label,
  rule: screen.rule,
  forms: formsOf(screen).map(route),
}));
