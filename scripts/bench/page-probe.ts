/**
 * What the browser benches run in the page, over the DevTools protocol (Playwright's own in-page
 * script would take the page's main thread while it loads): an expression's value, and the
 * watcher of a lesson's first video frame (bench:first-frame, bench:offline).
 */
import type { CDPSession } from '@playwright/test';
import { PRECACHE_REST_MESSAGE } from '@pwa/offline/precache-messages';

/** An expression's value in the page (a promise awaited); its exception thrown here. */
export async function evaluateIn<T>(cdp: CDPSession, expression: string): Promise<T> {
  const answer = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
    result: { value: T };
    exceptionDetails?: { exception?: { description?: string }; text: string };
  };
  if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
  return answer.result.value;
}

/** Waits until `condition` (an expression) holds in the page, polling; throws after `timeoutMs`. */
export async function waitFor(cdp: CDPSession, condition: string, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await evaluateIn<boolean>(cdp, condition))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An expression: true once the service worker controls the page and has stored the whole app (it
 * installs with the storefront's shell and stores the rest when a page asks: pwa/sw/precache.ts),
 * so any screen opens offline. Asked at once, as the app asks a few seconds after it settles.
 */
export const WHOLE_APP_STORED = `!!navigator.serviceWorker.controller && navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data?.done === true);
  registration.active.postMessage({ type: ${JSON.stringify(PRECACHE_REST_MESSAGE)} }, [channel.port2]);
}))`;

/**
 * An expression giving, for each named address pattern, the first matching request's start and
 * its answer's arrival (ms after navigation start, from Resource Timing): `{ name: [start, end] }`.
 */
export const resourceMilestones = (patterns: ReadonlyArray<[string, string]>) => `(() => {
  const entries = performance.getEntriesByType('resource');
  const milestones = {};
  for (const [name, pattern] of ${JSON.stringify(patterns)}) {
    const entry = entries.find((e) => new RegExp(pattern).test(new URL(e.name).pathname));
    if (entry) milestones[name] = [Math.round(entry.startTime), Math.round(entry.responseEnd)];
  }
  return milestones;
})()`;

/**
 * Installed before any of the page's scripts: watches for the <video>, makes it start as soon as it
 * can (muted `autoplay`: a learner pressing Play at once; a paused video shows its poster), and
 * notes in `window.__ttff` its events and its first presented frame. A string: tsx's helpers do not
 * exist in the page.
 */
export const WATCH_FIRST_FRAME = `
  window.__ttff = { video: 0, loadedmetadata: 0, loadeddata: 0, playing: 0, frame: 0, frameCallback: 0, mediaTime: -1 };
  const t = window.__ttff;
  const watch = (video) => {
    t.video = performance.now();
    video.muted = true;
    video.autoplay = true;
    for (const name of ['loadedmetadata', 'loadeddata', 'playing']) video.addEventListener(name, () => { if (!t[name]) t[name] = performance.now(); });
    video.requestVideoFrameCallback((now, meta) => { t.frame = meta.presentationTime; t.frameCallback = now; t.mediaTime = meta.mediaTime; });
  };
  new MutationObserver((_, observer) => { const video = document.querySelector('video'); if (video) { observer.disconnect(); watch(video); } }).observe(document, { subtree: true, childList: true });
`;
