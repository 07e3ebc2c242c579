/**
 * No layout shift while a storefront page loads (CLS ≤ 0.05 on every route, phone and desktop):
 * content arrives into space reserved for it, and the footer never starts on screen and gets
 * pushed down. Shifts are summed from the browser's own layout-shift entries, ignoring those right
 * after input, as CLS does.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { getJson } from './support/catalogue';

declare global {
  interface Window {
    __cls?: number;
    __shifts?: string[];
  }
}

const ROUTES = [
  '/',
  '/courses',
  '/live-seminars',
  '/webinars',
  '/recorded-courses',
  '/recorded-seminars',
  '/webinar-packs',
  '/about',
  '/contact',
  '/membership',
  '/login',
  '/register',
  '/privacy-policy',
];

async function cumulativeShift(page: Page, path: string): Promise<{ cls: number; shifts: string[] }> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => ({ cls: window.__cls ?? 0, shifts: window.__shifts ?? [] }));
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`CLS stays at most 0.05 on every storefront route at ${viewport.width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      window.__cls = 0;
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
          if (entry.hadRecentInput) continue;
          window.__cls! += entry.value;
          const node = entry.sources?.[0]?.node;
          window.__shifts!.push(
            `${entry.value.toFixed(3)} ${node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 60) : (node?.nodeName ?? '')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const courses = await getJson<Course[]>(request, '/api/courses');
    const results: Record<string, { cls: number; shifts: string[] }> = {};
    for (const path of [...ROUTES, `/courses/${courses[0]!.id}`]) {
      const measured = await cumulativeShift(page, path);
      if (measured.cls > 0.05) results[path] = measured;
    }
    expect(results).toEqual({});
  });
}
