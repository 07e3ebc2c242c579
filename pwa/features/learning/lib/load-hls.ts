/**
 * hls.js (its light build), loaded once and only by lesson pages: a lesson starts loading it with
 * its first reads (`api/lesson-start.ts`), so code and answers arrive together. A failed load is
 * forgotten (the next try asks again). Its transmuxing worker (a script of this origin: the policy
 * allows no blob: workers) is only asked for by hls.js once the first segment has arrived;
 * `preloadPlayer` fetches it beforehand, so that the worker then starts from the browser's cache.
 */
import type HlsType from 'hls.js';
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

export { hlsWorkerUrl };

let loading: Promise<typeof HlsType> | undefined;
let workerFetched = false;

export const hasMediaSource = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

export function loadHls(): Promise<typeof HlsType> {
  loading ??= import('hls.js/light').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** hls.js and its worker's script, where the player will use them (Media Source Extensions). */
export function preloadPlayer(): void {
  if (!hasMediaSource()) return;
  loadHls().catch(() => undefined);
  if (workerFetched) return;
  workerFetched = true;
  fetch(hlsWorkerUrl)
    .then((response) => response.blob())
    .catch(() => {
      workerFetched = false;
    });
}
