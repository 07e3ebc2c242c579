import { describe, expect, it } from 'vitest';
import { allows } from '@contracts/access';
import { backOfficeRule, BACK_OFFICE_SCREENS } from '@contracts/back-office-screens';
import { ADMIN_SCREENS } from './admin-screens';

const routePaths = () => ADMIN_SCREENS.flatMap((screen) => [screen, ...screen.forms]).map((route) => route.path);

describe('the table of back-office screens', () => {
  it('is the contracts list of screens, in its order, each with its label, rule and a page', () => {
    expect(ADMIN_SCREENS.map(({ path, label, rule }) => ({ path, label, rule }))).toEqual(
      BACK_OFFICE_SCREENS.map(({ path, label, rule }) => ({ path, label, rule })),
    );
    for (const screen of ADMIN_SCREENS) expect(typeof screen.Page).toBe('function');
  });

  it('gives every back-office page its route once: the screens and their forms', () => {
    expect(routePaths()).toEqual([
      '/admin/dashboard',
      '/admin/live-seminars',
      '/admin/live-seminars/create',
      '/admin/seminars/edit/:id',
      '/admin/check-in/:courseId',
      '/admin/webinars',
      '/admin/webinars/create',
      '/admin/webinars/edit/:id',
      '/admin/recorded-courses',
      '/admin/recorded-seminars',
      '/admin/webinar-packs',
      '/admin/instructors',
      '/admin/orders',
      '/admin/coupons',
      '/admin/coupons/:id',
      '/admin/cancellation-policies',
      '/admin/customers',
      '/admin/contributors',
      '/admin/messages',
      '/admin/activity',
      '/admin/certificates',
      '/admin/organisations',
    ]);
    expect(new Set(routePaths()).size).toBe(routePaths().length);
  });

  it('puts only the webinar editor outside the layout, and both seminar forms on one page', () => {
    const routes = ADMIN_SCREENS.flatMap((screen) => [screen, ...screen.forms]);
    expect(routes.filter((route) => route.fullScreen).map((route) => route.path)).toEqual(['/admin/webinars/create', '/admin/webinars/edit/:id']);
    const seminars = ADMIN_SCREENS.find((screen) => screen.path === '/admin/live-seminars')!;
    expect(seminars.forms[0]!.Page).toBe(seminars.forms[1]!.Page);
  });

  it('guards each route, forms included, by the rule of the screen it belongs to', () => {
    for (const screen of ADMIN_SCREENS) {
      for (const route of [screen, ...screen.forms]) expect(backOfficeRule(route.path.replace(':id', '42'))).toBe(screen.rule);
    }
    expect(backOfficeRule('/admin/seminars')).toBe('course-management');
    expect(backOfficeRule('/admin/check-in/42')).toBe('course-management');
    expect(backOfficeRule('/admin/seminarsX')).toBe('admin');
  });

  it('lists in the sidebar what a contributor holding course management may enter', () => {
    const contributor = { role: 'contributor', permissions: ['course-management' as const] };
    expect(ADMIN_SCREENS.filter((screen) => allows(screen.rule, contributor)).map((screen) => screen.label)).toEqual([
      'Live Seminars',
      'Webinars',
      'Recorded Courses',
      'Recorded Seminars',
      'Webinar Packs',
    ]);
  });
});
