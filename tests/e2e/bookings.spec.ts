/**
 * Cancelling and transferring a booked seat from My Training (issue 35, point 3), by the default
 * policy for live sessions (full refund until 7 days before, 50 % until 2 days, then transfer
 * only). Live seminars of the test's own, made by the demo admin through the API: a customer buys
 * one starting in 10 days in the browser, cancels it (the dialog states the full refund; the toast;
 * the course leaves My Training; the order is refunded); another buys one starting tomorrow,
 * where only a transfer is left, gives the seat to a colleague, who finds it in their My Training;
 * a third buys one that has a second date (the back office's Duplicate, a week later) and moves the
 * seat there: My Training then shows the course on the new date. The dialogs are used from the
 * keyboard, focus comes back, and the page passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { BOOKING_MESSAGES, type MyBookings } from '@contracts/bookings';
import type { Course } from '@contracts/catalogue';
import type { ProfileResponse } from '@contracts/auth';
import { animationsSettled } from './support/animations';
import { payWithTestCard } from './support/pay';
import { signIn, signInCustomer } from './support/session';
import { recordToasts } from './support/toasts';

const ADMIN = 'admin@lifescience-academy.example';
const DAY_MS = 24 * 3600_000;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let adminAuth: Record<string, string> | undefined;
const made: Course[] = [];

async function violations(page: Page) {
  await page.waitForLoadState('load');
  await animationsSettled(page);
  // A toast (5 s) is the app's, not this page's: judged once it has gone.
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

const authOf = async (page: Page) => ({ Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` });

async function admin(browser: Browser): Promise<Record<string, string>> {
  if (adminAuth) return adminAuth;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  adminAuth = await authOf(page);
  await context.close();
  return adminAuth;
}

/** A live seminar of 20 seats at $500 starting `startsIn` ms from now, made by the demo admin. */
async function seminar(browser: Browser, request: APIRequestContext, startsIn: number): Promise<Course> {
  const start = new Date(Date.now() + startsIn);
  const created = await request.post('/api/courses', {
    headers: await admin(browser),
    data: {
      type: 'live_seminar',
      title: `Deviation Handling ${stamp()}`,
      shortDescription: 'An in-person seminar on deviations and CAPA',
      instructorName: 'Dr. Ada Lane',
      price: '500',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
      duration: 480,
      timezone: 'Europe/Paris',
      location: 'Hôtel Lutetia, Paris',
      maxParticipants: 20,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;
  made.push(course);
  return course;
}

/** Another date of `course` a week later: the back office's Duplicate (which joins the course's series), its start moved. */
async function secondDate(browser: Browser, request: APIRequestContext, course: Course): Promise<Course> {
  const headers = await admin(browser);
  const copied = await request.post(`/api/courses/${course.id}/duplicate`, { headers });
  expect(copied.status(), await copied.text()).toBe(201);
  const copy = (await copied.json()) as Course;
  made.push(copy);
  const start = new Date(Date.parse(course.startDate!) + 7 * DAY_MS);
  const dated = await request.put(`/api/courses/${copy.id}`, {
    headers,
    data: { startDate: start.toISOString(), endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(), isActive: true },
  });
  expect(dated.status(), await dated.text()).toBe(200);
  return (await dated.json()) as Course;
}

/** A date as My Training writes it, in the browser's zone ("Dec 15, 2026, 9:00 AM"). */
const shownDate = (page: Page, iso: string) =>
  page.evaluate((at) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), iso);

/** Signs a new customer in on `page`, buys `course` through the cart and the checkout, and opens My Training. */
async function buyAndOpenMyTraining(page: Page, email: string, course: Course, name: string): Promise<void> {
  await signInCustomer(page, email);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.fui-Toast').getByText(`${course.title} has been added to your cart.`)).toBeVisible();
  await page.goto('/checkout');
  await payWithTestCard(page, name);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.goto('/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
}

// Exact: a second date's title (Duplicate's "… (Copy)") holds the first's.
const card = (page: Page, course: Course) => page.getByRole('list', { name: 'My courses' }).getByRole('listitem', { name: course.title, exact: true });
const manage = (page: Page, course: Course) => page.getByRole('region', { name: `Manage booking ${course.title}`, exact: true });

test.afterAll(async ({ request }) => {
  // Out of the catalogue the other specs count (a course with an order is kept, inactive).
  for (const course of made) {
    const gone = await request.delete(`/api/courses/${course.id}`, { headers: adminAuth });
    if (!gone.ok()) await request.put(`/api/courses/${course.id}`, { headers: adminAuth, data: { isActive: false } });
  }
});

test('10 days before: the customer cancels from My Training for a full refund; the course leaves, the order is refunded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const course = await seminar(browser, request, 10 * DAY_MS);
  const toasts = await recordToasts(page);
  await buyAndOpenMyTraining(page, `cancel-${stamp()}@example.com`, course, 'Cora Cancel');

  const area = manage(page, course);
  await expect(area.getByText(/^Full refund if cancelled before /)).toBeVisible();
  await expect(area.getByRole('button', { name: 'Transfer to a colleague' })).toBeEnabled();
  const cancel = area.getByRole('button', { name: 'Cancel booking' });

  // The dialog states what the policy gives; "Keep booking" changes nothing and gives focus back.
  await cancel.click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel your booking for ${course.title}?` });
  await expect(dialog.getByText(/^You will get a full refund of \$500\.00 \(100\s%\)\. This is possible until .+\.$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(card(page, course)).toBeVisible();

  // From the keyboard: open, Tab to "Cancel booking", confirm.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel booking' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await toasts()).some((t) => t.startsWith('Booking cancelled') && t.includes('$500.00 will be refunded to your card.')))
    .toBe(true);
  await expect(dialog).toHaveCount(0);
  await expect(card(page, course)).toHaveCount(0);
  // Its button gone with the card, focus is on the page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeFocused();

  const profile = await request.get('/api/profile', { headers: await authOf(page) });
  expect(profile.status()).toBe(200);
  const order = ((await profile.json()) as ProfileResponse).orders.find((o) => o.items.some((item) => item.title === course.title));
  expect(order?.status).toBe('refunded');
  expect(Number(order?.refunded)).toBe(500);
  expect(await violations(page)).toEqual([]);
});

test('tomorrow: only a transfer is left; the seat goes to a colleague, who finds it in their My Training', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const course = await seminar(browser, request, 30 * 3600_000);
  const buyer = `transfer-${stamp()}@example.com`;
  const colleague = `colleague-${stamp()}@example.com`;
  const toasts = await recordToasts(page);
  await buyAndOpenMyTraining(page, buyer, course, 'Tom Transfer');

  const area = manage(page, course);
  await expect(area.getByText(BOOKING_MESSAGES.noRefundLeft)).toBeVisible();
  await expect(area.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  const transfer = area.getByRole('button', { name: 'Transfer to a colleague' });

  // Offline: the action is disabled and the notice says it needs a connection; back online it returns.
  await page.context().setOffline(true);
  await expect(area.getByTestId('needs-connection')).toContainText('Cancelling or transferring a booking needs an internet connection.');
  await expect(transfer).toBeDisabled();
  await page.context().setOffline(false);
  await expect(transfer).toBeEnabled();
  await expect(area.getByTestId('needs-connection')).toHaveCount(0);

  await transfer.click();
  const dialog = page.getByRole('dialog', { name: `Transfer your seat: ${course.title}` });
  const email = dialog.getByRole('textbox', { name: /^Colleague’s e-mail/ });
  await expect(email).toBeFocused();
  // The contract's check first, then the server's refusal of the buyer's own address, both at the field.
  await email.fill('not-an-address');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await email.fill(buyer.toUpperCase());
  await dialog.getByRole('button', { name: 'Transfer seat' }).click();
  await expect(dialog.getByText(BOOKING_MESSAGES.ownAddress)).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(await violations(page)).toEqual([]);

  await email.fill(colleague);
  await dialog.getByRole('button', { name: 'Transfer seat' }).click();
  await expect
    .poll(async () => (await toasts()).some((t) => t.startsWith('Seat transferred') && t.includes(`Your seat was transferred to ${colleague}.`)))
    .toBe(true);
  await expect(dialog).toHaveCount(0);
  await expect(card(page, course)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeFocused();

  // The colleague signs in with the code from their e-mail and finds the seminar in My Training.
  const colleagueContext = await browser.newContext();
  try {
    const theirs = await colleagueContext.newPage();
    await signIn(theirs, colleague);
    await theirs.goto('/learn');
    await expect(theirs.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
    await expect(card(theirs, course)).toBeVisible();
    // Not their purchase: nothing of it to cancel or transfer here.
    await expect(manage(theirs, course)).toHaveCount(0);
  } finally {
    await colleagueContext.close();
  }
});

test('a second date: the customer moves the seat there from My Training, and the course shows on the new date', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const course = await seminar(browser, request, 10 * DAY_MS);
  const later = await secondDate(browser, request, course);
  const toasts = await recordToasts(page);
  await buyAndOpenMyTraining(page, `move-${stamp()}@example.com`, course, 'Mo Move');
  const when = await shownDate(page, later.startDate!);

  const move = manage(page, course).getByRole('button', { name: 'Move to another date' });
  await expect(move).toBeEnabled();
  await move.click();
  const dialog = page.getByRole('dialog', { name: `Move your seat: ${course.title}` });
  await expect(dialog.getByText('Your seat moves at no charge; what you paid stays with it.')).toBeVisible();
  const date = dialog.getByRole('radiogroup', { name: /^New date/ }).getByRole('radio', { name: `${when} · Hôtel Lutetia, Paris · 20 seats left` });
  // Focus starts on the first date; nothing chosen, "Move seat" asks for one and nothing is sent.
  await expect(date).toBeFocused();
  const moveSeat = dialog.getByRole('button', { name: 'Move seat' });
  await moveSeat.click();
  await expect(dialog.getByText('Please choose a date')).toBeVisible();
  await expect(date).toBeFocused();
  expect(await violations(page)).toEqual([]);

  // From the keyboard: choose the date, Tab past "Close" to "Move seat", confirm.
  await page.keyboard.press('Space');
  await expect(date).toBeChecked();
  await expect(dialog.getByText('Please choose a date')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(moveSeat).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await toasts()).some((t) => t.startsWith('Seat moved') && t.includes(`Your seat is now on ${when}.`))).toBe(true);
  await expect(dialog).toHaveCount(0);

  // The course is on its new date: the old date's card gone, the new one's with its next session and its own booking.
  await expect(card(page, course)).toHaveCount(0);
  await expect(card(page, later)).toContainText(`Next live session: ${when}`);
  await expect(manage(page, later).getByRole('button', { name: 'Move to another date' })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeFocused();
  const bookings = await request.get('/api/me/bookings', { headers: await authOf(page) });
  expect(bookings.status()).toBe(200);
  const [booking] = ((await bookings.json()) as MyBookings).bookings;
  expect(booking).toMatchObject({ courseId: later.id, canMove: true, otherSessions: [{ courseId: course.id }] });
  expect(await violations(page)).toEqual([]);
});
