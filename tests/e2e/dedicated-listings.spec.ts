/**
 * The five dedicated listings (storefront spec §2 Dedicated listings, §5 price bands, §7 calls)
 * against the seeded demo catalogue. Expected counts are computed from the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { TIME_ZONES, type Course } from '@contracts/catalogue';
import { compareCoursesByStartDate } from '@contracts/course-filter';
import { cardPrices, getJson } from './support/catalogue';

function found(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

/** Card titles in the order shown. */
async function shownTitles(page: Page): Promise<string[]> {
  return page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

test.describe('live seminars', () => {
  test('lists live seminars with the seminar price bands, a time zone filter and an empty state', async ({ page, request }) => {
    const seminars = await getJson<Course[]>(request, '/api/courses?type=live_seminar');
    const priceOf = await cardPrices(request);
    await page.goto('/live-seminars');
    await expect(page.getByRole('heading', { level: 1, name: 'Live Seminars' })).toBeVisible();
    await expect(found(page, `${seminars.length} seminars found`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(seminars.length);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

    const price = page.getByLabel('Price Range');
    await expect(price.getByRole('option')).toHaveText(['All Prices', 'Under $500', '$500 to $1000', 'Over $1000']);
    await price.selectOption({ label: 'Over $1000' });
    await expect(found(page, `${seminars.filter((s) => priceOf(s) > 1000).length} seminars found`)).toBeVisible();
    await price.selectOption({ label: '$500 to $1000' });
    await expect(found(page, `${seminars.filter((s) => priceOf(s) >= 500 && priceOf(s) <= 1000).length} seminars found`)).toBeVisible();
    await price.selectOption({ label: 'All Prices' });

    const zone = page.getByLabel('Time Zone');
    await expect(zone.getByRole('option')).toHaveText(['All Time Zones', ...TIME_ZONES]);
    const [sample] = seminars;
    if (!sample?.timezone) throw new Error('no seminar with a time zone');
    await zone.selectOption(sample.timezone);
    await expect(found(page, `${seminars.filter((s) => s.timezone === sample.timezone).length} seminars found`)).toBeVisible();

    // A band with no seminar in this time zone leads to the empty state.
    const emptyBand = (
      [
        ['Under $500', (p: number) => p < 500],
        ['$500 to $1000', (p: number) => p >= 500 && p <= 1000],
        ['Over $1000', (p: number) => p > 1000],
      ] as const
    ).find(([, inBand]) => !seminars.some((s) => s.timezone === sample.timezone && inBand(priceOf(s))));
    if (emptyBand) {
      await price.selectOption({ label: emptyBand[0] });
      await expect(page.getByRole('heading', { name: 'No seminars found' })).toBeVisible();
      await expect(found(page, '0 seminars found')).toBeVisible();
    }

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(found(page, `${seminars.length} seminars found`)).toBeVisible();
    await expect(price).toHaveValue('all');
    await expect(zone).toHaveValue('all');
  });

  test('shows six skeleton cards while loading', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/courses?type=live_seminar&view=summary', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/live-seminars');
    await expect(page.getByTestId('course-card-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByText(/^\d+ seminars found$/)).toBeVisible();
    await expect(page.getByTestId('course-card-skeleton')).toHaveCount(0);
  });
});

test.describe('live webinars', () => {
  test('lists live webinars by start date with price and time zone filters', async ({ page, request }) => {
    const webinars = (await getJson<Course[]>(request, '/api/courses?type=live_webinar')).sort(compareCoursesByStartDate);
    const priceOf = await cardPrices(request);
    await page.goto('/webinars');
    await expect(page.getByRole('heading', { level: 1, name: 'Live Webinars' })).toBeVisible();
    await expect(found(page, `${webinars.length} webinars found`)).toBeVisible();
    expect(await shownTitles(page)).toEqual(webinars.map((w) => w.title));

    await page.getByLabel('Price Range').selectOption({ label: 'Under $500' });
    await expect(found(page, `${webinars.filter((w) => priceOf(w) < 500).length} webinars found`)).toBeVisible();

    await page.getByLabel('Price Range').selectOption({ label: 'Over $1000' });
    const overThousand = webinars.filter((w) => priceOf(w) > 1000).length;
    await expect(found(page, `${overThousand} webinars found`)).toBeVisible();
    if (overThousand === 0) await expect(page.getByRole('heading', { name: 'No webinars found' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    const zone = webinars[0]?.timezone;
    if (!zone) throw new Error('no webinar with a time zone');
    await page.getByLabel('Time Zone').selectOption(zone);
    const inZone = webinars.filter((w) => w.timezone === zone);
    await expect(found(page, `${inZone.length} webinars found`)).toBeVisible();
    expect(await shownTitles(page)).toEqual(inZone.map((w) => w.title));
  });
});

test.describe('recorded courses', () => {
  test('merges recorded webinars and recorded seminars from one call per type', async ({ page, request }) => {
    const recordedWebinars = await getJson<Course[]>(request, '/api/courses?type=recorded_webinar');
    const recordedSeminars = await getJson<Course[]>(request, '/api/courses?type=recorded_seminar');
    expect(recordedWebinars.length).toBeGreaterThan(0);
    expect(recordedSeminars.length).toBeGreaterThan(0);
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      // Paged requests (limit) are the offline copy's background details pass, not the listing's.
      if (url.pathname === '/api/courses' && !url.searchParams.has('limit')) calls.push(url.searchParams.get('type') ?? '');
    });

    await page.goto('/recorded-courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Recorded Courses' })).toBeVisible();
    const all = [...recordedWebinars, ...recordedSeminars].sort(compareCoursesByStartDate);
    await expect(found(page, `${all.length} courses found`)).toBeVisible();
    expect(await shownTitles(page)).toEqual(all.map((c) => c.title));
    expect(calls.sort()).toEqual(['recorded_seminar', 'recorded_webinar']);

    const type = page.getByLabel('Type', { exact: true });
    await type.selectOption({ label: 'Recorded Seminars' });
    await expect(found(page, `${recordedSeminars.length} courses found`)).toBeVisible();
    await type.selectOption({ label: 'Recorded Webinars' });
    await expect(found(page, `${recordedWebinars.length} courses found`)).toBeVisible();
  });

  test('filters by price and time zone and shows "No recorded courses found" when nothing matches', async ({ page, request }) => {
    const recorded = [
      ...(await getJson<Course[]>(request, '/api/courses?type=recorded_webinar')),
      ...(await getJson<Course[]>(request, '/api/courses?type=recorded_seminar')),
    ];
    const priceOf = await cardPrices(request);
    await page.goto('/recorded-courses');
    await expect(found(page, `${recorded.length} courses found`)).toBeVisible();
    await page.getByLabel('Price Range').selectOption({ label: 'Under $500' });
    await expect(found(page, `${recorded.filter((c) => priceOf(c) < 500).length} courses found`)).toBeVisible();

    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Recorded Webinars' });
    await page.getByLabel('Price Range').selectOption({ label: 'Over $1000' });
    const expensiveWebinars = recorded.filter((c) => c.type === 'recorded_webinar' && priceOf(c) > 1000).length;
    await expect(found(page, `${expensiveWebinars} courses found`)).toBeVisible();
    if (expensiveWebinars === 0) await expect(page.getByRole('heading', { name: 'No recorded courses found' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    const zone = recorded.find((c) => c.timezone)?.timezone;
    if (!zone) throw new Error('no recording with a time zone');
    await page.getByLabel('Time Zone').selectOption(zone);
    await expect(found(page, `${recorded.filter((c) => c.timezone === zone).length} courses found`)).toBeVisible();
  });
});

test.describe('recorded seminars', () => {
  test('searches title, description and code on the page, with a clear-search button', async ({ page, request }) => {
    const seminars = await getJson<Course[]>(request, '/api/courses?type=recorded_seminar');
    const [sample] = seminars;
    if (!sample) throw new Error('no recorded seminars');
    await page.goto('/recorded-seminars');
    await expect(page.getByRole('heading', { level: 1, name: 'Recorded Seminars' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/courses');
    await expect(found(page, `${seminars.length} recorded seminar(s) found`)).toBeVisible();

    const search = page.getByLabel('Search recorded seminars');
    await search.fill(sample.code.toLowerCase());
    await expect(
      found(page, `${seminars.filter((s) => s.code.toLowerCase().includes(sample.code.toLowerCase())).length} recorded seminar(s) found`),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: sample.title })).toBeVisible();

    await search.fill('zzzz-nothing-like-this');
    await expect(page.getByRole('heading', { name: 'No recorded seminars found' })).toBeVisible();
    await expect(found(page, '0 recorded seminar(s) found')).toBeVisible();

    await page.getByRole('button', { name: 'Clear Search' }).first().click();
    await expect(search).toHaveValue('');
    await expect(found(page, `${seminars.length} recorded seminar(s) found`)).toBeVisible();
  });

  test('matches words found only in the description', async ({ page, request }) => {
    const seminars = await getJson<Course[]>(request, '/api/courses?type=recorded_seminar');
    // A word from a description that appears in no title or code.
    const plain = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ').toLowerCase();
    let word: string | undefined;
    for (const seminar of seminars) {
      word = plain(seminar.description)
        .split(/[^a-z]+/)
        .find((candidate) => candidate.length > 7 && seminars.every((s) => !`${s.title} ${s.code}`.toLowerCase().includes(candidate)));
      if (word) break;
    }
    if (!word) throw new Error('no description-only word in the seed');
    const expected = seminars.filter((s) => `${s.title}\n${plain(s.description)}\n${s.shortDescription ?? ''}\n${s.code}`.toLowerCase().includes(word!)).length;
    await page.goto('/recorded-seminars');
    await page.getByLabel('Search recorded seminars').fill(word);
    await expect(found(page, `${expected} recorded seminar(s) found`)).toBeVisible();
    expect(expected).toBeGreaterThan(0);
  });
});

test.describe('webinar packs', () => {
  test('lists packs with the pack price bands and a category filter', async ({ page, request }) => {
    const packs = await getJson<Course[]>(request, '/api/courses?type=webinar&category=pack');
    expect(packs.length).toBeGreaterThan(0);
    const priceOf = await cardPrices(request);
    await page.goto('/webinar-packs');
    await expect(page.getByRole('heading', { level: 1, name: 'Webinar Packs' })).toBeVisible();
    await expect(found(page, `${packs.length} packs found`)).toBeVisible();

    const price = page.getByLabel('Price Range');
    await expect(price.getByRole('option')).toHaveText(['All Prices', 'Under $200', '$200 to $500', 'Over $500']);
    await price.selectOption({ label: 'Under $200' });
    await expect(found(page, `${packs.filter((p) => priceOf(p) < 200).length} packs found`)).toBeVisible();
    await price.selectOption({ label: '$200 to $500' });
    await expect(found(page, `${packs.filter((p) => priceOf(p) >= 200 && priceOf(p) <= 500).length} packs found`)).toBeVisible();
    await price.selectOption({ label: 'Over $500' });
    await expect(found(page, `${packs.filter((p) => priceOf(p) > 500).length} packs found`)).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByLabel('Category').selectOption({ label: 'Webinar Packs' });
    await expect(found(page, `${packs.length} packs found`)).toBeVisible();
    await expect(page.getByRole('article').first().getByText('Webinar', { exact: true })).toBeVisible();
  });

  test('shows "No packs found" when nothing matches', async ({ page }) => {
    await page.route('**/api/courses?type=webinar&category=pack&view=summary', (route) => route.fulfill({ json: [] }));
    await page.goto('/webinar-packs');
    await expect(page.getByRole('heading', { name: 'No packs found' })).toBeVisible();
    await expect(found(page, '0 packs found')).toBeVisible();
  });
});
