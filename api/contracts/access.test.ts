import { describe, expect, it } from 'vitest';
import { ROLES as STORED_ROLES } from '../../db/models';
import { ACCESS_RULES, LANDING_PATHS, ROLES, admits } from './access';

describe('roles and access rules', () => {
  it('are the roles the database stores (db/ cannot import contracts, so this keeps them one list)', () => {
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
