/**
 * The page's side of the worker's two-step precache (sw/precache.ts): the worker installs with the
 * storefront's shell only, and stores the rest of the app (back office, learning screens, lazy
 * pages) when a page it serves asks. Every page asks once the worker is active; the answer comes
 * when the whole app is on the device, so it opens offline on any screen.
 */
import { askWorker } from '../lib/ask-worker';

export const PRECACHE_REST_MESSAGE = 'PRECACHE_REST';

/**
 * How long after a page has settled it asks: storing 3 MB beside a page being opened (a second
 * visit shortly after a cold first) slowed that page's first cards by about 0.25 s at 4× CPU
 * (`npm run bench:browser`), and a page that is left sooner leaves the asking to the next.
 */
export const STORE_REST_AFTER_SETTLED_MS = 5000;

/** Asks the active worker to store the rest of the app; true once it is all stored (false: no worker, a file it could not fetch, or no answer in time). */
export async function storeWholeApp(registration: ServiceWorkerRegistration | undefined, timeoutMs = 120_000): Promise<boolean> {
  const answer = await askWorker<{ done?: unknown }>(registration?.active, { type: PRECACHE_REST_MESSAGE }, timeoutMs);
  return answer?.done === true;
}
