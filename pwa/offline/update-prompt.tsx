/**
 * Registers the service worker (through workbox-window) and, when a new version is waiting,
 * offers to reload into it. The offer's code (update-prompt-bar.tsx) arrives once the page has
 * settled, or at once should a new version be waiting sooner: the service worker still serves it.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { preloadable, useLoaded } from '../lib/preloadable';

const bar = preloadable(() => import('./update-prompt-bar').then((module) => module.UpdatePromptBar));

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  const Bar = useLoaded(bar, { now: needRefresh });

  if (!needRefresh || !Bar) return null;
  return <Bar onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />;
}
