/**
 * The home page's first load: it paints without Dexie or zod (they arrive later, for the offline
 * copy), asks the API for its six featured cards only — never the whole catalogue — and, once the
 * device holds a saved copy, shows its cards from it without waiting for the network. Its HTML
 * already holds the page as the app first renders it (header, hero, tiles), styled, so the headline
 * paints before the app's code has run; the app then renders over it.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { Course, Instructor } from '@contracts/catalogue';
import { getJson, savedCount } from './support/catalogue';
import { countStored } from './support/indexeddb';

/** Holds the answers to matching requests until `release()`. */
function hold(page: Page, pattern: RegExp | ((url: URL) => boolean)) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requests: string[] = [];
  void page.route(pattern, async (route: Route) => {
    requests.push(route.request().url());
    await held;
    await route.continue().catch(() => undefined);
  });
  return { release, requests };
}

const featuredCards = (page: Page) =>
  page.getByRole('region', { name: 'Featured Courses' }).getByRole('list', { name: 'Featured courses' }).getByRole('article');

test('the home page paints while the Dexie and zod code is still on its way', async ({ page, request }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const heldScripts: string[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (/DexieError|ZodError/.test(body)) {
        heldScripts.push(new URL(route.request().url()).pathname);
        await held;
      }
      await route.fulfill({ response, body });
    } catch {
      // The page closed first (end of the test).
    }
  });
  await page.goto('/');
  const hero = page.getByRole('region', { name: /compliance training/i });
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Browse Live Seminars' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Courses' })).toBeVisible();
  // The offline copy asked for them, after the first paint; nothing on screen waited for them.
  await expect.poll(() => heldScripts.length).toBeGreaterThan(0);
  // Nothing is saved yet; looking does not get in the way of the copy's own first open.
  expect(await savedCount(page, 'courses')).toBe(0);
  release();
  await expect(featuredCards(page)).toHaveCount(6);
  const courses = await getJson<Course[]>(request, '/api/courses');
  await expect.poll(() => savedCount(page, 'courses'), { timeout: 20_000 }).toBeGreaterThanOrEqual(courses.length);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('home asks for its six featured cards only, never for the whole catalogue', async ({ page, request }) => {
  const courses = await getJson<Course[]>(request, '/api/courses');
  const asked: URL[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) asked.push(url);
  });
  await page.goto('/');
  await expect(featuredCards(page)).toHaveCount(6);
  for (const [index, course] of courses.slice(0, 6).entries()) await expect(featuredCards(page).nth(index)).toHaveAccessibleName(course.title);
  // Let the background sync start too.
  await expect.poll(() => asked.some((url) => url.pathname === '/api/sync/catalogue')).toBe(true);

  const listings = asked.filter((url) => url.pathname === '/api/courses');
  const featured = listings.filter((url) => url.searchParams.get('limit') === '6');
  expect(featured).toHaveLength(1);
  expect(featured[0]!.searchParams.get('view')).toBe('summary');
  // Any other listing request is the offline copy's details pass: pages of at most 100.
  for (const url of listings) expect(Number(url.searchParams.get('limit'))).toBeGreaterThan(0);
  for (const url of listings) expect(Number(url.searchParams.get('limit'))).toBeLessThanOrEqual(100);
  // The offline copy starts with the summary copy.
  for (const url of asked.filter((candidate) => candidate.pathname === '/api/sync/catalogue')) expect(url.searchParams.get('view')).toBe('summary');
});

test('with a saved copy, home shows its featured courses and experts without waiting for the network', async ({ page, request }) => {
  const courses = await getJson<Course[]>(request, '/api/courses');
  const instructors = await getJson<Instructor[]>(request, '/api/instructors');
  await page.goto('/');
  await expect(featuredCards(page)).toHaveCount(6);
  await expect.poll(() => savedCount(page, 'courses'), { timeout: 20_000 }).toBeGreaterThanOrEqual(courses.length);
  await expect.poll(async () => (await countStored(page, 'training-catalogue', [{ store: 'meta', key: 'catalogueCursor' }]))[0], { timeout: 20_000 }).toBe(1);

  // The next visit: the API's catalogue answers never come.
  const { release, requests } = hold(page, (url) => /^\/api\/(courses|instructors)$/.test(url.pathname));
  await page.reload();
  await expect(featuredCards(page)).toHaveCount(6);
  for (const [index, course] of courses.slice(0, 6).entries()) await expect(featuredCards(page).nth(index)).toHaveAccessibleName(course.title);
  const experts = page.getByRole('region', { name: 'Panel of Experts' }).getByRole('list', { name: 'Experts' }).getByRole('article');
  await expect(experts).toHaveCount(6);
  await expect(experts.first()).toHaveAccessibleName(instructors[0]!.name);
  // The network was still asked, to refresh them; no offline notice while it is on its way.
  expect(requests.length).toBeGreaterThan(0);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  release();
});

test('the storefront never downloads back-office or rich-text editor code', async ({ page }) => {
  // Every script the page asks for, whether the network or the service worker's precache answers it.
  // Bodies are read from the server afterwards: a response the service worker served may carry none,
  // and a listener still reading one can finish after the load state the test waits for.
  const scripts = new Map<string, Promise<string> | undefined>();
  page.on('request', (request) => {
    if (/\/assets\/[^/]+\.js$/.test(request.url()) && !scripts.has(request.url())) scripts.set(request.url(), undefined);
  });
  // Each script's body is read once, however often the check below polls.
  const bodies = () =>
    Promise.all(
      [...scripts.keys()].map(async (url) => {
        if (!scripts.get(url))
          scripts.set(
            url,
            page.request.get(url).then((response) => response.text()),
          );
        return { path: new URL(url).pathname, body: await scripts.get(url)! };
      }),
    );
  for (const path of ['/', '/courses', '/webinars']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.size).toBeGreaterThan(5);
  // TipTap (ProseMirror), the back office's routes and its screens' own texts.
  const backOffice =
    /ProseMirror|seminars\/edit\/:id|Webinars Management|AUTO_GENERATED|Pricing Tiers: |Customers Management|Contributors Management|Mark handled/;
  const found = (await bodies()).filter(({ body }) => backOffice.test(body)).map(({ path }) => path);
  expect(found).toEqual([]);

  // …while opening the back office does load them (so the check above can fail).
  await page.goto('/admin/webinars/create');
  await expect.poll(async () => (await bodies()).some(({ body }) => backOffice.test(body))).toBe(true);
});

test('the landing page and the course listing ask for their first reads while the shell parses, once each, and show them', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || /\/assets\/(courses-page|featured-courses-section)-[^/]+\.js$/.test(url.pathname))
      requested.push(url.pathname + url.search);
  });

  await page.goto('/courses');
  await expect(page.getByRole('list', { name: 'All Courses' }).getByRole('article')).toHaveCount(24);
  // The shell's own preloads: the page's code and its first cards (contracts/route-shells.ts).
  const shell = await (await page.request.get('/courses')).text();
  expect(shell).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/courses?limit=24&amp;view=summary" />');
  expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/courses-page-[^"]+\.js" \/>/);
  // The app's own request was answered by the preload: the address was asked for once.
  expect(requested.filter((path) => path === '/api/courses?limit=24&view=summary')).toHaveLength(1);
  expect(requested.filter((path) => path.startsWith('/assets/courses-page-'))).toHaveLength(1);

  // Another type: the plain shell, and the app asks for that type's first page itself.
  requested.length = 0;
  await page.goto('/courses?type=webinar');
  await expect(page.getByRole('heading', { level: 1, name: 'Webinars' })).toBeVisible();
  await expect.poll(() => requested.filter((path) => path === '/api/courses?type=webinar&limit=24&view=summary').length).toBe(1);
  expect(await (await page.request.get('/courses?type=webinar')).text()).not.toContain('rel="preload"');

  requested.length = 0;
  await page.goto('/');
  await expect(featuredCards(page)).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  for (const path of ['/api/courses?limit=6&view=summary', '/api/instructors'])
    expect(
      requested.filter((asked) => asked === path),
      path,
    ).toHaveLength(1);
});

test('/courses, whose shell preloads its code, renders with the shell, without a "Loading…" stand-in first', async ({ page }) => {
  // The app's entry is held until the code the shell preloads has arrived: what is asserted is that
  // the first render waits for that code and shows the page with the shell. Left to the machine's
  // speed, a loaded CI took over the app's 1 s wait for it, and the stand-in was then right to show.
  const shell = await (await page.request.get('/courses')).text();
  const preloaded = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((found) => found[1] ?? '');
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(shell)?.[1];
  expect(preloaded.some((href) => href.startsWith('/assets/courses-page-'))).toBe(true);
  expect(entry).toBeDefined();
  const arrived = Promise.all(
    preloaded.map((href) => page.waitForResponse((response) => new URL(response.url()).pathname === href).then((response) => response.finished())),
  );
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await arrived;
      await route.continue();
    },
  );
  // Every text the page area shows while the app starts, from the first one on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __mainTexts: string[] }).__mainTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('main')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text.slice(0, 80));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
  const texts = await page.evaluate(() => (window as unknown as { __mainTexts: string[] }).__mainTexts);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => text.startsWith('Loading'))).toEqual([]);
});

test.describe('before the app has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page HTML shows the header, the styled hero and the category tiles, with buttons and search disabled', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: /compliance training/i });
    await expect(hero.getByRole('heading', { level: 1, name: 'Compliance training that keeps life-science teams audit-ready' })).toBeVisible();
    // Styled by its own rules, not waiting for the app's: the hero's brand teal.
    expect(await hero.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(14, 124, 134)');
    await expect(hero.getByRole('link', { name: 'Browse Live Seminars' })).toHaveAttribute('href', '/courses?type=live_seminar');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership');
    await expect(page.getByRole('region', { name: 'Find the right format' }).getByRole('link')).toHaveCount(4);
    // Nothing offers to do what it cannot do yet.
    await expect(page.getByRole('button', { name: 'Open cart' })).toBeDisabled();
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toBeDisabled();
  });
});

test('the app renders over the landing page HTML: one headline, and the header works', async ({ page }) => {
  await page.goto('/');
  await expect(featuredCards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.getByRole('button', { name: 'Open cart' }).click();
  await expect(page.getByRole('dialog', { name: /your cart/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('GMP');
  await page.getByRole('searchbox', { name: 'Search courses' }).press('Enter');
  await expect(page).toHaveURL(/\/courses\?search=GMP$/);
});
