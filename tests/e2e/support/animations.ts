import type { Page } from '@playwright/test';

/**
 * Waits for the page's finite animations to finish (a dialog fading in, a toast fading out), so a
 * check judges what a person sees once it stands still; endless ones (a spinner's) keep running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
