/**
 * Registers the service worker (through workbox-window) and, when a new version is waiting,
 * offers to reload into it. The offer's code (update-prompt-bar.tsx) arrives once the page has
 * settled, or at once should a new version be waiting sooner: the service worker still serves it.
 * Once the worker is active and the page has settled, it is asked to store the rest of the app
 * (sw/precache.ts, offline/precache-messages.ts).
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { preloadable, useLoaded } from '../lib/preloadable';
import { afterFirstPaint } from '../lib/after-first-paint';
import { STORE_REST_AFTER_SETTLED_MS, storeWholeApp } from './precache-messages';

const bar = preloadable(() => import('./update-prompt-bar').then((module) => module.UpdatePromptBar));

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    // The worker installs with the storefront's shell; the rest of the app follows once it is
    // active and this page has settled, so storing it does not compete with a page's start.
    onRegisteredSW: () =>
      void Promise.all([
        navigator.serviceWorker.ready,
        afterFirstPaint().then(() => new Promise((resolve) => setTimeout(resolve, STORE_REST_AFTER_SETTLED_MS))),
      ]).then(([registration]) => storeWholeApp(registration)),
  });
  const Bar = useLoaded(bar, { now: needRefresh });

  if (!needRefresh || !Bar) return null;
  return <Bar onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />;
}
