/**
 * Every toast a page shows, recorded as it appears (a MutationObserver installed before the app
 * runs). For a toast shown while the page is busy with something else (a navigation it starts at
 * once): Fluent dismisses a toast when its CSS timer animation ends, which runs off the main
 * thread, so on a loaded machine a check polled from the test can come after the toast has gone.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __toasts?: string[];
  }
}

export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__toasts = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('.fui-Toast'))) {
        if (seen.has(toast) || !toast.textContent) continue;
        seen.add(toast);
        window.__toasts!.push(toast.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => window.__toasts ?? []);
}
