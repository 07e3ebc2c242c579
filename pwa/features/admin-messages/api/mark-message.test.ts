/** Marking a message names what it changes in the outbox: one entity per message, and the label the sync status shows. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptForLaterError } from '@pwa/lib/kept-for-later';
import { adminDb } from '@pwa/offline/back-office/admin-db';
import { markMessage } from './mark-message';

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  ),
);
afterEach(async () => {
  vi.unstubAllGlobals();
  await adminDb().outbox.clear();
});

/** The write, made offline: what the outbox keeps of it. */
async function kept(write: () => Promise<unknown>) {
  await expect(write()).rejects.toBeInstanceOf(KeptForLaterError);
  const entries = await adminDb().outbox.orderBy('seq').toArray();
  const { method, url, entity, label } = entries.at(-1)!;
  return { method, url, entity, label };
}

describe('writes to messages in the outbox', () => {
  it('messages: one entity per message, labelled "Update message"', async () => {
    const read = await kept(() => markMessage({ id: 'm1', patch: { read: true } as never }));
    expect(read).toMatchObject({ method: 'PATCH', url: '/api/admin/messages/m1', label: 'Update message' });
    expect((await kept(() => markMessage({ id: 'm1', patch: { handled: true } as never }))).entity).toBe(read.entity);
    expect((await kept(() => markMessage({ id: 'm2', patch: { read: true } as never }))).entity).not.toBe(read.entity);
  });
});
