import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@pwa/lib/api-client';
import { KeptForLaterError } from '@pwa/lib/kept-for-later';
import { adminDb, type OutboxEntry } from './admin-db';
import { sendWrite } from './send-write';

afterEach(() => vi.unstubAllGlobals());

describe('back-office writes', () => {
  it('carry a fresh Idempotency-Key each, read an empty 204 as undefined, and keep the API error', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify({ message: 'A user with this email already exists' }), { status: 409 }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await sendWrite({ method: 'DELETE', url: '/api/admin/customers/1', entity: 'customer:1', label: 'Delete customer' })).toBeUndefined();
    const error = await sendWrite({
      method: 'POST',
      url: '/api/admin/customers',
      body: { name: 'Ada' },
      entity: 'customer:new',
      label: 'Create customer',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('A user with this email already exists');
    const keys = fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('without a connection are kept on the device and sent, with the same key, when it is back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const kept = await sendWrite({
      method: 'PUT',
      url: '/api/courses/c1',
      body: { title: 'Offline', version: 1 },
      entity: 'course:c1',
      label: 'Update course',
    }).catch((caught: unknown) => caught);
    expect(kept).toBeInstanceOf(KeptForLaterError);
    const [entry] = await adminDb().outbox.toArray();
    expect(entry).toMatchObject({ url: '/api/courses/c1', status: 'queued', entity: 'course:c1', attempts: 1 });
    expect((kept as KeptForLaterError<OutboxEntry>).entry.idempotencyKey).toBe(entry!.idempotencyKey);
  });
});
