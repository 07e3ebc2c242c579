/**
 * Keeps the first visit's offline-copy snapshot built (issue 10). A first visit to the storefront
 * asks for the summary of every course (`GET /api/sync/catalogue?view=summary`); built on demand,
 * that answer cost its visitor the whole build (1.2–1.5 s at 10,000 courses, 13 MB of JSON) after
 * every catalogue change. This job builds it, with its brotli form, when the process starts and
 * again once the catalogue has stopped changing for a round, so visitors find it ready.
 *
 * Safe in any number of processes on one database: each process reads the catalogue version from
 * the database (a write made by another process is seen at the next round) and fills its own
 * cache. Declared by the catalogue domain (domains/catalogue.ts); tests call `warm()` themselves.
 */
import type { CatalogueServices } from '../services/catalogue';
import { cachedSync, syncCacheKey } from '../services/catalogue/catalogue-sync-service';
import type { PeriodicJob } from './definitions';

/** How often the catalogue version is checked (one primary-key read). */
export const CATALOGUE_WARM_SECONDS = 10;

export interface CatalogueWarmer {
  /**
   * One round: builds the snapshot if the cache does not hold it for the current version and, after
   * the first round, the catalogue has not changed since the last one (a burst of edits is built for
   * once, after it). Returns whether it built.
   */
  warm(): Promise<boolean>;
}

const FIRST_VISIT_KEY = syncCacheKey(undefined, 'summary');

export function catalogueWarmer({ catalogueCache, catalogueSync }: Pick<CatalogueServices, 'catalogueCache' | 'catalogueSync'>): CatalogueWarmer {
  let seen: number | undefined;
  return {
    async warm() {
      const version = await catalogueCache.version();
      const settled = seen === undefined || version === seen;
      seen = version;
      // Asked of the cache, not remembered here: a visit may have built it, and larger answers may
      // have pushed it out of the cache since (its size is bounded).
      if (!settled || catalogueCache.holds(FIRST_VISIT_KEY, version)) return false;
      const answer = await cachedSync(catalogueCache, catalogueSync, undefined, 'summary');
      // Browsers ask for brotli: its form is made once per version, now rather than for a visitor.
      await answer.encoded('br');
      return true;
    },
  };
}

/**
 * Warms at once, then every CATALOGUE_WARM_SECONDS, in each process that serves HTTP: its product
 * is that process's cache, so it is not claimed through the database (`claim: 'process'`).
 */
export function catalogueWarmingJob(services: Pick<CatalogueServices, 'catalogueCache' | 'catalogueSync'>, seconds = CATALOGUE_WARM_SECONDS): PeriodicJob {
  const warmer = catalogueWarmer(services);
  return { name: 'catalogue-warming', everySeconds: seconds, claim: 'process', run: async () => void (await warmer.warm()) };
}
