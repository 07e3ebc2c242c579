/**
 * For tests of a feature's writes: every request fails as offline, so each write is kept in the
 * outbox; `kept` makes one and answers what the outbox kept of it (the outbox is emptied after each test).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { KeptForLaterError } from '@pwa/lib/kept-for-later';
import { adminDb } from './admin-db';

export function writesMadeOffline(): { kept(write: () => Promise<unknown>): Promise<{ method: string; url: string; entity: string; label: string }> } {
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
  return {
    /** The write, made offline: what the outbox keeps of it. */
    async kept(write) {
      await expect(write()).rejects.toBeInstanceOf(KeptForLaterError);
      const entries = await adminDb().outbox.orderBy('seq').toArray();
      const { method, url, entity, label } = entries.at(-1)!;
      return { method, url, entity, label };
    },
  };
}
