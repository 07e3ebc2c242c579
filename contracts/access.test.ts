import { describe, expect, it } from 'vitest';
import { ROLES as STORED_ROLES } from '../db/models';
import { ACCESS_RULES, CONTRIBUTOR_DEFAULT_PERMISSIONS, LANDING_PATHS, PERMISSIONS, ROLES, admits, allows, permissionsOf, type Permission } from './access';
import { BACK_OFFICE_SCREENS, backOfficeRule } from './back-office-screens';

describe('roles and access rules', () => {
  it('are the roles the database stores (db/models re-exports this list)', () => {
    expect([...STORED_ROLES]).toEqual([...ROLES]);
  });

  it('admit exactly the roles each rule names', () => {
    expect(admits('staff', 'contributor')).toBe(true);
    expect(admits('staff', 'customer')).toBe(false);
    expect(admits('admin', 'contributor')).toBe(false);
    expect(admits('customer', 'admin')).toBe(false);
    expect(admits('admin', undefined)).toBe(false);
    for (const role of ROLES) expect(admits('signed_in', role)).toBe(true);
    expect(Object.keys(ACCESS_RULES).sort()).toEqual(['admin', 'contributor', 'customer', 'signed_in', 'staff']);
    expect(LANDING_PATHS).toEqual({ admin: '/admin/dashboard', contributor: '/contributor', customer: '/profile', user: '/profile' });
  });
});

describe('permissions', () => {
  it('are everything for an admin, the list (or the role default) for a contributor, nothing for others', () => {
    expect(permissionsOf('admin', [])).toEqual([...PERMISSIONS]);
    expect(permissionsOf('contributor', null)).toEqual([...CONTRIBUTOR_DEFAULT_PERMISSIONS]);
    expect(permissionsOf('contributor', [])).toEqual([]);
    expect(permissionsOf('contributor', ['order-management', 'course-management'])).toEqual(['course-management', 'order-management']);
    expect(permissionsOf('customer', ['order-management'])).toEqual([]);
    expect(allows('order-management', { role: 'contributor', permissions: ['order-management'] })).toBe(true);
    expect(allows('order-management', { role: 'contributor', permissions: null })).toBe(false);
    expect(allows('course-management', { role: 'contributor' })).toBe(true);
    expect(allows('course-management', { role: 'admin', permissions: [] })).toBe(true);
    expect(allows('course-management', { role: 'customer', permissions: ['course-management'] })).toBe(false);
    expect(allows('staff', { role: 'contributor', permissions: [] })).toBe(true);
    expect(allows('admin', null)).toBe(false);
  });
});

describe('back-office screens', () => {
  it('give each path its screen rule: catalogue screens by permission, the rest for admins only', () => {
    expect(backOfficeRule('/admin/webinars')).toBe('course-management');
    expect(backOfficeRule('/admin/webinars/edit/123')).toBe('course-management');
    expect(backOfficeRule('/admin/live-seminars/create')).toBe('course-management');
    expect(backOfficeRule('/admin/seminars/edit/123')).toBe('course-management');
    expect(backOfficeRule('/admin/instructors/')).toBe('instructor-management');
    expect(backOfficeRule('/admin/orders')).toBe('order-management');
    expect(backOfficeRule('/admin')).toBe('admin');
    expect(backOfficeRule('/admin/dashboard')).toBe('admin');
    expect(backOfficeRule('/admin/webinarsX')).toBe('admin');
    expect(backOfficeRule('/admin/unknown')).toBe('admin');
  });

  it('list the sidebar a contributor sees: the screens of their permissions, never an admin-only one', () => {
    const sidebar = (permissions: Permission[] | null) =>
      BACK_OFFICE_SCREENS.filter((s) => allows(s.rule, { role: 'contributor', permissions })).map((s) => s.path);
    const courses = ['/admin/live-seminars', '/admin/webinars', '/admin/recorded-courses', '/admin/recorded-seminars', '/admin/webinar-packs'];
    expect(sidebar(null)).toEqual([...courses, '/admin/instructors']);
    expect(sidebar(['course-management'])).toEqual(courses);
    expect(sidebar(['instructor-management'])).toEqual(['/admin/instructors']);
    expect(sidebar(['order-management'])).toEqual(['/admin/orders']);
    expect(sidebar([...PERMISSIONS])).toEqual([...courses, '/admin/instructors', '/admin/orders']);
    expect(sidebar([])).toEqual([]);
    expect(BACK_OFFICE_SCREENS.filter((s) => allows(s.rule, { role: 'admin' }))).toHaveLength(BACK_OFFICE_SCREENS.length);
  });
});
