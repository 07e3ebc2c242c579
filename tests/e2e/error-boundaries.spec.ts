/**
 * A chunk that cannot be fetched never blanks the app: its place (a page, a home section, a back
 * office screen, the cart panel) says so in an alert with "Try again", while the header, footer and
 * navigation stay usable; "Try again" asks for the chunk again and shows the part once it arrives,
 * and opening another page clears a page's failure.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

const DEMO_ADMIN = 'admin@lifescience-academy.example';

/** Fails every request for the chunks matching `pattern` until `restore()`; counts the requests that then went through. */
async function failChunk(page: Page, pattern: RegExp) {
  const state = { failing: true, failed: 0, served: 0 };
  await page.route(pattern, async (route) => {
    if (state.failing) {
      state.failed += 1;
      await route.abort('internetdisconnected');
      return;
    }
    state.served += 1;
    await route.continue();
  });
  return {
    get failed() {
      return state.failed;
    },
    get served() {
      return state.served;
    },
    restore() {
      state.failing = false;
    },
  };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a page whose code cannot be fetched says so under the header, and "Try again" loads it', async ({ page }) => {
  const chunk = await failChunk(page, /\/assets\/about-page-[^/]+\.js$/);
  await page.goto('/about');

  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Check your connection and try again.');
  expect(chunk.failed).toBeGreaterThan(0);
  // The rest of the app is there and usable.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard: Tab reaches "Try again", with Fluent's visible focus, and Enter presses it.
  const retry = alert.getByRole('button', { name: 'Try again' });
  await page.getByRole('main').focus();
  await page.keyboard.press('Tab');
  await expect(retry).toBeFocused();
  await expect(retry).toHaveAttribute('data-fui-focus-visible', '');
  chunk.restore();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'About LifeScience Academy' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(chunk.served).toBeGreaterThan(0);
  // The focus did not fall back to the top of the document: it is on the page's heading.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

test('opening another page clears a page that failed', async ({ page }) => {
  await failChunk(page, /\/assets\/about-page-[^/]+\.js$/);
  await page.goto('/about');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the home sections whose code cannot be fetched each say so in their place; the rest of the page stays', async ({ page }) => {
  // The three sections' code is one chunk (vite.config.ts): when it cannot be fetched, each says so.
  const chunk = await failChunk(page, /\/assets\/home-[^/]+\.js$/);
  await page.goto('/');

  const main = page.getByRole('main');
  const alerts = main.getByRole('alert');
  for (const name of ['The membership plans could not be loaded', 'The Panel of Experts could not be loaded', 'The featured courses could not be loaded'])
    await expect(alerts.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Courses' })).toBeVisible();
  await expectNoAxeViolations(page);

  chunk.restore();
  while ((await alerts.count()) > 0) {
    await alerts.first().getByRole('button', { name: 'Try again' }).click();
  }
  const featured = main.getByRole('region', { name: 'Featured Courses' });
  await expect(featured.getByRole('list', { name: 'Featured courses' }).getByRole('article')).toHaveCount(6);
  await expect(main.getByRole('region', { name: 'Panel of Experts' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(chunk.served).toBeGreaterThan(0);
});

test('the cart panel whose code cannot be fetched is stood in for by an alert with "Try again" and Close', async ({ page }) => {
  const chunk = await failChunk(page, /\/assets\/cart-panel-[^/]+\.js$/);
  await page.goto('/about');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'About LifeScience Academy' })).toBeVisible();
  const cartButton = page.getByRole('banner').getByRole('button', { name: /open cart/i });
  await cartButton.click();

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Your cart could not be opened' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeFocused();
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  await expect(cartButton).toBeFocused();

  chunk.restore();
  await cartButton.click();
  await expect(page.getByRole('dialog', { name: /Your Cart/ })).toBeVisible();
  expect(chunk.served).toBeGreaterThan(0);
});

test('a back-office screen whose code cannot be fetched says so beside the sidebar, and "Try again" loads it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const chunk = await failChunk(page, /\/assets\/orders-page-[^/]+\.js$/);

  const sidebar = page.getByRole('navigation', { name: 'Back office' });
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'This screen could not be loaded' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  chunk.restore();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(chunk.served).toBeGreaterThan(0);
});

test('the full-screen webinar editor whose code cannot be fetched says so in its place, and "Try again" loads it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const chunk = await failChunk(page, /\/assets\/webinar-editor-page-[^/]+\.js$/);

  await page.goto('/admin/webinars/create');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'This screen could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Check your connection and try again.');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Courses' })).toBeVisible();
  expect(chunk.failed).toBeGreaterThan(0);

  chunk.restore();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Live Webinar' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(chunk.served).toBeGreaterThan(0);
});
