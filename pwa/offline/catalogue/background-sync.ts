/**
 * The page's side of the offline copy: starts the sync in a worker (sync-worker.ts; in the page
 * itself where workers cannot run it) at start and whenever the browser comes back online, and
 * hands the catalogue's image addresses the sync reports to the service worker's cache. The sync's
 * own code (zod, the JSON of the whole catalogue) stays off the main thread.
 */
import { catalogueDb } from './catalogue-db';
import { hadCompleteCopyAtStart } from './saved-catalogue';

/** Called each time the summary copy is stored, with the catalogue's image addresses. */
export type OnSynced = (images: readonly string[]) => void;

/** The sync in a worker (sync-worker.ts), or undefined where workers cannot run it. */
function startWorker(onSummary: OnSynced | undefined, onFailure: () => void): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    const worker = new Worker(new URL('./sync-worker.ts', import.meta.url), { type: 'module', name: 'catalogue-sync' });
    // The service worker checks each address it is handed (sw.ts): the list is passed on as it is.
    worker.onmessage = (event: MessageEvent<{ type?: string; images?: string[] }>) => {
      if (event.data?.type === 'summary') onSummary?.(event.data.images ?? []);
    };
    worker.onerror = onFailure;
    return worker;
  } catch {
    return undefined;
  }
}

/**
 * Starts the background sync — in a worker where possible — once now and again whenever the
 * browser comes back online. `onSynced` runs each time the summary copy is stored.
 */
export function startBackgroundCatalogueSync(onSynced?: OnSynced): () => void {
  let worker: Worker | undefined;
  let stopped = false;
  const run = () => {
    if (worker) worker.postMessage({ type: 'sync' });
    else void import('./catalogue-sync').then(({ requestCatalogueSync }) => requestCatalogueSync(onSynced));
  };
  // Whether screens may render from the saved copy first is decided before any sync changes it.
  void hadCompleteCopyAtStart(catalogueDb).then(() => {
    if (stopped) return;
    worker = startWorker(onSynced, () => {
      // The worker could not start (or crashed): sync in the page instead.
      worker?.terminate();
      worker = undefined;
      run();
    });
    run();
    window.addEventListener('online', run);
  });
  return () => {
    stopped = true;
    window.removeEventListener('online', run);
    worker?.terminate();
  };
}

/**
 * Asks the service worker to cache these catalogue images, so cards and pages show them offline.
 * On a first visit the worker is still installing when the first sync ends: this waits until it is
 * active (it need not control the page to fill its cache), so one online visit is enough.
 */
export async function cacheCatalogueImages(urls: readonly string[], waitMs = 60_000): Promise<void> {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container || urls.length === 0) return;
  const registration = await Promise.race([container.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
  const worker = container.controller ?? registration?.active;
  worker?.postMessage({ type: 'CACHE_IMAGES', urls: [...urls] });
}
