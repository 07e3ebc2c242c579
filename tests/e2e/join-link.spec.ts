/**
 * Issue 30, point 2, in the browser: a buyer of a live webinar whose meeting is a link (Teams,
 * Meet…) and whose session starts within 30 minutes finds "Join session" on My Training and on the
 * course's page; following it goes through their own `/join/<token>` to the meeting (the external
 * address is answered by a local page through `page.route`). A session two hours away shows the
 * button disabled with when it opens.
 */
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { signIn, signInCustomer } from './support/session';

const ADMIN = 'admin@lifescience-academy.example';
const MEETING_ORIGIN = 'https://meet.join-link-e2e.example';
const MINUTE = 60_000;

let adminAuth: Record<string, string>;
const made: string[] = [];

async function adminToken(browser: Browser): Promise<Record<string, string>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN, 'admin');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await context.close();
  return { Authorization: `Bearer ${token}` };
}

/** A live webinar starting `startsInMs` from now, its meeting a link. */
async function liveWebinar(request: APIRequestContext, title: string, startsInMs: number, meetingUrl: string): Promise<Course> {
  const created = await request.post('/api/courses', {
    headers: adminAuth,
    data: {
      type: 'live_webinar',
      title,
      shortDescription: 'A live session with a join link',
      instructorName: 'Dr. Ada Lane',
      price: '49',
      startDate: new Date(Date.now() + startsInMs).toISOString(),
      duration: 60,
      timezone: 'US/Eastern',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;
  made.push(course.id);
  const meeting = await request.put(`/api/courses/${course.id}/meeting`, {
    headers: { ...adminAuth, 'Idempotency-Key': crypto.randomUUID() },
    data: { provider: 'link', joinUrl: meetingUrl },
  });
  expect(meeting.status(), await meeting.text()).toBe(200);
  return course;
}

async function buy(request: APIRequestContext, auth: Record<string, string>, course: Course) {
  const intent = await request.post('/api/create-payment-intent', {
    headers: auth,
    data: { courseIds: [course.id], amount: Number(course.price), items: [{ courseId: course.id, pricingTierId: null, quantity: 1 }] },
  });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/test-payments/confirm', {
    data: { clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Jo Joiner' } },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
}

test.beforeAll(async ({ browser }) => {
  adminAuth = await adminToken(browser);
});

test.afterAll(async ({ request }) => {
  // Out of the catalogue the other specs count (a course with an order is kept, inactive).
  for (const id of made) {
    const gone = await request.delete(`/api/courses/${id}`, { headers: adminAuth });
    if (!gone.ok()) await request.put(`/api/courses/${id}`, { headers: adminAuth, data: { isActive: false } });
  }
});

test('a buyer joins a live webinar from My Training through their own link', async ({ page, request }) => {
  const stamp = Date.now();
  const meetingUrl = `${MEETING_ORIGIN}/room/${stamp}`;
  const soon = await liveWebinar(request, `Live Join Test ${stamp}`, 10 * MINUTE, meetingUrl);
  const later = await liveWebinar(request, `Later Join Test ${stamp}`, 120 * MINUTE, `${MEETING_ORIGIN}/room/later-${stamp}`);
  const meetings: string[] = [];
  await page.route(`${MEETING_ORIGIN}/**`, (route) => {
    meetings.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Meeting room</title><h1>Meeting room</h1>' });
  });

  await signInCustomer(page, `joiner-${stamp}@example.com`);
  const auth = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
  await buy(request, auth, soon);
  await buy(request, auth, later);

  await page.goto('/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
  const laterCard = page.getByRole('listitem', { name: later.title });
  const waiting = laterCard.getByRole('button', { name: `Join session: ${later.title}` });
  await expect(waiting).toBeDisabled();
  await expect(laterCard.getByText(/^Opens /)).toBeVisible();

  const card = page.getByRole('listitem', { name: soon.title });
  const join = card.getByRole('link', { name: `Join session: ${soon.title}` });
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute('href', /\/join\/[A-Za-z0-9_-]{43}$/);
  await join.click();
  await expect(page).toHaveURL(meetingUrl);
  await expect(page.getByRole('heading', { name: 'Meeting room' })).toBeVisible();
  expect(meetings).toEqual([meetingUrl]);

  // The course's own page has it too.
  await page.goto(`/learn/${soon.id}`);
  await expect(page.getByRole('link', { name: `Join session: ${soon.title}` })).toBeVisible();
});
