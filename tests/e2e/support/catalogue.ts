/** Reading the catalogue the way the screens show it: from the API, and from the device's IndexedDB copy. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { CURSOR_KEY, DETAILS_PAGE_KEY, DETAILS_PENDING_KEY } from '@pwa/offline/catalogue/saved-catalogue';
import { countStored } from './indexeddb';

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

/**
 * An active course sold without pricing tiers (one plain "Add to Cart" on its page); optionally seat-limited with seats left.
 * The oldest such course: the seed's, not one another spec made meanwhile and may delete when it ends (a page opened on it
 * then says "Course Not Found").
 */
export async function plainCourse(request: APIRequestContext, options: { seatLimited?: boolean } = {}): Promise<Course> {
  const { courses, pricingTiers } = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
  const tiered = new Set(pricingTiers.map((tier) => tier.courseId));
  const course = [...courses]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .find(
      (c) =>
        c.isActive &&
        !tiered.has(c.id) &&
        // Something to pay for: a course another spec made meanwhile may be free (nothing to refund).
        Number(c.price) > 0 &&
        (options.seatLimited === undefined ||
          (options.seatLimited ? c.maxParticipants !== null && c.currentParticipants < c.maxParticipants : c.maxParticipants === null)),
    );
  expect(course, 'the seed has such a course').toBeTruthy();
  return course!;
}

/** Opens the course page and adds it to the cart with its "Add to Cart" button. */
export async function addToCartFromPage(page: Page, course: Course): Promise<void> {
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
}

/** The price each card shows: the lowest-tierLevel tier's, else the course price. */
export async function cardPrices(request: APIRequestContext): Promise<(course: Course) => number> {
  const sync = await getJson<{ pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
  const lowest = new Map<string, PricingTier>();
  for (const tier of sync.pricingTiers) {
    const current = lowest.get(tier.courseId);
    if (!current || tier.tierLevel < current.tierLevel) lowest.set(tier.courseId, tier);
  }
  return (course) => Number(lowest.get(course.id)?.price ?? course.price);
}

/** How many records one store of the device's catalogue copy holds (0 when it does not exist yet). */
export async function savedCount(page: Page, store: 'courses' | 'pricingTiers' | 'instructors'): Promise<number> {
  const [count] = await countStored(page, 'training-catalogue', [{ store }]);
  return count!;
}

/**
 * The device's offline copy: how many courses it holds, and whether the details pass (descriptions
 * and bios, after the summary copy) has finished — search on the device needs it.
 */
export async function savedCopy(page: Page): Promise<{ courses: number; detailsDone: boolean }> {
  const [courses, cursor, pending, paging] = await countStored(page, 'training-catalogue', [
    { store: 'courses' },
    { store: 'meta', key: CURSOR_KEY },
    { store: 'meta', key: DETAILS_PENDING_KEY },
    { store: 'meta', key: DETAILS_PAGE_KEY },
  ]);
  return { courses: courses!, detailsDone: cursor === 1 && pending === 0 && paging === 0 };
}
