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
    // Each toast's text as last seen while it was shown: a toast whose parts render in separate
    // commits is recorded whole, not as its first part.
    const seen = new WeakMap<Element, number>();
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('.fui-Toast'))) {
        const text = toast.textContent;
        if (!text) continue;
        const at = seen.get(toast);
        if (at === undefined) seen.set(toast, window.__toasts!.push(text) - 1);
        else window.__toasts![at] = text;
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => window.__toasts ?? []);
}
