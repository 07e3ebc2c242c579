/**
 * The saved catalogue, opened on demand: Dexie is loaded the first time a screen reads or writes
 * the device's copy, so it never weighs on the first paint (it stays out of the first-load
 * JavaScript; `npm run measure`). Every catalogue read and write goes through this.
 */
import type { CatalogueDatabase } from './catalogue-db';

type CatalogueDbModule = typeof import('./catalogue-db');

let opening: Promise<CatalogueDbModule> | undefined;

const loadModule = () => (opening ??= import('./catalogue-db'));

export async function openCatalogueDb(): Promise<CatalogueDatabase> {
  return (await loadModule()).catalogueDb;
}

/** Runs `work` on the saved catalogue. */
export async function withCatalogueDb<T>(work: (db: CatalogueDatabase) => Promise<T> | T): Promise<T> {
  return work(await openCatalogueDb());
}

/**
 * Follows a read of the saved catalogue: `onValue` gets its answer now and again whenever a write
 * changes what it read (a Dexie live query). Returns the function that stops following.
 */
export function observeCatalogue<T>(read: (db: CatalogueDatabase) => Promise<T>, onValue: (value: T) => void): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  void loadModule().then(({ catalogueDb, liveQuery }) => {
    if (stopped) return;
    const subscription = liveQuery(() => read(catalogueDb)).subscribe({ next: onValue, error: () => undefined });
    unsubscribe = () => subscription.unsubscribe();
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
