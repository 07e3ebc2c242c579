/**
 * Browser-side defences (hardening issue, points 6 and 7): the pages are served with a strict
 * Content-Security-Policy that the built app satisfies, injected inline script does not run,
 * rich text is sanitized in the browser even when the API answer carries script, and every page
 * says so while payments go to the built-in test processor.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Course, Instructor } from '@contracts/catalogue';
import { getJson } from './support/catalogue';

const TEST_MODE_TEXT = 'Test mode: payments use test cards and no card is charged.';

/** Markup an attacker would like to get into a description or bio. */
const HOSTILE_HTML = [
  '<p>Harmless introduction.</p>',
  '<img src="x" alt="broken" onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '<p><a href="javascript:window.__pwned=3">Read more</a></p>',
].join('');

declare global {
  interface Window {
    __pwned?: number;
    __violations?: string[];
  }
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.__violations!.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => window.__violations ?? []);

/** The rich text must keep its formatting and lose everything that can run. */
async function expectDefused(page: Page, richText: ReturnType<Page['getByTestId']>): Promise<void> {
  await expect(richText.getByText('Harmless introduction.')).toBeVisible();
  await expect(richText.getByText('Read more')).toBeVisible();
  const dom = await richText.evaluate((el) => ({
    html: el.innerHTML,
    scripts: el.querySelectorAll('script').length,
    handlers: [...el.querySelectorAll('*')].flatMap((node) => [...node.attributes].map((a) => a.name)).filter((name) => name.startsWith('on')),
    hrefs: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    images: el.querySelectorAll('img').length,
  }));
  expect(dom.scripts).toBe(0);
  expect(dom.handlers).toEqual([]);
  expect(dom.hrefs.filter((href) => href?.trim().toLowerCase().startsWith('javascript:'))).toEqual([]);
  expect(dom.html).not.toMatch(/onerror|javascript:|__pwned/i);
  // Formatting survives: the image itself stays, without its handler.
  expect(dom.images).toBe(1);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
}

test.describe('Content-Security-Policy', () => {
  test('pages are served with a strict policy and may not be framed', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    const csp = headers['content-security-policy'] ?? '';
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http here: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  test('the app itself runs under the policy without a single violation', async ({ page, request }) => {
    await recordViolations(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
    });

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured Courses' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Panel of Experts' }).getByRole('article').first()).toBeVisible();
    // Lazily loaded code (the cart panel) and a menu positioned by Floating UI.
    await page.getByRole('banner').getByRole('button', { name: 'Open cart' }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.keyboard.press('Escape');

    const [course] = await getJson<Course[]>(request, '/api/courses');
    await page.goto(`/courses/${course!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
    await expect(page.getByTestId('course-description')).toBeVisible();
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // zod probes once whether `new Function` is allowed (to compile faster parsers) and falls back
    // when it is not: that refused, caught probe is the only report the strict policy may cause.
    expect((await violations(page)).filter((violation) => violation !== 'script-src eval')).toEqual([]);
    expect(errors.filter((error) => !/unsafe-eval/.test(error))).toEqual([]);
  });

  test('inline script injected into a loaded page does not run', async ({ page }) => {
    await recordViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.evaluate(() => {
      const host = document.createElement('div');
      host.innerHTML = '<img src="x" alt="" onerror="window.__pwned=1">';
      // The image does fail to load; only its inline handler is refused.
      host.querySelector('img')!.addEventListener('error', () => host.setAttribute('data-image-failed', 'true'));
      document.body.append(host);
      host.id = 'injected';
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 2;';
      document.body.append(script);
    });

    // The handler attribute would have run before the listener added above.
    await expect(page.locator('#injected')).toHaveAttribute('data-image-failed', 'true');
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    await expect
      .poll(() => violations(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-attr inline/), expect.stringMatching(/^script-src-elem inline/)]));
  });
});

test.describe('rich text is sanitized in the browser', () => {
  test('a course description and instructor bio carrying script render without it', async ({ page, request }) => {
    const [course] = await getJson<Course[]>(request, '/api/courses');
    await page.route('**/api/courses/*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Course;
      await route.fulfill({
        response,
        json: { ...body, description: HOSTILE_HTML, instructorName: body.instructorName ?? 'Dr. Injected', instructorBio: HOSTILE_HTML },
      });
    });

    await page.goto(`/courses/${course!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
    await expectDefused(page, page.getByTestId('course-description'));
    const instructor = page.getByRole('region', { name: 'Meet Your Instructor', exact: true });
    await expectDefused(page, instructor.locator('.rich-text'));
  });

  test('an instructor bio carrying script renders without it on the home page', async ({ page, request }) => {
    const instructors = await getJson<Instructor[]>(request, '/api/instructors');
    await page.route('**/api/instructors', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: instructors.map((instructor, index) => (index === 0 ? { ...instructor, bio: HOSTILE_HTML } : instructor)) });
    });

    await page.goto('/');
    const card = page.getByRole('region', { name: 'Panel of Experts' }).getByRole('article', { name: instructors[0]!.name });
    await expectDefused(page, card.locator('.rich-text'));
  });
});

test.describe('test-mode notice', () => {
  test('every storefront page says payments are in test mode', async ({ page, request }) => {
    const config = await getJson<{ paymentProcessor: string }>(request, '/api/config');
    expect(config.paymentProcessor).toBe('test');

    await page.goto('/');
    const notice = page.getByRole('contentinfo').getByText(TEST_MODE_TEXT, { exact: true });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveCount(1);

    const [course] = await getJson<Course[]>(request, '/api/courses');
    await page.goto(`/courses/${course!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(TEST_MODE_TEXT, { exact: true })).toBeVisible();

    // It stays through in-app navigation too.
    await page.getByRole('link', { name: 'Back to Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('contentinfo').getByText(TEST_MODE_TEXT, { exact: true })).toBeVisible();
  });

  test('no notice when Stripe is the processor', async ({ page }) => {
    await page.route('**/api/config', (route) => route.fulfill({ json: { paymentProcessor: 'stripe', stripePublishableKey: 'pk_test_notice' } }));
    const configAnswered = page.waitForResponse('**/api/config');
    await page.goto('/');
    await configAnswered;
    await expect(page.getByRole('contentinfo').getByText('We Empower, You Comply', { exact: true })).toBeVisible();
    await expect(page.getByText(TEST_MODE_TEXT)).toHaveCount(0);
  });
});
