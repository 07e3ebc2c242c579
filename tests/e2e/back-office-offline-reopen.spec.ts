/**
 * The back office after one online visit, with the connection gone (issue 14): a webinar created
 * offline is listed as "Not synced yet", the back office reloads and reopens offline with it still
 * there, and when the connection returns it reaches the server once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { CourseSummary } from '@contracts/catalogue';
import { signIn } from './support/session';
import { wholeAppOffline } from './support/offline-app';

test.use({ serviceWorkers: 'allow' });

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

/**
 * Offline for the pages and for the service worker: Chromium's offline emulation does not reach
 * the worker's own requests, and its Background Sync (the browser's network is up) would send the
 * change at once.
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

async function openWebinars(page: Page) {
  await page.goto('/admin/webinars');
  await expect(page.getByRole('heading', { level: 1, name: 'Webinars Management' })).toBeVisible();
}

test('a webinar created offline is listed as not synced, survives a reload and a reopened browser offline, and lands once', async ({
  baseURL,
  launchOptions,
  request,
}) => {
  test.setTimeout(150_000);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'training-back-office-'));
  // As in a browser without Background Sync (Firefox, Safari): what is kept on the device is all there is.
  // (Chromium's would send the change as soon as its own network is up, which offline emulation does not cover.)
  const open = async (offline = false) => {
    const opened = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow', offline });
    await opened.addInitScript(() => Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined }));
    return opened;
  };
  let context: BrowserContext = await open();
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'admin@lifescience-academy.example', 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // One online visit: the service worker controls the page and the table has been seen once.
    await wholeAppOffline(page);
    await openWebinars(page);
    await expect(page.getByRole('table', { name: 'Webinars' }).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('link', { name: 'Add Live Webinar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Live Webinar' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    // A paged list seen once (customers) opens offline too, with what it showed.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
    const firstCustomer = page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1);
    await expect(firstCustomer).toBeVisible();
    const customerRow = (await firstCustomer.innerText()).split('\t')[0]!.trim();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Webinars' }).click();

    await goOffline(context);
    const title = `Offline-made webinar ${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'Add Live Webinar' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByLabel('Short Description').fill('Typed on a train.');
    await page.getByLabel('Instructor Name').fill('Dr. Ada Lane');
    await page.getByLabel('Start Date').fill('2027-06-10');
    await page.getByLabel('Start Time').fill('14:00');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Saved on this device')).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    const row = () => page.getByRole('row').filter({ hasText: title });
    await expect(row()).toContainText('Not synced yet');
    await expect(page.getByRole('button', { name: 'Offline — changes are kept on this device' })).toBeVisible();

    // A reload offline: the back office comes from the device, the change is still there.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Webinars Management' })).toBeVisible();
    await expect(row()).toContainText('Not synced yet');

    // The browser closed and reopened, still offline (from its first moment: online, its Background Sync would send the change at once).
    await context.close();
    context = await open(true);
    await goOffline(context);
    page = context.pages()[0] ?? (await context.newPage());
    await openWebinars(page);
    await expect(row()).toContainText('Not synced yet');
    await expect(page.getByRole('button', { name: 'Offline — changes are kept on this device' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1)).toContainText(customerRow);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Webinars' }).click();

    // Back online: it is sent by itself, once.
    await goOnline(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
    await expect(row()).not.toContainText('Not synced yet');
    const listed = (await (await request.get(`/api/courses?search=${encodeURIComponent(title)}&view=summary`)).json()) as CourseSummary[];
    expect(listed.filter((c) => c.title === title)).toHaveLength(1);
    // Tidy: the back-office tables show 25 rows a page, and other specs look for theirs.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect((await request.delete(`/api/courses/${listed[0]!.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('with the back office closed, the service worker sends what waits when the browser wakes it (Background Sync)', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@lifescience-academy.example', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await wholeAppOffline(page);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const created = await request.post('/api/courses', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      type: 'live_webinar',
      title: `Synced in the background ${Date.now().toString(36)}`,
      shortDescription: 'Edited, then the tab was closed.',
      instructorName: 'Dr. Ada Lane',
      startDate: '2027-04-02T15:00:00.000Z',
      duration: 90,
      timezone: 'US/Eastern',
      price: '0',
    },
  });
  expect(created.status()).toBe(201);
  const webinar = (await created.json()) as CourseSummary;

  await page.goto(`/admin/webinars/edit/${webinar.id}`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue(webinar.title);
  await goOffline(context);
  await title.fill(`${webinar.title} (edited offline)`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Saved on this device')).toBeVisible();

  // The back office is closed; the connection comes back; the browser fires the outbox's sync.
  const cdp = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) =>
    registrations.push(...event.registrations),
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  await page.goto('about:blank');
  await goOnline(context);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registrations[0]!.registrationId, tag: 'back-office-outbox', lastChance: false });

  await expect
    .poll(async () => ((await (await request.get(`/api/courses/${webinar.id}`)).json()) as CourseSummary).title, { timeout: 20_000 })
    .toBe(`${webinar.title} (edited offline)`);
  await request.delete(`/api/courses/${webinar.id}`, { headers: { Authorization: `Bearer ${token}` } });
});
