/// <reference lib="webworker" />
/**
 * The app's files, precached by the worker and served from the cache by the routes `sw.ts`
 * registers. Workbox's own install stores every file, one at a time, before the worker may take
 * control: a second visit shortly after a cold first one (issue 34's warm figure) was still
 * answered by the server. Here the install stores only the shell (the pages' HTML shells, the
 * styles, icons and manifest, and the scripts those pages load before the app runs, followed
 * through their static imports), a few files at once; the rest (the back office, the learning
 * screens, every lazy page) is stored once the worker is active, when a page asks for it a few
 * seconds after it has settled (`PRECACHE_REST_MESSAGE`, offline/precache-messages.ts; the reply
 * says it is all there), so a visit shortly after the first is served by an idle worker. Until
 * then a file not yet stored comes from the network, as Workbox's route does.
 */
import { copyResponse } from 'workbox-core';
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { PRECACHE_REST_MESSAGE } from '../offline/precache-messages';

declare const self: ServiceWorkerGlobalScope;

/** Files stored at once: a bound, as Workbox's serial install guards memory on large precaches (workbox#2528). */
export const PRECACHE_CONCURRENCY = 6;

/** A page's or script's references to the app's own scripts: `src`/`href` in HTML, static imports in a module (`import … from"./x.js"`, `import"./x.js"`; not `import("./x.js")`). */
const HTML_SCRIPT = /(?:src|href)="\/(assets\/[^"?#]+\.js)"/g;
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g;

export function scriptsReferencedBy(text: string, fromAssets: boolean): string[] {
  if (!fromAssets) return [...text.matchAll(HTML_SCRIPT)].map((m) => `/${m[1]}`);
  return [...text.matchAll(STATIC_IMPORT)].map((m) => `/assets/${m[1]}`);
}

export function precacheShellFirst(entries: PrecacheEntry[]): PrecacheController {
  const controller = new PrecacheController();
  controller.addToCacheList(entries);
  self.addEventListener('install', (event) => event.waitUntil(storeShell(controller, event)));
  self.addEventListener('activate', (event) => void controller.activate(event));
  let rest: Promise<boolean> | undefined;
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | undefined)?.type !== PRECACHE_REST_MESSAGE) return;
    rest ??= storeRest(controller).finally(() => (rest = undefined));
    event.waitUntil(rest.then((done) => event.ports[0]?.postMessage({ type: PRECACHE_REST_MESSAGE, done })));
  });
  return controller;
}

/** Stores `urls` (absolute, as the controller keys them) a few at once during the install; `stored` sees each stored response. */
async function install(
  controller: PrecacheController,
  event: ExtendableEvent,
  urls: string[],
  stored: (url: string, response: Response) => Promise<void>,
): Promise<void> {
  const keys = controller.getURLsToCacheKeys();
  const next = async (): Promise<void> => {
    for (let url = urls.shift(); url; url = urls.shift()) {
      const cacheKey = keys.get(url);
      if (!cacheKey) continue;
      // A revisioned entry (its key carries the revision) bypasses the HTTP cache, as Workbox's
      // does; a hashed file may come from it (its name changes with its content).
      const request = new Request(url, { cache: cacheKey === url ? 'default' : 'reload', credentials: 'same-origin' });
      const [response, done] = controller.strategy.handleAll({ params: { cacheKey }, request, event });
      await stored(url, (await response).clone());
      await done;
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_CONCURRENCY }, next));
}

/** The shell: every file but the app's scripts, then the scripts the HTML shells load, and what those import statically. */
async function storeShell(controller: PrecacheController, event: ExtendableEvent): Promise<void> {
  const all = [...controller.getURLsToCacheKeys().keys()];
  const seen = new Set(all.filter((url) => !url.endsWith('.js')));
  let wave = [...seen];
  while (wave.length) {
    const found: string[] = [];
    await install(controller, event, wave, async (url, response) => {
      const isScript = url.endsWith('.js');
      if (!isScript && !url.endsWith('.html')) return;
      for (const path of scriptsReferencedBy(await response.text(), isScript)) {
        const next = new URL(path, self.location.origin).href;
        if (!seen.has(next)) {
          seen.add(next);
          found.push(next);
        }
      }
    });
    wave = found;
  }
}

/**
 * Everything not stored yet (one listing of the cache, then only what is missing); true once it is
 * all there. Stored here, not through Workbox's strategy: outside the install event that strategy
 * fetches a missing file without storing it. A file that cannot be fetched now is left for the
 * next page's request.
 */
async function storeRest(controller: PrecacheController): Promise<boolean> {
  const cache = await self.caches.open(controller.strategy.cacheName);
  const stored = new Set((await cache.keys()).map((request) => request.url));
  const missing = [...controller.getURLsToCacheKeys()].filter(([, cacheKey]) => !stored.has(cacheKey));
  let failed = 0;
  const next = async (): Promise<void> => {
    for (let entry = missing.shift(); entry; entry = missing.shift()) {
      const [url, cacheKey] = entry;
      try {
        const response = await fetch(url, { cache: cacheKey === url ? 'default' : 'reload', credentials: 'same-origin' });
        // As Workbox's install: only a whole answer is kept (a redirect's is copied, so it can be served).
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        await cache.put(cacheKey, response.redirected ? await copyResponse(response) : response);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_CONCURRENCY }, next));
  return failed === 0;
}
