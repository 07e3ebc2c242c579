import { describe, expect, it } from 'vitest';
import { listPath } from './paged-list';

describe('paged lists', () => {
  it('put only the parameters with a value in the address, trimmed, in the order given', () => {
    expect(listPath('/api/users', { role: 'customer,user', search: '  ada ', limit: undefined, cursor: null })).toBe(
      '/api/users?role=customer%2Cuser&search=ada',
    );
    expect(listPath('/api/admin/messages', { state: undefined, search: '   ' })).toBe('/api/admin/messages');
    expect(listPath('/api/admin/orders', { limit: 5 })).toBe('/api/admin/orders?limit=5');
  });
});
