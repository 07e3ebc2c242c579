import { describe, expect, it } from 'vitest';
import { ROLES as STORED_ROLES } from '../../db/models';
import { ACCESS_RULES, BACK_OFFICE_SCREENS, LANDING_PATHS, ROLES, admits, backOfficeRule } from './access';

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

describe('back-office screens', () => {
  it('give each path its screen rule: catalogue screens for staff, the rest for admins only', () => {
    expect(backOfficeRule('/admin/webinars')).toBe('staff');
    expect(backOfficeRule('/admin/webinars/edit/123')).toBe('staff');
    expect(backOfficeRule('/admin/live-seminars/create')).toBe('staff');
    expect(backOfficeRule('/admin/seminars/edit/123')).toBe('staff');
    expect(backOfficeRule('/admin/instructors/')).toBe('staff');
    expect(backOfficeRule('/admin')).toBe('admin');
    expect(backOfficeRule('/admin/dashboard')).toBe('admin');
    expect(backOfficeRule('/admin/orders')).toBe('admin');
    expect(backOfficeRule('/admin/webinarsX')).toBe('admin');
    expect(backOfficeRule('/admin/unknown')).toBe('admin');
  });

  it('list the sidebar a contributor sees without any admin-only screen', () => {
    const contributor = BACK_OFFICE_SCREENS.filter((s) => admits(s.rule, 'contributor')).map((s) => s.path);
    expect(contributor).toEqual(['/admin/live-seminars', '/admin/webinars', '/admin/recorded-courses', '/admin/recorded-seminars', '/admin/webinar-packs', '/admin/instructors']);
  });
});
