/**
 * Background delta sync of the whole catalogue into IndexedDB: at start and whenever the browser
 * comes back online. The server's change cursor is kept in `meta`, so each run fetches only what
 * changed since the last one.
 */
import { catalogueSyncSchema, type CatalogueSync } from '../../api/contracts/catalogue';
import { getJson } from '../lib/api-client';
import { catalogueDb, type CatalogueDatabase } from './catalogue-db';
import { hadCompleteCopyAtStart } from './saved-catalogue';

const CURSOR_KEY = 'catalogueCursor';

export async function applyCatalogueSync(db: CatalogueDatabase, payload: CatalogueSync): Promise<void> {
  await db.transaction('rw', [db.courses, db.pricingTiers, db.instructors, db.meta], async () => {
    if (payload.full) {
      await Promise.all([db.courses.clear(), db.pricingTiers.clear(), db.instructors.clear()]);
    } else {
      await db.courses.bulkDelete(payload.removed.courses);
      if (payload.removed.courses.length) await db.pricingTiers.where('courseId').anyOf(payload.removed.courses).delete();
      await db.pricingTiers.bulkDelete(payload.removed.pricingTiers);
      await db.instructors.bulkDelete(payload.removed.instructors);
    }
    // The full view (requested here) always carries description and bio.
    await db.courses.bulkPut(payload.courses.map((course) => ({ ...course, description: course.description ?? null, instructorBio: course.instructorBio ?? null })));
    await db.pricingTiers.bulkPut(payload.pricingTiers);
    await db.instructors.bulkPut(payload.instructors);
    await db.meta.put({ key: CURSOR_KEY, value: payload.cursor });
  });
}

export async function syncCatalogue(db: CatalogueDatabase = catalogueDb): Promise<CatalogueSync> {
  // Whether screens may render from the saved copy first is decided before this sync changes it.
  await hadCompleteCopyAtStart(db);
  const cursor = (await db.meta.get(CURSOR_KEY))?.value;
  const url = cursor ? `/api/sync/catalogue?since=${encodeURIComponent(cursor)}` : '/api/sync/catalogue';
  const payload = catalogueSyncSchema.parse(await getJson<unknown>(url));
  await applyCatalogueSync(db, payload);
  return payload;
}

let running: Promise<unknown> | null = null;

/** Runs a sync now unless one is already running; failures are expected offline and ignored. */
export function requestCatalogueSync(): Promise<unknown> {
  running ??= syncCatalogue()
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}

/** Starts the background sync: once now and again whenever the browser comes back online. */
export function startBackgroundCatalogueSync(onSynced?: () => void): () => void {
  const run = () => void requestCatalogueSync().then(() => onSynced?.());
  run();
  window.addEventListener('online', run);
  return () => window.removeEventListener('online', run);
}

/**
 * Asks the service worker to cache every catalogue image, so cards and pages show them offline.
 * On a first visit the worker is still installing when the first sync ends: this waits until it is
 * active (it need not control the page to fill its cache), so one online visit is enough.
 */
export async function warmImageCache(db: CatalogueDatabase = catalogueDb, waitMs = 60_000): Promise<void> {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return;
  const registration = await Promise.race([container.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
  const worker = container.controller ?? registration?.active;
  if (!worker) return;
  const [courses, instructors] = await Promise.all([db.courses.toArray(), db.instructors.toArray()]);
  const urls = new Set<string>();
  for (const course of courses) for (const url of [course.image, course.instructorImage]) if (url?.startsWith('/images/')) urls.add(url);
  for (const instructor of instructors) if (instructor.image?.startsWith('/images/')) urls.add(instructor.image);
  worker.postMessage({ type: 'CACHE_IMAGES', urls: [...urls] });
}
