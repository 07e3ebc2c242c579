import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { adminDb } from '../offline/back-office/admin-db';
import { KeptForLaterError, sendWrite } from '../offline/back-office/send-write';
import { getPage, listPath } from './paged-list';

afterEach(() => vi.unstubAllGlobals());

describe('paged lists', () => {
  it('put only the parameters with a value in the address, trimmed, in the order given', () => {
    expect(listPath('/api/users', { role: 'customer,user', search: '  ada ', limit: undefined, cursor: null })).toBe('/api/users?role=customer%2Cuser&search=ada');
    expect(listPath('/api/admin/messages', { state: undefined, search: '   ' })).toBe('/api/admin/messages');
    expect(listPath('/api/admin/orders', { limit: 5 })).toBe('/api/admin/orders?limit=5');
  });

  it('read a page’s rows and the next page’s address from the Link header, none on the last page', async () => {
    const answers = [
      new Response(JSON.stringify([{ id: 'a' }]), { headers: { Link: '</api/users?role=admin&cursor=abc_-1>; rel="next"' } }),
      new Response(JSON.stringify([{ id: 'b' }])),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!));
    expect(await getPage<{ id: string }>('/api/users?role=admin')).toEqual({ items: [{ id: 'a' }], next: '/api/users?role=admin&cursor=abc_-1' });
    expect(await getPage<{ id: string }>('/api/users?role=admin&cursor=abc_-1')).toEqual({ items: [{ id: 'b' }], next: null });
  });
});

describe('back-office writes', () => {
  it('carry a fresh Idempotency-Key each, read an empty 204 as undefined, and keep the API error', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => (init.method === 'DELETE' ? new Response(null, { status: 204 }) : new Response(JSON.stringify({ message: 'A user with this email already exists' }), { status: 409 })));
    vi.stubGlobal('fetch', fetch);
    expect(await sendWrite('DELETE', '/api/admin/customers/1')).toBeUndefined();
    const error = await sendWrite('POST', '/api/admin/customers', { name: 'Ada' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('A user with this email already exists');
    const keys = fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('without a connection are kept on the device and sent, with the same key, when it is back', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const kept = await sendWrite('PUT', '/api/courses/c1', { title: 'Offline', version: 1 }).catch((caught: unknown) => caught);
    expect(kept).toBeInstanceOf(KeptForLaterError);
    const [entry] = await adminDb().outbox.toArray();
    expect(entry).toMatchObject({ url: '/api/courses/c1', status: 'queued', entity: 'course:c1', attempts: 1 });
    expect((kept as KeptForLaterError).entry.idempotencyKey).toBe(entry!.idempotencyKey);
  });
});
