import { expect, type Page } from '@playwright/test';
import { PRECACHE_REST_MESSAGE } from '@pwa/offline/precache-messages';

/**
 * The service worker controls the page and the whole app is on the device, so any screen opens
 * offline. The worker installs with the storefront's shell only and stores the rest when a page
 * asks (a few seconds after the page settles, pwa/sw/precache.ts); this asks at once, as the page
 * does, and waits for the worker's answer that everything is stored.
 */
export async function wholeAppOffline(page: Page, timeout = 30_000): Promise<void> {
  // Awaited in the page: waitForFunction would take an async check's promise for a truthy answer.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout });
  const stored = await page.evaluate(async (type) => {
    const worker = (await navigator.serviceWorker.ready).active!;
    const channel = new MessageChannel();
    const answer = new Promise<boolean>(
      (resolve) => (channel.port1.onmessage = (event: MessageEvent<{ done?: boolean }>) => resolve(event.data?.done === true)),
    );
    worker.postMessage({ type }, [channel.port2]);
    return answer;
  }, PRECACHE_REST_MESSAGE);
  expect(stored, 'the worker stored every file of the app').toBe(true);
}
