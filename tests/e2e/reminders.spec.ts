/**
 * Reminders before live sessions (issue 15) in the browser: a customer enrolled in an upcoming
 * live session opens its page, presses "Remind me" (permission is asked then, never on load), and
 * the subscription reaches the server; "Turn off reminders" removes it; the profile's e-mail switch
 * is stored.
 *
 * Headless Chromium has no push service to register with (pushManager.subscribe fails offline), so
 * the page's PushManager is replaced by a stand-in that returns a well-formed subscription on the
 * PUSH_TEST_ORIGINS origin the test server accepts, and records the applicationServerKey it was
 * given. Everything else — permission, the service worker, the API calls, the screens — is real.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { getJson } from './support/catalogue';
import { signInCustomer } from './support/session';

// Push needs the app's service worker (the suite blocks workers by default).
test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __push: { permissionRequests: number; applicationServerKey: string | null; endpoint: string | null };
  }
}

/** axe over the reminders card only (the pages themselves are audited by accessibility.spec.ts). */
async function auditCard(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[aria-labelledby="session-reminders-title"]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function fakePushService(page: Page) {
  await page.addInitScript(() => {
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const state = { permissionRequests: 0, applicationServerKey: null as string | null, endpoint: null as string | null };
    window.__push = state;
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (async () => {
      state.permissionRequests++;
      return request();
    }) as typeof Notification.requestPermission;
    // The browser keeps its subscription across reloads: so does the stand-in (in sessionStorage).
    const KEY = 'stand-in-push-subscription';
    const build = (json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }) =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    const saved = () => {
      const text = sessionStorage.getItem(KEY);
      return text ? build(JSON.parse(text)) : null;
    };
    PushManager.prototype.getSubscription = async () => saved();
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      state.applicationServerKey = b64(new Uint8Array(options!.applicationServerKey as ArrayBuffer));
      const existing = saved();
      if (existing) return existing;
      const p256dh = crypto.getRandomValues(new Uint8Array(65));
      p256dh[0] = 4;
      const json = {
        endpoint: `http://127.0.0.1:4555/push/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: { p256dh: b64(p256dh), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
      };
      state.endpoint = json.endpoint;
      sessionStorage.setItem(KEY, JSON.stringify(json));
      return build(json);
    };
  });
}

test('an enrolled customer turns reminders on for a live session and off again', async ({ page, context, request }) => {
  // A long journey (sign-in, a purchase, three pages, three axe audits): about 21 s alone, and over
  // the default minute on CI's 2 cores beside the other worker's browser.
  test.setTimeout(150_000);
  // A live session still to come, bought through the API as this customer.
  const { courses, pricingTiers } = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
  const course = courses.find(
    // Something to pay for: a course another spec made meanwhile may be free (completed without a payment).
    (c) =>
      c.isActive &&
      Number(c.price) > 0 &&
      (c.type === 'live_webinar' || c.type === 'live_seminar') &&
      c.startDate &&
      Date.parse(c.startDate) > Date.now() + 3_600_000,
  );
  expect(course, 'the demo catalogue has an upcoming live session').toBeTruthy();
  const tier = pricingTiers.filter((t) => t.courseId === course!.id).sort((a, b) => a.tierLevel - b.tierLevel)[0];

  await context.grantPermissions(['notifications']);
  await fakePushService(page);
  const email = `reminders-${Date.now()}@academy.test`;
  await signInCustomer(page, email);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const auth = { Authorization: `Bearer ${token}` };
  const intent = await request.post('/api/create-payment-intent', {
    headers: auth,
    data: {
      courseIds: [course!.id],
      amount: Number(tier?.price ?? course!.price),
      items: [{ courseId: course!.id, pricingTierId: tier?.id ?? null, quantity: 1 }],
    },
  });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/test-payments/confirm', {
    data: { clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Rita Reminder' } },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();

  await page.goto(`/courses/${course!.id}`);
  const card = page.getByRole('group', { name: 'Session reminders' });
  // The page, the profile's enrollments and the server's list of devices: over 15 s once on CI's
  // 2 cores beside the 10,000-course offline test.
  await expect(card.getByRole('button', { name: 'Remind me' })).toBeVisible({ timeout: 30_000 });
  // Never asked on page load.
  expect(await page.evaluate(() => window.__push.permissionRequests)).toBe(0);
  await auditCard(page);

  await card.getByRole('button', { name: 'Remind me' }).click();
  await expect(card.getByText('Reminders are on for this device.')).toBeVisible({ timeout: 30_000 });
  await auditCard(page);
  const pushState = await page.evaluate(() => window.__push);
  expect(pushState.permissionRequests).toBe(1);
  const { publicKey } = await getJson<{ publicKey: string }>(request, '/api/push/public-key');
  expect(pushState.applicationServerKey).toBe(publicKey);
  const devices = await (await request.get('/api/push/subscriptions', { headers: auth })).json();
  expect(devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([pushState.endpoint]);

  // Still on after a reload (the browser's subscription is one of the server's devices).
  await page.reload();
  await expect(card.getByText('Reminders are on for this device.')).toBeVisible({ timeout: 30_000 });

  await card.getByRole('button', { name: 'Turn off reminders' }).click();
  await expect(card.getByRole('button', { name: 'Remind me' })).toBeVisible();
  expect(await (await request.get('/api/push/subscriptions', { headers: auth })).json()).toEqual([]);

  // The profile keeps the e-mail choice.
  await page.goto('/profile');
  const emailSwitch = page.getByRole('switch', { name: 'E-mail me when no device of mine can be notified' });
  await expect(emailSwitch).toBeChecked();
  await auditCard(page);
  await emailSwitch.click();
  await expect(emailSwitch).not.toBeChecked();
  await expect
    .poll(async () => ((await (await request.get('/api/profile', { headers: auth })).json()) as { reminders: { email: boolean } }).reminders.email)
    .toBe(false);
});
