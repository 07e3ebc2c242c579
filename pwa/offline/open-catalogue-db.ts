/**
 * The saved catalogue, opened on demand: Dexie is loaded the first time a screen reads or writes
 * the device's copy, so it never weighs on the first paint (it stays out of the first-load
 * JavaScript; `npm run measure`). Every catalogue read and write goes through this.
 */
import type { CatalogueDatabase } from './catalogue-db';

let opening: Promise<CatalogueDatabase> | undefined;

export function openCatalogueDb(): Promise<CatalogueDatabase> {
  opening ??= import('./catalogue-db').then((module) => module.catalogueDb);
  return opening;
}

/** Runs `work` on the saved catalogue. */
export async function withCatalogueDb<T>(work: (db: CatalogueDatabase) => Promise<T> | T): Promise<T> {
  return work(await openCatalogueDb());
}
