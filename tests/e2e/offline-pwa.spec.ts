import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { savedCount } from './support/catalogue';
import { signInCustomer } from './support/session';
import { wholeAppOffline } from './support/offline-app';

// These tests need the real service worker.
test.use({ serviceWorkers: 'allow' });

async function visitOnceOnline(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /featured courses/i })).toBeVisible();
  // The service worker has taken control and the background sync has saved the whole catalogue.
  await wholeAppOffline(page);
  await expect.poll(() => savedCount(page, 'courses'), { timeout: 20_000 }).toBeGreaterThanOrEqual(40);
}

test('Chromium reports the app installable, with a complete manifest', async ({ baseURL, launchOptions }) => {
  // Installability is not evaluated in incognito contexts: use a real profile directory.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'training-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visitOnceOnline(page);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: '/',
      theme_color: expect.any(String),
      short_name: expect.any(String),
      name: expect.any(String),
    });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('after one online visit, the whole catalogue browses offline from the saved copy', async ({ page, context }) => {
  await visitOnceOnline(page);
  await context.setOffline(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: /featured courses/i })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toContainText('offline, showing saved catalogue');

  // A listing never opened while online.
  await page.goto('/webinar-packs');
  await expect(page.getByText(/\d+ packs? found/)).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  const firstPack = page.getByRole('main').getByRole('link', { name: /pack/i }).first();
  await expect(firstPack).toBeVisible();

  // A course never opened while online.
  const title = (await firstPack.innerText()).trim();
  await firstPack.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Course Not Found')).toHaveCount(0);
  await expect(page.getByTestId('offline-notice')).toBeVisible();

  // A filtered listing answers from the saved copy with the same rules as the API.
  await page.goto('/courses?type=live_seminar');
  await expect(page.getByRole('heading', { name: 'Live Seminars' })).toBeVisible();
  await expect(page.getByText(/\d+ courses? found/)).toBeVisible();
});

test('offline, the service worker answers / with the landing page HTML: headline and header before the app runs', async ({ page, context }) => {
  // What the document held when it had parsed (the app replaces it after the headline's paint).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { parsed: unknown }).parsed = {
        headline: document.querySelector('h1[elementtiming]')?.textContent ?? null,
        nav: document.querySelectorAll('nav[aria-label="Main"] a').length,
      };
    });
  });
  await visitOnceOnline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /featured courses/i })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { parsed: unknown }).parsed)).toEqual({
    headline: 'Compliance training that keeps life-science teams audit-ready',
    nav: 3,
  });
  // Other addresses still get the plain shell, which the app fills.
  await page.goto('/webinars');
  await expect(page.getByRole('heading', { level: 1, name: 'Webinars' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { parsed: unknown }).parsed)).toEqual({ headline: null, nav: 0 });
});

test('the cart works offline and survives a reload', async ({ page, context }) => {
  await visitOnceOnline(page);
  await context.setOffline(true);
  await page.goto('/recorded-courses');
  const add = page.getByRole('button', { name: /^add to cart/i }).first();
  await add.click();
  // The cart says it has the course before the page is reloaded (a reload racing the click tested nothing).
  await expect(page.getByRole('button', { name: /cart/i }).first()).toContainText('1');
  await page.reload();
  const items = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}')?.state?.items?.length ?? 0);
  expect(items).toBe(1);
  await expect(page.getByRole('button', { name: /cart/i }).first()).toContainText('1');
});

test('back online, the notice goes away and data comes from the API again', async ({ page, context }) => {
  await visitOnceOnline(page);
  await context.setOffline(true);
  await page.goto('/webinars');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0, { timeout: 15_000 });
});

test('one online visit is enough for the catalogue images to be there offline', async ({ page }) => {
  // No reload: the service worker is still installing when the first sync ends.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /featured courses/i })).toBeVisible();
  const cachedImages = () =>
    page.evaluate(async () => {
      const cache = await caches.open('catalogue-images');
      return (await cache.keys()).length;
    });
  await expect.poll(cachedImages, { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
});

test('offline, a signed-in customer stays signed in, and paying and signing in say they need a connection', async ({ page, context }) => {
  const email = `offline-${Date.now()}@example.com`;
  await signInCustomer(page, email);
  await visitOnceOnline(page);
  await page.goto('/recorded-courses');
  await page
    .getByRole('button', { name: /^add to cart/i })
    .first()
    .click();
  // The course is in the cart before the connection goes (going offline and leaving the page raced the click).
  await expect(page.getByRole('button', { name: /cart/i }).first()).toContainText('1');
  await context.setOffline(true);

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await expect(payment.getByText(`Signed in as`)).toContainText(email);
  await expect(payment.getByTestId('needs-connection')).toContainText('Paying needs an internet connection');
  await expect(page.getByText('Payment Setup Failed')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}')?.state?.items?.length ?? 0)).toBe(1);

  await page.goto('/login');
  await expect(page.getByTestId('needs-connection')).toContainText('Signing in needs an internet connection');

  // Back online, checkout goes on by itself.
  await context.setOffline(false);
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible();
});
