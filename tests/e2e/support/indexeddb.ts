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

/** One count per entry of `counts`, all 0 while the database or any of the stores does not exist. */
export function countStored(page: Page, database: string, counts: readonly StoredCount[]): Promise<number[]> {
  return page.evaluate(
    ({ database, counts }) =>
      new Promise<number[]>((resolve) => {
        const none = counts.map(() => 0);
        const open = indexedDB.open(database);
        // The database does not exist: leave it so.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(none);
        open.onsuccess = () => {
          const db = open.result;
          const finish = (result: number[]) => {
            db.close();
            resolve(result);
          };
          if (!counts.every(({ store }) => db.objectStoreNames.contains(store))) return finish(none);
          const tx = db.transaction([...new Set(counts.map(({ store }) => store))]);
          const requests = counts.map(({ store, key }) => tx.objectStore(store).count(key === undefined ? undefined : IDBKeyRange.only(key)));
          tx.oncomplete = () => finish(requests.map((request) => request.result));
          tx.onerror = () => finish(none);
        };
      }),
    { database, counts },
  );
}
