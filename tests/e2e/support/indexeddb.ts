/**
 * Counting what a page keeps in IndexedDB, with raw IndexedDB (so tests and the benchmark do not
 * depend on Dexie). The look is read-only in every sense: a database that does not exist yet is
 * not created (an empty version 1 opened here would make the app's own first open an upgrade),
 * and the connection is closed at once, so it never blocks the app's upgrade ("blocked" waits
 * forever while another connection stays open).
 */
import type { Page } from '@playwright/test';

export interface StoredCount {
  store: string;
  /** Count only the record with this key. */
  key?: string;
}

/**
 * One count per entry of `counts`, all 0 while the database or any of the stores does not exist.
 * The page's part is sent as a string: a function would be serialized as the runner compiled it,
 * and tsx (the benchmark's runner) wraps named functions in a `__name` helper the page lacks, so
 * the open's callback threw and the count never answered.
 */
export function countStored(page: Page, database: string, counts: readonly StoredCount[]): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const database = ${JSON.stringify(database)};
    const counts = ${JSON.stringify(counts)};
    const none = counts.map(() => 0);
    const open = indexedDB.open(database);
    // The database does not exist: leave it so.
    open.onupgradeneeded = () => open.transaction && open.transaction.abort();
    open.onerror = () => resolve(none);
    open.onsuccess = () => {
      const db = open.result;
      if (!counts.every((count) => db.objectStoreNames.contains(count.store))) {
        db.close();
        return resolve(none);
      }
      const tx = db.transaction([...new Set(counts.map((count) => count.store))]);
      const requests = counts.map((count) => tx.objectStore(count.store).count(count.key === undefined ? undefined : IDBKeyRange.only(count.key)));
      tx.oncomplete = () => {
        db.close();
        resolve(requests.map((request) => request.result));
      };
      tx.onerror = () => {
        db.close();
        resolve(none);
      };
    };
  })`) as Promise<number[]>;
}

/** How many records one store of the back office's database holds on this page's device (its drafts, its outbox). */
export async function backOfficeCount(page: Page, store: 'drafts' | 'outbox'): Promise<number> {
  return (await countStored(page, 'training-back-office', [{ store }]))[0]!;
}
