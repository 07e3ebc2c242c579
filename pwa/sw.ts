/// <reference lib="webworker" />
/**
 * The service worker: precaches the app (the storefront's shell at install, the rest once it is
 * active: sw/precache.ts), answers navigations with the cached shell so deep links open offline
 * (`/` with the landing page's prerendered shell), and caches course and instructor images at
 * runtime (cache-first, bounded). API answers are not cached here: the app keeps the catalogue in
 * IndexedDB itself.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { APP_ROUTES } from '@contracts/app-routes';
import { LESSON_SHELL_FILE, shellPathPattern } from '@contracts/route-shells';
// Reminders before live sessions: push, notificationclick, pushsubscriptionchange.
import './sw/push';
// The back office's outbox, sent by Background Sync when the connection is back.
import './sw/outbox-sync';
// Lessons downloaded for learning offline, served from the device with byte ranges (issue 34).
import './sw/offline-lessons';
// Their files fetched by the browser's Background Fetch, stored when it ends (issue 34).
import './sw/background-downloads';
import { precacheShellFirst } from './sw/precache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

export const IMAGE_CACHE = 'catalogue-images';

/** The demo artwork and uploaded images (immutable: a new upload is a new path). */
const isCatalogueImage = (path: string) => path.startsWith('/images/') || path.startsWith('/objects/uploads/');

// `/` is answered with the landing page's own shell (its first render already in the HTML, and its
// first reads preloaded): the headline paints before the app's code has run, online or offline.
const precache = precacheShellFirst(self.__WB_MANIFEST);
registerRoute(new PrecacheRoute(precache, { directoryIndex: 'index.home.html' }));
cleanupOutdatedCaches();

// Every app page (/learn/* too) opens from the shell; API, media and join-link addresses are never
// the shell (/join/<token> is answered by the server: a redirect to the meeting, issue 30; so is
// /verify/<number>, a certificate's public page, and the credentials' DID document and status
// lists, /.well-known/ and /credentials/, issue 32).
// Lesson media (/media/…: playlists, segments, captions, PDFs) has no route here, so the worker
// never caches it: its addresses carry a credential that lives minutes and access is decided anew.
// A lesson opens from its own shell, as from the server: its script starts the lesson's reads and
// video before the app runs (contracts/route-shells.ts; offline, the reads fail and the app starts).
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL(`/${LESSON_SHELL_FILE}`), { allowlist: [shellPathPattern(APP_ROUTES.learnLesson)] }));
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/offline\//, /^\/join\//, /^\/verify\//, /^\/\.well-known\//, /^\/credentials\//],
  }),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && isCatalogueImage(url.pathname),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The app sends the catalogue's image paths after a sync so they are there offline too.
  if (data?.type === 'CACHE_IMAGES' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u): u is string => typeof u === 'string' && isCatalogueImage(u)).slice(0, 600);
    event.waitUntil(
      caches.open(IMAGE_CACHE).then(async (cache) => {
        for (const url of urls) {
          if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
        }
      }),
    );
  }
});

clientsClaim();
