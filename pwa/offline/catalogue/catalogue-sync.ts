/**
 * Delta sync of the whole catalogue into IndexedDB, run in the background (background-sync.ts
 * starts it in a worker, sync-worker.ts) at start and whenever the browser comes back online. It asks for the summary copy (`view=summary`: courses without descriptions
 * and instructor bios — small), stores it in chunks with a pause between them (no long task), then
 * the details follow in the background (catalogue-details.ts). The server's change cursor is kept
 * in `meta`, so each run fetches only what changed since the last one.
 */
import { catalogueSyncSchema, type CatalogueSync } from '@contracts/catalogue';
import { getJson } from '../../lib/api-client';
import { catalogueDb, type CatalogueDatabase } from './catalogue-db';
import { markDetailsPending, syncCourseDetails } from './catalogue-details';
import { collectImageUrls } from './catalogue-images';
import { CURSOR_KEY, hadCompleteCopyAtStart, saveCourses } from './saved-catalogue';
import { inChunks, nextTask, whenIdle } from '../../lib/yield';

/**
 * Courses validated and stored per task (and per transaction), tiers four times as many: in the
 * page, small enough that no task is long. A worker takes larger ones (sync-worker.ts): its tasks
 * block no page, and each transaction has a cost of its own.
 */
export const PAGE_CHUNK = 250;
export const WORKER_CHUNK = 1000;

export interface SyncOptions {
  chunk?: number;
}

/** Validates the payload a chunk at a time (zod over 10,000 courses at once is a long task). */
async function parseSync(raw: unknown, { chunk: chunkSize = PAGE_CHUNK }: SyncOptions): Promise<CatalogueSync> {
  const body = raw as Partial<CatalogueSync>;
  const courses: CatalogueSync['courses'] = [];
  for (const chunk of inChunks(Array.isArray(body.courses) ? body.courses : [], chunkSize)) {
    courses.push(...catalogueSyncSchema.shape.courses.parse(chunk));
    await nextTask();
  }
  const pricingTiers = catalogueSyncSchema.shape.pricingTiers.parse(body.pricingTiers);
  await nextTask();
  return { ...catalogueSyncSchema.omit({ courses: true, pricingTiers: true }).parse(body), courses, pricingTiers };
}

export async function applyCatalogueSync(db: CatalogueDatabase, payload: CatalogueSync, { chunk: chunkSize = PAGE_CHUNK }: SyncOptions = {}): Promise<void> {
  if (payload.full) {
    // A full snapshot replaces the copy; the details of courses still there are kept (a summary
    // never replaces a stored description). Until its cursor is stored the copy is not complete.
    const ids = new Set(payload.courses.map((course) => course.id));
    // The courses stored before that stay: only they can have details to keep (on a first sync,
    // none), so the others are written without reading them first. A course page saved in the
    // moment between is written as a summary; the details pass that follows every full snapshot
    // stores its description again.
    const kept = new Set<string>();
    await db.transaction('rw', [db.courses, db.pricingTiers, db.instructors, db.meta], async () => {
      await db.meta.delete(CURSOR_KEY);
      const stored = await db.courses.toCollection().primaryKeys();
      for (const id of stored) if (ids.has(id)) kept.add(id);
      await db.courses.bulkDelete(stored.filter((id) => !ids.has(id)));
      await Promise.all([db.pricingTiers.clear(), db.instructors.clear()]);
    });
    for (const chunk of inChunks(payload.courses, chunkSize)) {
      await saveCourses(db, chunk, kept);
      await nextTask();
    }
    for (const chunk of inChunks(payload.pricingTiers, chunkSize * 4)) {
      await db.pricingTiers.bulkPut(chunk);
      await nextTask();
    }
    await db.transaction('rw', [db.instructors, db.meta], async () => {
      await db.instructors.bulkPut(payload.instructors);
      await db.meta.put({ key: CURSOR_KEY, value: payload.cursor });
      await markDetailsPending(db, 'all');
    });
    return;
  }
  // Only what the delta holds is written: even an empty write is signalled as a change to its
  // table, and a change to the saved courses drops the whole list the page holds in memory
  // (saved-list.ts). Every start's sync is most often empty.
  await db.transaction('rw', [db.courses, db.pricingTiers, db.instructors, db.meta], async () => {
    if (payload.removed.courses.length) {
      await db.courses.bulkDelete(payload.removed.courses);
      await db.pricingTiers.where('courseId').anyOf(payload.removed.courses).delete();
    }
    if (payload.removed.pricingTiers.length) await db.pricingTiers.bulkDelete(payload.removed.pricingTiers);
    if (payload.removed.instructors.length) await db.instructors.bulkDelete(payload.removed.instructors);
    await saveCourses(db, payload.courses);
    if (payload.pricingTiers.length) await db.pricingTiers.bulkPut(payload.pricingTiers);
    if (payload.instructors.length) await db.instructors.bulkPut(payload.instructors);
    await db.meta.put({ key: CURSOR_KEY, value: payload.cursor });
    // Changed courses come as summaries: their details are fetched again.
    const changed = payload.courses.filter((course) => course.description === undefined).map((course) => course.id);
    if (changed.length) await markDetailsPending(db, changed);
  });
}

export async function syncCatalogue(db: CatalogueDatabase = catalogueDb, options: SyncOptions = {}): Promise<CatalogueSync> {
  // Whether screens may render from the saved copy first is decided before this sync changes it.
  await hadCompleteCopyAtStart(db);
  const cursor = (await db.meta.get(CURSOR_KEY))?.value;
  const url = cursor ? `/api/sync/catalogue?view=summary&since=${encodeURIComponent(cursor)}` : '/api/sync/catalogue?view=summary';
  const payload = await parseSync(await getJson<unknown>(url), options);
  await applyCatalogueSync(db, payload, options);
  return payload;
}

let running: Promise<unknown> | null = null;

/**
 * Runs a sync now unless one is already running, then the details still missing. Once the summary
 * copy is stored, `onSummary` gets the catalogue's image addresses (collected here, where the sync
 * runs: in its worker, off the page's main thread). Failures are expected offline and ignored.
 */
export function requestCatalogueSync(onSummary?: (images: string[]) => void, options: SyncOptions = {}): Promise<unknown> {
  running ??= syncCatalogue(catalogueDb, options)
    .then(async () => {
      if (onSummary) onSummary(await collectImageUrls(catalogueDb).catch(() => []));
    })
    // The details wait for a quiet moment: the page's own requests and rendering come first.
    .then(() => whenIdle())
    .then(() => syncCourseDetails(catalogueDb))
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}
