/**
 * Coupons in the back office (issue 35, point 1) as an admin uses them against the real API, in
 * New York's time zone: a GMP25 coupon (25 % off live webinars, 200 uses, until 31 December 23:59
 * local time, once per customer) made with the "New coupon" form — the contract's message first
 * for a form sent half-filled — listed with its discount, uses, validity and status; paused and
 * resumed (the row and the server agree); its usage report with no use, then with the paid order
 * that used it; the same code again, in lower case, refused in the server's words with nothing
 * left waiting on the device. A coupon for one course, found by typing part of its title and
 * picked from the keyboard. Offline, a pause and a new coupon wait on the device, shown in the
 * list as "Not synced yet", and are sent once the connection is back. A contributor gets no
 * Coupons screen, nor its API. Axe finds nothing on the screen, the form or the report.
 */
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { COUPON_MESSAGES, type CouponDetail, type CouponView } from '@contracts/coupons';
import { ADMIN, adminAuth, madeCourse, removeMadeCourses, violations } from './support/content-tab';
import { backOfficeCount } from './support/indexeddb';
import { signIn } from './support/session';

const CONTRIBUTOR = 'contributor@lifescience-academy.example';

test.use({ timezoneId: 'America/New_York' });
test.afterEach(({ request }) => removeMadeCourses(request));

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

async function ok<T>(answer: Promise<APIResponse>, status: number): Promise<T> {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A live webinar of the test's own at $200, to buy with the coupon. */
async function liveWebinar(request: APIRequestContext, auth: Record<string, string>): Promise<Course> {
  const course = await ok<Course>(
    request.post('/api/courses', {
      headers: auth,
      data: {
        type: 'live_webinar',
        title: `Coupon Live ${stamp()}`,
        shortDescription: 'A live webinar bought with a coupon',
        instructorName: 'Dr. Ada Lane',
        price: '200',
        startDate: '2027-03-02T15:00:00.000Z',
        endDate: '2027-03-02T17:00:00.000Z',
        duration: 120,
        timezone: 'US/Eastern',
      },
    }),
    201,
  );
  madeCourse(course.id, auth);
  return course;
}

/** A guest buys `course` with `code` through the API and the test card: the order the report lists. */
async function buyWithCoupon(request: APIRequestContext, course: Course, code: string, email: string): Promise<string> {
  const intent = await ok<{ clientSecret: string; orderId: string; total: string }>(
    request.post('/api/create-payment-intent', {
      data: {
        courseIds: [course.id],
        amount: 150,
        items: [{ courseId: course.id, pricingTierId: null, quantity: 1 }],
        couponCode: code.toLowerCase(),
        customerEmail: email,
        customerName: 'Gia Guest',
      },
    }),
    200,
  );
  expect(intent.total).toBe('150.00');
  await ok(
    request.post('/api/test-payments/confirm', {
      data: { clientSecret: intent.clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Gia Guest' } },
    }),
    200,
  );
  return intent.orderId;
}

test('an admin creates GMP25, pauses and resumes it, reads its usage report, and cannot make the code twice', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const auth = await adminAuth(page);
  const code = `GMP25-${stamp()}`;
  // 31 December of this year (of next year in December), 23:59 in New York: 04:59 the next day in UTC.
  const now = new Date();
  const year = now.getFullYear() + (now.getMonth() === 11 ? 1 : 0);

  // The sidebar leads there, after Orders.
  const sidebar = page.getByRole('navigation', { name: 'Back office' });
  await expect(sidebar.getByRole('link', { name: 'Coupons' })).toBeVisible();
  const links = await sidebar.getByRole('link').allTextContents();
  expect(links.indexOf('Coupons')).toBe(links.indexOf('Orders') + 1);
  await sidebar.getByRole('link', { name: 'Coupons' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  const form = dialog.getByRole('form', { name: 'New coupon' });
  // Half-filled: the contract's words at the field, focus on it, nothing sent.
  await form.getByLabel('Percent off (%)').fill('25');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('A code is 3 to 32 letters, digits, "-" or "_"')).toBeVisible();
  await expect(form.getByLabel('Code')).toBeFocused();

  await form.getByLabel('Code').fill(code.toLowerCase());
  await expect(form.getByLabel('Code')).toHaveValue(code);
  await form.getByRole('radio', { name: /Only the course types/ }).check();
  await form.getByRole('checkbox', { name: 'Live Webinars' }).check();
  await form.getByLabel(/^Ends/).fill(`${year}-12-31T23:59`);
  await form.getByLabel('Total uses').fill('200');
  await form.getByLabel('Uses per customer').fill('1');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `Coupon ${code} created`)).toBeVisible();

  const { coupons } = await ok<{ coupons: CouponView[] }>(request.get('/api/admin/coupons', { headers: auth }), 200);
  const made = coupons.find((c) => c.code === code)!;
  expect(made).toMatchObject({
    percentOff: 25,
    amountOffCents: null,
    appliesTo: { types: ['live_webinar'], courseIds: [], memberships: false },
    startsAt: null,
    endsAt: `${year + 1}-01-01T04:59:00.000Z`,
    maxUses: 200,
    maxUsesPerCustomer: 1,
    minOrderCents: null,
    paused: false,
    summary: '25% off live webinars',
  });

  const table = page.getByRole('table', { name: 'Coupons' });
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('25% off live webinars');
  await expect(row).toContainText('Once per customer');
  await expect(row).toContainText('0 of 200');
  await expect(row).toContainText(`Until Dec 31, ${year}`);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);

  // Paused, then resumed: the row and the server agree each time.
  await row.getByRole('button', { name: `Pause coupon ${code}` }).click();
  await expect(toast(page, `Coupon ${code} paused`)).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  expect((await ok<CouponDetail>(request.get(`/api/admin/coupons/${made.id}`, { headers: auth }), 200)).paused).toBe(true);
  await row.getByRole('button', { name: `Resume coupon ${code}` }).click();
  await expect(toast(page, `Coupon ${code} resumed`)).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Pause coupon ${code}` })).toBeEnabled();
  expect((await ok<CouponDetail>(request.get(`/api/admin/coupons/${made.id}`, { headers: auth }), 200)).paused).toBe(false);

  // The usage report: nothing used yet.
  await row.getByRole('link', { name: `Usage report of ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/coupons/${made.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Usage report: ${code}` })).toBeVisible();
  await expect(page.getByTestId('stat-Uses')).toHaveText('0 of 200');
  await expect(page.getByTestId('stat-Discount given')).toHaveText('$0.00');
  await expect(page.getByRole('heading', { name: 'No paid orders have used this code yet' })).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);

  // A guest pays $150 for a $200 live webinar with it: the report lists the order.
  const email = `coupon-guest-${stamp().toLowerCase()}@example.com`;
  const orderId = await buyWithCoupon(request, await liveWebinar(request, auth), code, email);
  await page.reload();
  await expect(page.getByTestId('stat-Uses')).toHaveText('1 of 200');
  await expect(page.getByTestId('stat-Discount given')).toHaveText('$50.00');
  const orders = page.getByRole('table', { name: `Orders that used ${code}` });
  const order = orders.getByRole('row').filter({ hasText: orderId.slice(0, 8) });
  await expect(order).toContainText(email);
  await expect(order).toContainText('$50.00');
  await expect(order).toContainText('$150.00');
  expect(await violations(page, 'main')).toEqual([]);

  // The same code again, in lower case: the server's words at the code; the form stays open, nothing waits on the device.
  await page.getByRole('link', { name: '← Back to Coupons' }).click();
  await page.getByRole('button', { name: 'New coupon' }).click();
  await expect(form.getByLabel('Code')).toHaveValue('');
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percent off (%)').fill('10');
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/admin/coupons') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  expect((await refused).status()).toBe(409);
  await expect(form.getByText(COUPON_MESSAGES.duplicateCode)).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(await backOfficeCount(page, 'outbox')).toBe(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const after = await ok<{ coupons: CouponView[] }>(request.get('/api/admin/coupons', { headers: auth }), 200);
  expect(after.coupons.filter((c) => c.code === code)).toHaveLength(1);
});

test('a coupon for a course found by its title, picked from the keyboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const auth = await adminAuth(page);
  const course = await liveWebinar(request, auth);
  const code = `PICK-${stamp()}`;
  await page.goto('/admin/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off (%)').fill('15');
  await form.getByRole('radio', { name: /Only the course types/ }).check();
  const picker = form.getByRole('combobox', { name: 'Courses' });
  // Typed, as a person would: the end of its title (the test's own stamp) narrows the list to it.
  await picker.focus();
  await picker.pressSequentially(course.title.slice(-8).toLowerCase());
  const option = form.getByRole('menuitemcheckbox', { name: `${course.title} (${course.code})` });
  await expect(option).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  const chosen = form.getByRole('list', { name: 'Chosen courses' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen).toContainText(course.title);
  // Escape closes the list, not the dialog.
  await picker.press('Escape');
  await expect(form).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(toast(page, `Coupon ${code} created`)).toBeVisible();
  const { coupons } = await ok<{ coupons: CouponView[] }>(request.get('/api/admin/coupons', { headers: auth }), 200);
  expect(coupons.find((c) => c.code === code)).toMatchObject({
    percentOff: 15,
    appliesTo: { types: [], courseIds: [course.id], memberships: false },
    summary: '15% off 1 course',
  });
  await expect(page.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code })).toContainText('15% off 1 course');
});

test('offline, a pause and a new coupon wait on the device, shown as not synced yet, and are sent once the connection is back', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const auth = await adminAuth(page);
  const code = `FLAKY-${stamp()}`;
  const made = await ok<CouponView>(request.post('/api/admin/coupons', { headers: auth, data: { code, percentOff: 10 } }), 201);
  await page.goto('/admin/coupons');
  const table = page.getByRole('table', { name: 'Coupons' });
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await row.getByRole('button', { name: `Pause coupon ${code}` }).click();
  await expect(toast(page, 'Saved on this device').first()).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  await expect(row.getByText('Not synced yet')).toBeVisible();

  const offline = `OFFLINE-${stamp()}`;
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(offline);
  await form.getByLabel('Discount type').selectOption({ label: 'Fixed amount off' });
  await form.getByLabel('Amount off ($)').fill('12.50');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('dialog', { name: 'New coupon' })).toBeHidden();
  const queued = table.getByRole('row').filter({ hasText: offline });
  await expect(queued).toContainText('$12.50 off');
  await expect(queued.getByText('Not synced yet')).toBeVisible();
  expect(await backOfficeCount(page, 'outbox')).toBe(2);

  await context.setOffline(false);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText('Not synced yet')).toHaveCount(0);
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  await expect(queued).toContainText('$12.50 off everything');
  const { coupons } = await ok<{ coupons: CouponView[] }>(request.get('/api/admin/coupons', { headers: auth }), 200);
  expect(coupons.find((c) => c.id === made.id)?.paused).toBe(true);
  expect(coupons.filter((c) => c.code === offline).map((c) => c.amountOffCents)).toEqual([1250]);
});

test('a contributor has no Coupons screen and is refused it and its API', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, CONTRIBUTOR, 'admin');
  await expect(page).toHaveURL(/\/contributor$/);
  await page.goto('/admin/webinars');
  const sidebar = page.getByRole('navigation', { name: 'Back office' });
  await expect(sidebar.getByRole('link', { name: 'Webinars' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Coupons' })).toHaveCount(0);
  for (const path of ['/admin/coupons', '/admin/coupons/00000000-0000-4000-8000-000000000000']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have administrator privileges to access this page.")).toBeVisible();
  }
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/admin/coupons', { headers })).status()).toBe(403);
  expect((await request.post('/api/admin/coupons', { headers, data: { code: `NOPE-${stamp()}`, percentOff: 5 } })).status()).toBe(403);
});
