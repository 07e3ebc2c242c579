/**
 * /courses (storefront spec §2 Courses listing, Course card; §4 Listing filters; §5 price bands)
 * against the seeded demo catalogue. Expected counts are computed from the API, so the tests
 * follow the seed instead of hard-coding it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { formatCourseDate, formatDuration } from '../../pwa/lib/format';
import { cardPrices, getJson } from './support/catalogue';

function count(page: Page, n: number) {
  return page.getByText(`${n} courses found`, { exact: true });
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

test.describe('courses listing titles', () => {
  test('lists every active course under "All Courses" without filters', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
    await expect(count(page, all.length)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  });

  for (const [type, title] of [
    ['live_seminar', 'Live Seminars'],
    ['live_webinar', 'Live Webinars'],
    ['recorded_webinar', 'Recorded Webinars'],
    ['recorded_seminar', 'Recorded Seminars'],
  ] as const) {
    test(`titles ?type=${type} "${title}" and lists only that type`, async ({ page, request }) => {
      const courses = await getJson<Course[]>(request, `/api/courses?type=${type}`);
      await page.goto(`/courses?type=${type}`);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(count(page, courses.length)).toBeVisible();
      await expect(page.getByLabel('Category')).toHaveValue(type);
      await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    });
  }

  test('an unknown type reads "Courses" and lists every course instead of failing', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    await page.goto('/courses?type=space_tourism');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses', exact: true })).toBeVisible();
    await expect(count(page, all.length)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
  });

  test('a search term from the URL titles the page and narrows the list', async ({ page, request }) => {
    const matches = await getJson<Course[]>(request, '/api/courses?search=validation');
    expect(matches.length).toBeGreaterThan(0);
    await page.goto('/courses?search=validation');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "validation"' })).toBeVisible();
    await expect(count(page, matches.length)).toBeVisible();
  });

  test('follows a search started from the header while already on the listing', async ({ page, request }) => {
    const matches = await getJson<Course[]>(request, '/api/courses?search=HIPAA');
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
    const search = page.getByRole('search', { name: 'Course search' }).first();
    await search.getByRole('searchbox').fill('HIPAA');
    await search.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/courses\?search=HIPAA$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "HIPAA"' })).toBeVisible();
    await expect(count(page, matches.length)).toBeVisible();
  });
});

test.describe('courses listing filters', () => {
  test('the type filter changes the list, the title and the URL', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    const webinars = all.filter((course) => course.type === 'live_webinar');
    await page.goto('/courses');
    await expect(count(page, all.length)).toBeVisible();
    await page.getByLabel('Category').selectOption({ label: 'Live Webinars' });
    await expect(page).toHaveURL(/type=live_webinar/);
    await expect(page.getByRole('heading', { level: 1, name: 'Live Webinars' })).toBeVisible();
    await expect(count(page, webinars.length)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(webinars.length);
  });

  test('the price filter uses the general bands (under $100, $100-$500 inclusive, over $500)', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    const priceOf = await cardPrices(request);
    const under = all.filter((course) => priceOf(course) < 100).length;
    const middle = all.filter((course) => priceOf(course) >= 100 && priceOf(course) <= 500).length;
    const over = all.filter((course) => priceOf(course) > 500).length;
    expect(under + middle + over).toBe(all.length);

    await page.goto('/courses');
    await expect(count(page, all.length)).toBeVisible();
    const price = page.getByLabel('Price');
    await price.selectOption({ label: 'Under $100' });
    await expect(count(page, under)).toBeVisible();
    await price.selectOption({ label: '$100 - $500' });
    await expect(count(page, middle)).toBeVisible();
    await price.selectOption({ label: 'Over $500' });
    await expect(count(page, over)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
  });

  test('Clear Filters resets type and price and returns to /courses', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    await page.goto('/courses?type=live_seminar');
    await page.getByLabel('Price').selectOption({ label: 'Over $500' });
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveValue('all');
    await expect(page.getByLabel('Price')).toHaveValue('all');
    await expect(count(page, all.length)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  });

  test('an empty result offers "Clear All Filters", which lists everything again', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    await page.goto('/courses?search=zzzz-no-such-course');
    await expect(page.getByRole('heading', { name: 'No courses found' })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters or search criteria to find what you're looking for.")).toBeVisible();
    await expect(count(page, 0)).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
    await expect(count(page, all.length)).toBeVisible();
  });
});

test.describe('course card', () => {
  test('shows badge, code, dates, duration, category, instructor and price as the spec formats them', async ({ page, request }) => {
    const seminars = await getJson<Course[]>(request, '/api/courses?type=live_seminar');
    const seminar = seminars.find((course) => course.startDate && course.endDate && course.duration);
    expect(seminar, 'a dated live seminar in the seed').toBeTruthy();
    if (!seminar) return;
    const priceOf = await cardPrices(request);

    await page.goto('/courses?type=live_seminar');
    const item = card(page, seminar.title);
    await expect(item.getByText('Live Seminar', { exact: true })).toBeVisible();
    await expect(item.getByText(seminar.code, { exact: true })).toBeVisible();
    const start = formatCourseDate(seminar.startDate, seminar.timezone);
    const end = formatCourseDate(seminar.endDate, seminar.timezone);
    expect(start).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{2}$/);
    await expect(item.getByTestId('course-dates')).toHaveText(start === end ? start : `${start} – ${end}`);
    const duration = formatDuration(seminar.duration);
    expect(duration).toMatch(/^\d+h \d+m$/);
    await expect(item.getByTestId('course-duration')).toHaveText(duration);
    await expect(item.getByTestId('course-category')).toHaveText(seminar.category ?? '');
    await expect(item.getByTestId('course-instructor')).toHaveText(seminar.instructorName ?? '');
    await expect(item.getByTestId('course-price')).toHaveText(`$${priceOf(seminar).toLocaleString('en-US')}`);
    await expect(item.getByRole('link', { name: seminar.title })).toHaveAttribute('href', `/courses/${seminar.id}`);
  });

  test('labels every type as the spec does, with "Recording" for both recorded types', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    const labels: Record<string, string> = {
      live_seminar: 'Live Seminar',
      live_webinar: 'Live Webinar',
      webinar: 'Webinar',
      recorded_webinar: 'Recording',
      recorded_seminar: 'Recording',
    };
    await page.goto('/courses');
    for (const [type, label] of Object.entries(labels)) {
      const sample = all.find((course) => course.type === type);
      if (!sample) continue;
      await expect(card(page, sample.title).getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('shows minutes alone under an hour', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    const short = all.find((course) => course.duration !== null && course.duration < 60);
    const hour = all.find((course) => course.duration === 60);
    await page.goto('/courses');
    if (short) await expect(card(page, short.title).getByTestId('course-duration')).toHaveText(`${short.duration}m`);
    if (hour) await expect(card(page, hour.title).getByTestId('course-duration')).toHaveText('1h 0m');
    expect(short ?? hour).toBeTruthy();
  });

  test('uses the fallback image when a course has none or its image fails to load', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    const withoutImage = all.find((course) => !course.image);
    const withImage = all.find((course) => course.image);
    expect(withoutImage && withImage).toBeTruthy();
    if (!withoutImage || !withImage?.image) return;
    await page.route(`**${withImage.image}`, (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto('/courses');
    await expect(card(page, withoutImage.title).getByRole('img', { name: withoutImage.title })).toHaveAttribute('src', '/images/course-fallback.svg');
    const broken = card(page, withImage.title).getByRole('img', { name: withImage.title });
    await broken.scrollIntoViewIfNeeded();
    await expect(broken).toHaveAttribute('src', '/images/course-fallback.svg');
  });

  test('has a local like toggle that reports its state with aria-pressed', async ({ page, request }) => {
    const [first] = await getJson<Course[]>(request, '/api/courses');
    if (!first) throw new Error('no courses');
    await page.goto('/courses');
    const like = page.getByRole('button', { name: `Like ${first.title}` });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await page.reload();
    await expect(page.getByRole('button', { name: `Like ${first.title}` })).toHaveAttribute('aria-pressed', 'false');
  });

  test('adds a course with tiers at its default tier, and says so', async ({ page, request }) => {
    const sync = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
    const seminars = await getJson<Course[]>(request, '/api/courses?type=live_seminar');
    const seminar = seminars.find((course) => sync.pricingTiers.some((tier) => tier.courseId === course.id));
    if (!seminar) throw new Error('no seminar with tiers');
    const tiers = sync.pricingTiers.filter((tier) => tier.courseId === seminar.id);
    const tier = tiers.find((candidate) => candidate.isDefault) ?? [...tiers].sort((a, b) => a.tierLevel - b.tierLevel)[0]!;

    await page.goto('/courses?type=live_seminar');
    // The tiers reach the card through the device's catalogue copy; "From" shows once the card has them.
    expect(tiers.length).toBeGreaterThan(1);
    await expect(card(page, seminar.title).getByText('From', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Add to Cart: ${seminar.title}` }).click();
    const title = `${seminar.title} - ${tier.name}`;
    await expect(page.getByText('Added to Cart', { exact: true })).toBeVisible();
    await expect(page.getByText(`${title} has been added to your cart.`, { exact: true })).toBeVisible();
    const items = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}').state?.items ?? []);
    expect(items).toEqual([
      expect.objectContaining({ courseId: seminar.id, pricingTierId: tier.id, pricingTierName: tier.name, title, price: Number(tier.price) }),
    ]);
  });
});
