/**
 * Waitlists in the browser (issue 35, point 2), against the real API, in New York's time zone: a
 * live seminar of one seat is sold (through the API); a second customer finds it fully booked on
 * its page, joins the waitlist and is number 1; the admin refunds the first order; within the
 * server's sweep (every 2 s here) the page tells the second customer a seat is held for them until
 * a New York date and time; "Book your seat" takes them to checkout, they pay and have the seat,
 * and staff see no one waiting. Staff reorder a list of two from the Live Seminars table, and the
 * server has the new order. Axe finds nothing on the course page in each state, nor in the dialog.
 */
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { WAITLIST_MESSAGES, type StaffWaitlist, type WaitlistPlace } from '@contracts/waitlists';
import { WAITLIST_TEXTS, positionText } from '@pwa/features/course-detail/waitlist/waitlist-texts';
import { STAFF_WAITLIST_TEXTS } from '@pwa/features/admin-waitlists/lib/waitlist-texts';
import { ADMIN, violations } from './support/content-tab';
import { latestCode, mailCount } from './support/outbox';
import { payWithTestCard } from './support/pay';
import { signIn, signInCustomer } from './support/session';

const ZONE = 'America/New_York';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Fay First' };

test.use({ timezoneId: ZONE });

type Auth = Record<string, string>;
let admin: Auth;
const made: string[] = [];

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

/** The demo admin's bearer header, signed in once through the admin sign-in screen. */
async function adminToken(browser: Browser): Promise<Auth> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await context.close();
  return { Authorization: `Bearer ${token}` };
}

/** A customer of the test's own, signed in through the API with the code mailed to them. */
async function customer(request: APIRequestContext, email: string): Promise<Auth> {
  const before = mailCount(email);
  const asked = await request.post('/api/auth/login', { data: { email, isAdmin: false } });
  expect(asked.status(), await asked.text()).toBe(200);
  const verified = await request.post('/api/auth/verify', { data: { email, token: await latestCode(email, before) } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { Authorization: `Bearer ${((await verified.json()) as { token: string }).token}` };
}

/** A live seminar with one seat, starting in three weeks. */
async function oneSeatSeminar(request: APIRequestContext, title: string): Promise<Course> {
  const start = new Date(Date.now() + 21 * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  const created = await request.post('/api/courses', {
    headers: admin,
    data: {
      type: 'live_seminar',
      title,
      shortDescription: 'An in-person seminar with one seat',
      instructorName: 'Dr. Ada Lane',
      price: '250',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      duration: 480,
      timezone: 'US/Eastern',
      location: 'Boston Convention Center',
      maxParticipants: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;
  made.push(course.id);
  expect(course.maxParticipants).toBe(1);
  return course;
}

/** Buys the course's seat through the API with the test card; the order's id. */
async function buySeat(request: APIRequestContext, auth: Auth, course: Course): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', { headers: auth, data: { courseIds: [course.id], amount: 250 } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, orderId } = (await intent.json()) as { clientSecret: string; orderId: string };
  const paid = await request.post('/api/test-payments/confirm', { data: { clientSecret, card: CARD } });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  return orderId;
}

async function staffList(request: APIRequestContext, courseId: string): Promise<StaffWaitlist> {
  const answer = await request.get(`/api/admin/courses/${courseId}/waitlist`, { headers: admin });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as StaffWaitlist;
}

/** axe's findings at a phone's width and a desktop's (the accessibility spec's two), the page left at the desktop's. */
async function violationsAtBothWidths(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await violations(page)).map((v) => `${width} px: ${v}`));
  }
  return found;
}

/** The course's "Waitlist" dialog, opened from the Live Seminars table. */
async function openWaitlistDialog(page: Page, course: Course) {
  await page.goto('/admin/live-seminars');
  await page.getByLabel('Search seminars').fill(course.title);
  await page.getByRole('button', { name: `${STAFF_WAITLIST_TEXTS.action} ${course.title}` }).click();
  const dialog = page.getByRole('dialog', { name: STAFF_WAITLIST_TEXTS.title(course.title) });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeAll(async ({ browser }) => {
  admin = await adminToken(browser);
});

test.afterAll(async ({ request }) => {
  // Out of the catalogue the other specs count (a course with orders is kept, inactive).
  for (const id of made) {
    const gone = await request.delete(`/api/courses/${id}`, { headers: admin });
    if (!gone.ok()) await request.put(`/api/courses/${id}`, { headers: admin, data: { isActive: false } });
  }
});

test('a freed seat goes to the first person waiting, who books it from the course page', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const course = await oneSeatSeminar(request, `Waitlist Seminar ${stamp()}`);
  const firstOrder = await buySeat(request, await customer(request, `waitlist-first-${stamp()}@example.com`), course);

  // Fully booked: no cart, the waitlist; signed out, a sign-in that comes back here.
  await page.goto(`/courses/${course.id}`);
  const waitlist = page.getByRole('region', { name: WAITLIST_TEXTS.fullyBooked });
  await expect(waitlist).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(waitlist.getByRole('link', { name: WAITLIST_TEXTS.signIn })).toHaveAttribute('href', `/login?returnTo=%2Fcourses%2F${course.id}`);
  expect(await violationsAtBothWidths(page)).toEqual([]);

  await signInCustomer(page, `waitlist-second-${stamp()}@example.com`);
  await page.goto(`/courses/${course.id}`);
  await waitlist.getByRole('button', { name: WAITLIST_TEXTS.join }).click();
  await expect(toast(page, WAITLIST_MESSAGES.joined)).toBeVisible();
  await expect(waitlist.getByText(positionText(1), { exact: true })).toBeVisible();
  await expect(waitlist.getByRole('button', { name: WAITLIST_TEXTS.leave })).toBeVisible();
  // Audited as the page stays (the toast goes after 5 s; the accessibility spec audits pages without one).
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  expect(await violationsAtBothWidths(page)).toEqual([]);

  const refunded = await request.post(`/api/admin/orders/${firstOrder}/refund`, {
    headers: { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    data: { reason: 'Cannot attend after all' },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);

  // The sweep offers the seat within seconds; the page shows it once read again.
  const held = page.getByRole('region', { name: /^A seat is held for you until / });
  await expect(async () => {
    await page.reload();
    await expect(held).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const place = (await (await request.get(`/api/courses/${course.id}/waitlist`, { headers: { Authorization: `Bearer ${token}` } })).json()) as WaitlistPlace;
  expect(place.status).toBe('offered');
  const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(place.offerExpiresAt!));
  await expect(held.getByRole('heading')).toHaveText(`A seat is held for you until ${until}`);
  await expect(page.getByRole('region', { name: WAITLIST_TEXTS.fullyBooked })).toHaveCount(0);
  expect(await violationsAtBothWidths(page)).toEqual([]);

  await held.getByRole('button', { name: WAITLIST_TEXTS.book }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWithTestCard(page, 'Sam Second');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The seat is theirs: the offer is accepted and no one waits.
  const after = (await (await request.get(`/api/courses/${course.id}/waitlist`, { headers: { Authorization: `Bearer ${token}` } })).json()) as WaitlistPlace;
  expect(after.status).toBe('none');
  const adminContext = await browser.newContext();
  try {
    const staff = await adminContext.newPage();
    await signIn(staff, ADMIN, 'admin');
    const dialog = await openWaitlistDialog(staff, course);
    await expect(dialog.getByText(STAFF_WAITLIST_TEXTS.empty)).toBeVisible();
  } finally {
    await adminContext.close();
  }
});

test('staff move the second person waiting up, and the server keeps the new order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const course = await oneSeatSeminar(request, `Waitlist Order ${stamp()}`);
  await buySeat(request, await customer(request, `waitlist-seat-${stamp()}@example.com`), course);
  const waiting = [`waitlist-one-${stamp()}@example.com`, `waitlist-two-${stamp()}@example.com`];
  for (const email of waiting) {
    const joined = await request.post(`/api/courses/${course.id}/waitlist`, { headers: await customer(request, email), data: {} });
    expect(joined.status(), await joined.text()).toBe(201);
  }
  const before = await staffList(request, course.id);
  expect(before.entries.map((e) => [e.email, e.position])).toEqual([
    [waiting[0], 1],
    [waiting[1], 2],
  ]);
  const second = before.entries[1]!;

  await signIn(page, ADMIN, 'admin');
  const dialog = await openWaitlistDialog(page, course);
  const list = dialog.getByRole('list', { name: STAFF_WAITLIST_TEXTS.listLabel(course.title) });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').nth(1)).toContainText(second.email);
  expect(await violationsAtBothWidths(page)).toEqual([]);

  const moveUp = dialog.getByRole('button', { name: `${STAFF_WAITLIST_TEXTS.moveUp} ${second.name || second.email}` });
  await moveUp.click();
  await expect(list.getByRole('listitem').first()).toContainText(second.email);
  await expect(list.getByRole('listitem').first()).toContainText('Position 1');
  // The moved entry's button keeps the focus, now at the top where it cannot go further.
  await expect(moveUp).toBeFocused();
  await expect(moveUp).toHaveAttribute('aria-disabled', 'true');

  const after = await staffList(request, course.id);
  expect(after.entries.map((e) => [e.email, e.position])).toEqual([
    [waiting[1], 1],
    [waiting[0], 2],
  ]);
});
