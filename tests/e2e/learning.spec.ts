/**
 * The learner's side (issue 29, points 6–9): a course of the test's own, built through the API
 * (a module with a text page, a PDF handout and a video transcoded by the server's job runner,
 * with captions, "no skipping ahead"). A visitor sees its syllabus and is told they have no
 * access; a buyer finds it in My Training, reads the text page, downloads the handout, plays the
 * video (keyboard, speed, quality, captions, transcript), cannot skip ahead, and continues where
 * they stopped on a second browser context; after a full refund from the orders screen the same
 * addresses answer 403. The pages pass axe at phone and desktop widths.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { REFUND_TEXTS } from '@contracts/admin-orders';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { SKIP_REFUSED_MESSAGE } from '@pwa/features/learning/lib/no-skipping';
import { signIn, signInCustomer } from './support/session';
import { animationsSettled } from './support/animations';
import { ADMIN, VIDEO_SECONDS, buildLessonCourse, ok, type Built } from './support/lesson-course';
import { payWithTestCard } from './support/pay';

let built: Built;
const buyer = `learner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function violations(page: Page) {
  // Each caller has waited for what the page shows; here the document's load and its finite animations, not network
  // silence (which twice never came in a full CI run, the page idle and its last request answered).
  await page.waitForLoadState('load');
  await animationsSettled(page);
  // A toast of the purchase (5 s) is the app's, not these pages': judged once it has gone.
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(180_000);
  built = await buildLessonCourse(browser, request, { noSkipping: true });
});

test.afterAll(async ({ request }) => {
  // Out of the catalogue the other specs count (a course with an order is kept, inactive).
  if (built) {
    const gone = await request.delete(`/api/courses/${built.course.id}`, { headers: built.auth });
    if (!gone.ok()) await request.put(`/api/courses/${built.course.id}`, { headers: built.auth, data: { isActive: false } });
  }
});

test('a visitor sees the syllabus and that they have no access, and My Training asks them to log in', async ({ page }) => {
  await page.goto(`/learn/${built.course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: built.course.title })).toBeVisible();
  const module = page.getByRole('region', { name: 'Getting started' });
  for (const title of ['Read me first', 'Checklist', 'Validation basics']) await expect(module.getByText(title, { exact: true })).toBeVisible();
  // Titles only: no lesson links, no handout, no player.
  await expect(module.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Download handout/ })).toHaveCount(0);
  await expect(page.getByText(LEARNING_MESSAGES.notEntitled)).toBeVisible();
  await page.getByRole('link', { name: 'View the course page' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${built.course.id}$`));

  await page.goto(`/learn/${built.course.id}/lessons/${built.lessons.video}`);
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await page.goto('/learn');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer Login' })).toBeVisible();
});

test('a signed-in customer who has not bought it is told so on the lesson page, never given a player', async ({ page }) => {
  await signInCustomer(page, `browser-${Date.now()}@example.com`);
  await page.goto('/learn');
  await expect(page.getByRole('heading', { name: 'No courses yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');
  await page.goto(`/learn/${built.course.id}/lessons/${built.lessons.video}`);
  await expect(page.getByText(LEARNING_MESSAGES.notEntitled)).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});

/** Buys the course with the test card, signed in as `buyer`. */
async function buy(page: Page) {
  await signInCustomer(page, buyer);
  await page.goto(`/courses/${built.course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await payWithTestCard(page, 'Lena Learner');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

const card = (page: Page) => page.getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ hasText: built.course.title });

test('a buyer finds the course in My Training, reads the text page and downloads the handout', async ({ page }) => {
  test.setTimeout(120_000);
  await buy(page);
  // From the header's account menu.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu/i })
    .click();
  await page.getByRole('menuitem', { name: 'My Training' }).click();
  await expect(page).toHaveURL(/\/learn$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
  await expect(card(page).getByText('Bought', { exact: true })).toBeVisible();
  await expect(card(page).getByText('Recorded Course', { exact: true })).toBeVisible();
  await expect(card(page).getByRole('progressbar', { name: '0% complete' })).toBeVisible();

  // Continue opens the first lesson: the text page, sanitised.
  await card(page)
    .getByRole('button', { name: `Continue ${built.course.title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/learn/${built.course.id}/lessons/${built.lessons.text}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Read me first' })).toBeVisible();
  await expect(page.getByTestId('lesson-body')).toContainText('Welcome to GMP Essentials.');
  await expect(page.getByTestId('lesson-body').locator('strong')).toHaveText('GMP Essentials');
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(await violations(page)).toEqual([]);

  // Opened = done: the syllabus says so, and My Training counts it (one lesson of three).
  await page.getByRole('link', { name: 'Course content' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Read me first' });
  await expect(row.getByText('Done', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The handout, through the bearer-token request and its signed address.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download handout (PDF): Checklist' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Checklist.pdf');
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  await page.goto('/learn');
  await expect(card(page).getByRole('progressbar', { name: '33% complete' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // At a phone's width too.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [route, shown] of [
    ['/learn', card(page)],
    [`/learn/${built.course.id}`, page.getByRole('listitem').filter({ hasText: 'Read me first' })],
    [`/learn/${built.course.id}/lessons/${built.lessons.text}`, page.getByTestId('lesson-body')],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shown).toBeVisible();
    expect(await violations(page), route).toEqual([]);
  }
  // Profile's "View Course" leads here too.
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'View Course' }).first()).toHaveAttribute('href', `/learn/${built.course.id}`);
});

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('the buyer plays the video from the keyboard, cannot skip ahead, uses the transcript, and continues on another device', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInCustomer(page, buyer);
  await page.goto(`/learn/${built.course.id}/lessons/${built.lessons.video}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Validation basics' })).toBeVisible();
  const player = page.getByRole('group', { name: 'Video player: Validation basics' });
  await expect(player.getByRole('button', { name: /^Quality: Auto/ })).toBeVisible();
  await player.locator('video').evaluate((v: HTMLVideoElement) => (v.muted = true));

  // No skipping ahead: from the start, → is refused and said politely.
  const play = player.getByRole('button', { name: 'Play', exact: true });
  await play.focus();
  await page.keyboard.press('ArrowRight');
  await expect(player.getByRole('status').filter({ hasText: SKIP_REFUSED_MESSAGE })).toBeVisible();
  expect(await videoTime(page)).toBeLessThan(1.5);

  // K plays; Space on the Pause button is the button's own (it pauses).
  await page.keyboard.press('k');
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeFocused();
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(6);
  const progress = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/lessons/${built.lessons.video}/progress`));
  await page.keyboard.press('Space');
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const sent = (await progress).postDataJSON() as { position: number; ranges: Array<[number, number]> };
  expect(sent.position).toBeGreaterThan(6);
  expect(sent.ranges[0]![0]).toBeLessThan(1);
  const stoppedAt = await videoTime(page);

  // Going back is allowed; the arrows move 5 s.
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => videoTime(page)).toBeCloseTo(stoppedAt - 5, 0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => videoTime(page)).toBeCloseTo(stoppedAt, 0);

  // Speed and captions from their menus; M mutes, C turns captions off again.
  await player.getByRole('button', { name: 'Playback speed: 1×' }).click();
  await page.getByRole('menuitemradio', { name: '1.5×' }).click();
  expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  // A choice closes its menu (and the next menu opens only once this one has gone).
  await expect(page.getByRole('menu')).toHaveCount(0);
  await player.getByRole('button', { name: 'Captions: Off' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Off' })).toBeChecked();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(player.getByRole('button', { name: 'Captions: English' })).toBeVisible();
  expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]!.mode)).toBe('showing');
  await player.getByRole('button', { name: 'Captions: English' }).focus();
  await page.keyboard.press('c');
  await expect(player.getByRole('button', { name: 'Captions: Off' })).toBeVisible();
  // (muted since the start)
  await page.keyboard.press('m');
  await expect(player.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
  await page.keyboard.press('m');
  await expect(player.getByRole('button', { name: 'Unmute' })).toBeVisible();

  // The transcript: searched, and a line moves the video there.
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await transcript.getByRole('searchbox', { name: 'Search the transcript' }).fill('validation');
  await expect(transcript.getByText('1 of 2 lines match')).toBeVisible();
  await transcript.getByRole('button', { name: /Here is how validation works/ }).click();
  await expect.poll(() => videoTime(page)).toBeCloseTo(3, 0);
  expect(await violations(page)).toEqual([]);

  // Leaving the lesson reports where it stands; on another device it continues there.
  await page.getByRole('link', { name: 'Course content' }).click();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'Validation basics' })
      .getByText(/% watched$/),
  ).toBeVisible();
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInCustomer(second, buyer);
  await second.goto('/learn');
  await expect(card(second).getByRole('link', { name: `Continue ${built.course.title}` })).toHaveAttribute(
    'href',
    `/learn/${built.course.id}/lessons/${built.lessons.video}`,
  );
  await card(second)
    .getByRole('link', { name: `Continue ${built.course.title}` })
    .click();
  await expect(second.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(() => videoTime(second), { timeout: 30_000 }).toBeCloseTo(3, 0);
  await other.close();
});

/** The progress reports this device keeps for later (IndexedDB `learning-progress`). */
const keptReports = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ lessonId: string; ranges: Array<[number, number]> }>>((resolve, reject) => {
        const open = indexedDB.open('learning-progress');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('pending')) return resolve([]);
          const all = db.transaction('pending').objectStore('pending').getAll();
          all.onsuccess = () => resolve(all.result);
        };
      }),
  );

test('progress made offline is kept on the device and sent once when the connection is back', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInCustomer(page, buyer);
  await page.goto(`/learn/${built.course.id}/lessons/${built.lessons.video}`);
  const player = page.getByRole('group', { name: 'Video player: Validation basics' });
  await player.locator('video').evaluate((v: HTMLVideoElement) => (v.muted = true));
  // The whole video is on the device before the connection goes.
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0)), { timeout: 30_000 })
    .toBeGreaterThan(VIDEO_SECONDS - 1);
  const from = await videoTime(page);
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/lessons/${built.lessons.video}/progress`)) posted.push(r.postData() ?? '');
  });
  await context.setOffline(true);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(from + 2);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await keptReports(page)).map((r) => r.lessonId)).toEqual([built.lessons.video]);
  const [kept] = await keptReports(page);
  expect(kept!.ranges[0]![0]).toBeLessThanOrEqual(from + 0.5);
  expect(posted).toEqual([]);

  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/lessons/${built.lessons.video}/progress`));
  await context.setOffline(false);
  expect((await sent).status()).toBe(200);
  expect(JSON.parse(posted[0]!)).toMatchObject({ ranges: kept!.ranges });
  await expect.poll(async () => (await keptReports(page)).length).toBe(0);
  expect(posted).toHaveLength(1);
});

test('the player renews its media credential before it runs out, and later requests carry the new one', async ({ page }) => {
  test.setTimeout(90_000);
  await signInCustomer(page, buyer);
  const credential = (url: string) => /\/media\/lessons\/[^/]+\/([^/]+)\//.exec(url)?.[1];
  // The first answer says its credential lasts 65 s: the player asks again after 10 s.
  const answers: string[] = [];
  await page.route(`**/api/lessons/${built.lessons.video}/playback`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { manifestUrl: string; expiresInSeconds: number };
    answers.push(credential(body.manifestUrl)!);
    await route.fulfill({ response, json: answers.length === 1 ? { ...body, expiresInSeconds: 65 } : body });
  });
  // Every segment is refused until the credential has been renewed (hls.js retries it). Every one:
  // the player starts where the earlier tests left the buyer, which may be in the last segment.
  const segments: string[] = [];
  await page.route('**/media/lessons/**/seg_*.ts', async (route) => {
    if (answers.length < 2) return route.abort('connectionreset');
    segments.push(route.request().url());
    return route.continue();
  });
  await page.goto(`/learn/${built.course.id}/lessons/${built.lessons.video}`);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(2);
  // Issued a second or more apart, the two credentials differ.
  expect(answers[1]).not.toBe(answers[0]);
  await expect.poll(() => segments.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(credential(segments[0]!)).toBe(answers[1]);
  // The captions' addresses follow the renewal too.
  const player = page.getByRole('group', { name: 'Video player: Validation basics' });
  const captions = page.waitForRequest((r) => r.url().includes('/captions/en.vtt'));
  await player.getByRole('button', { name: 'Captions: Off' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  expect(credential((await captions).url())).toBe(answers[1]);
});

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

test('after a full refund from the orders screen the buyer gets nothing: not the page, not the manifest, not a segment', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInCustomer(page, buyer);
  const auth = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
  // While entitled: the manifest, a rendition's playlist and its first segment are served.
  const playback = await ok<{ manifestUrl: string }>(page.request.get(`/api/lessons/${built.lessons.video}/playback`, { headers: auth }), 200);
  const manifest = new URL(playback.manifestUrl, page.url());
  const master = await page.request.get(manifest.href);
  expect(master.status()).toBe(200);
  const variant = new URL(
    (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!,
    manifest,
  );
  const rendition = await page.request.get(variant.href);
  expect(rendition.status()).toBe(200);
  const segment = new URL(
    (await rendition.text()).split('\n').find((line) => /\.(ts|m4s)$/.test(line))!,
    variant,
  );
  expect((await page.request.get(segment.href)).status()).toBe(200);

  // The admin refunds the whole order from the orders screen.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN, 'admin');
  await admin.goto('/admin/orders');
  await admin.getByLabel('Search orders').fill(buyer);
  const row = admin.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
  await expect(row).toContainText(buyer);
  await row.getByRole('button', { name: /^Refund order / }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText(REFUND_TEXTS.full)).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Course not as described');
  await dialog.getByRole('button', { name: REFUND_TEXTS.confirm }).click();
  await expect(toast(admin, REFUND_TEXTS.success)).toBeVisible();
  await expect(row.getByText('refunded', { exact: true })).toBeVisible();
  await adminContext.close();

  // At once, with the very addresses that worked a moment ago: nothing.
  for (const address of [manifest.href, variant.href, segment.href]) expect((await page.request.get(address)).status(), address).toBe(403);
  expect((await page.request.get(`/api/lessons/${built.lessons.video}/playback`, { headers: auth })).status()).toBe(403);
  expect((await page.request.get(`/api/lessons/${built.lessons.document}/document`, { headers: auth })).status()).toBe(403);
  await page.goto(`/learn/${built.course.id}/lessons/${built.lessons.video}`);
  await expect(page.getByText(LEARNING_MESSAGES.notEntitled)).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await page.goto('/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});
