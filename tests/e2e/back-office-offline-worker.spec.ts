/**
 * The back office's outbox in Chromium with the real service worker (issue 27, point 15): a change
 * kept on the device that meets 503s after the connection is back is sent again on the page's own
 * backoff (2 s, then 5 s) — with or without Background Sync — and reaches the server once, under
 * its one Idempotency-Key, whether the page or the worker sends it; and a change that meets a
 * colleague's newer version says "Conflict" on the editor that is open, where the admin settles it.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { backOfficeCount } from './support/indexeddb';
import { signIn } from './support/session';
import { wholeAppOffline } from './support/offline-app';

test.use({ serviceWorkers: 'allow' });

type StaffCourse = Course & { version: number };

/**
 * Offline for the pages and for the service worker alike (the browser's own network stays up, so
 * its Background Sync fires and the worker's requests fail as the pages' do).
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

/** Signed in as the demo admin, with the service worker active and controlling the page. */
async function adminWithWorker(page: Page) {
  await signIn(page, 'admin@lifescience-academy.example', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await wholeAppOffline(page);
}

const made: Array<{ id: string; auth: Record<string, string> }> = [];
test.afterEach(async ({ request }) => {
  for (const { id, auth } of made.splice(0)) await request.delete(`/api/courses/${id}`, { headers: auth });
});

/**
 * A webinar of the test's own, made through the API with the signed-in admin's token (deleted after
 * the test). Dated after the other specs' webinars: the tables show 25 rows a page, sorted by date,
 * and a spec running beside this one looks for its own on the first.
 */
async function ownWebinar(page: Page, request: APIRequestContext, title: string) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/courses', {
    headers: auth,
    data: {
      type: 'live_webinar',
      title,
      shortDescription: 'As the editor opened it',
      instructorName: 'Dr. Ada Worker',
      startDate: '2027-11-04T15:00:00.000Z',
      duration: 90,
      timezone: 'US/Eastern',
      price: '0',
    },
  });
  expect(created.status()).toBe(201);
  const webinar = (await created.json()) as StaffCourse;
  made.push({ id: webinar.id, auth });
  return { webinar, auth };
}

const storedCourse = async (request: APIRequestContext, id: string, auth: Record<string, string>) =>
  (await (await request.get(`/api/courses/${id}?status=all`, { headers: auth })).json()) as StaffCourse;
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

for (const backgroundSync of [true, false]) {
  test(`a change answered 503 twice after the connection is back is sent again by itself, and lands once (${backgroundSync ? 'with' : 'without'} Background Sync)`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    // As in Firefox and Safari: no Background Sync, the page alone sends what waits.
    if (!backgroundSync) await context.addInitScript(() => Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined }));
    await adminWithWorker(page);
    const { webinar, auth } = await ownWebinar(page, request, `Unavailable once ${Date.now().toString(36)}`);
    await page.goto(`/admin/webinars/edit/${webinar.id}`);
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toHaveValue(webinar.title);

    // Every attempt at the write, from the page or from the service worker, once the connection is back:
    // the first two meet a 503 (the server is restarting), the next ones reach the server.
    let online = false;
    const attempts: Array<{ key: string | null; to: 'unavailable' | 'server' }> = [];
    await context.route(`**/api/courses/${webinar.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      if (!online) return route.abort('internetdisconnected');
      const key = await route.request().headerValue('idempotency-key');
      if (attempts.length < 2) {
        attempts.push({ key, to: 'unavailable' });
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
      }
      attempts.push({ key, to: 'server' });
      return route.continue();
    });

    await goOffline(context);
    const edited = `${webinar.title} (kept through 503s)`;
    await title.fill(edited);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Saved on this device')).toBeVisible();

    online = true;
    await goOnline(context);
    await expect.poll(async () => (await storedCourse(request, webinar.id, auth)).title, { timeout: 30_000 }).toBe(edited);
    await expect.poll(() => backOfficeCount(page, 'outbox')).toBe(0);
    // Two 503s, then one write the server applied — all under the one Idempotency-Key the change keeps.
    expect(attempts.map((attempt) => attempt.to)).toEqual(['unavailable', 'unavailable', 'server']);
    expect(attempts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(attempts.map((attempt) => attempt.key))).toEqual(new Set([attempts[0]!.key]));
    expect((await storedCourse(request, webinar.id, auth)).version).toBe(webinar.version + 1);
  });
}

test('a change kept offline that meets a colleague’s newer version says "Conflict" on the open editor, which settles it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await adminWithWorker(page);
  const stamp = Date.now().toString(36);
  const { webinar, auth } = await ownWebinar(page, request, `Conflict in the editor ${stamp}`);
  await page.goto(`/admin/webinars/edit/${webinar.id}`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const shortDescription = page.getByRole('textbox', { name: 'Short Description' });
  await expect(title).toHaveValue(webinar.title);

  await goOffline(context);
  await title.fill(`Mine ${stamp}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Saved on this device')).toBeVisible();
  // Meanwhile a colleague, online, saves a new title and a new short description.
  const theirs = await request.put(`/api/courses/${webinar.id}`, {
    headers: auth,
    data: { title: `Theirs ${stamp}`, shortDescription: 'Rewritten by a colleague', version: webinar.version },
  });
  expect(theirs.status()).toBe(200);

  const refused = page
    .context()
    .waitForEvent('response', { predicate: (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/courses/${webinar.id}`), timeout: 30_000 });
  await goOnline(context);
  expect((await refused).status()).toBe(409);
  // On the editor itself, not only in a sidebar (this full-screen editor has none).
  const notice = page.getByRole('group', { name: /Conflict/ });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Someone else changed this webinar');
  await notice.getByRole('button', { name: 'Review changes' }).click();

  const dialog = page.getByRole('dialog', { name: 'Someone else changed this meanwhile' });
  await expect(dialog.getByRole('group', { name: 'Title' }).getByRole('radio', { name: 'Keep mine' })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Short Description' }).getByRole('radio', { name: 'Take theirs' })).toBeChecked();
  const resent = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/courses/${webinar.id}`));
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  expect((await resent).status()).toBe(200);

  // Settled: the notice goes, and the editor shows what was kept — my title, their short description.
  await expect(notice).toHaveCount(0);
  await expect(title).toHaveValue(`Mine ${stamp}`);
  await expect(shortDescription).toHaveValue('Rewritten by a colleague');
  expect(await storedCourse(request, webinar.id, auth)).toMatchObject({
    title: `Mine ${stamp}`,
    shortDescription: 'Rewritten by a colleague',
    version: webinar.version + 2,
  });
  await expect.poll(() => backOfficeCount(page, 'outbox')).toBe(0);
});
