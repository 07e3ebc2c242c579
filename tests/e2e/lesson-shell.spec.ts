/**
 * A video lesson opened cold (issue 29's first frame): the server answers its address with the
 * lesson's shell, whose early-read script asks for the lesson and its playback answer before the
 * app has run; the app takes those answers instead of asking again, and the video plays. When the
 * early answers are not this lesson's, or are too old, the app asks for its own and still plays.
 */
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import type { Syllabus } from '@contracts/learning';
import { signIn, signInCustomer } from './support/session';
import { wholeAppOffline } from './support/offline-app';

const ADMIN = 'admin@lifescience-academy.example';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-shell-e2e-'));
const learner = `early-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
let adminAuth: Record<string, string> = {};
let course: Course;
let lessonId = '';
/** The learner's signed-in storage (their token), for fresh contexts. */
let learnerState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

/**
 * A testsrc MP4 made by the app's own ffmpeg (nothing downloaded). 20 s: on a slow day (CI of
 * 2026-11-29) the app took the early video over only after all 8 s of an earlier, shorter one had
 * played, and an ended video does not go on playing.
 */
function testVideo(): Buffer {
  const file = path.join(dir, 'lesson.mp4');
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const made = spawnSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=20:size=640x360:rate=25',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the test video: ${made.stderr}`);
  return fs.readFileSync(file);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN, 'admin');
  adminAuth = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
  await context.close();
  // The learner's account, made by signing in once; later pages start from its storage.
  const learnerContext = await browser.newContext({ serviceWorkers: 'block' });
  await signInCustomer(await learnerContext.newPage(), learner);
  learnerState = await learnerContext.storageState();
  await learnerContext.close();

  const keyed = () => ({ ...adminAuth, 'Idempotency-Key': crypto.randomUUID() });
  const data = { type: 'recorded_course', title: `First frame ${Date.now()}`, shortDescription: 'One video', instructorName: 'Dr. Ada Lane', price: '49' };
  course = (await (await request.post('/api/courses', { headers: keyed(), data })).json()) as Course;
  const lesson = await request.post(`/api/courses/${course.id}/lessons`, { headers: keyed(), data: { title: 'Opened cold', kind: 'video' } });
  expect(lesson.status(), await lesson.text()).toBe(201);
  lessonId = ((await lesson.json()) as { id: string }).id;
  const bytes = testVideo();
  const tus = { ...adminAuth, 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/uploads/video', { headers: { ...tus, 'Upload-Length': String(bytes.length) } });
  const location = created.headers()['location']!;
  await request.patch(location, { headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, data: bytes });
  const attached = await request.put(`/api/lessons/${lessonId}`, { headers: keyed(), data: { videoUploadId: location.split('/').pop() } });
  expect(attached.status(), await attached.text()).toBe(200);
  const granted = await request.post('/api/admin/entitlements', { headers: keyed(), data: { email: learner, courseId: course.id } });
  expect(granted.status(), await granted.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const syllabus = (await (await request.get(`/api/courses/${course.id}/lessons`, { headers: adminAuth })).json()) as Syllabus;
        return syllabus.modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId)?.video?.status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('ready');
});

test.afterAll(async ({ request }) => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (course) await request.put(`/api/courses/${course.id}`, { headers: { ...adminAuth, 'Idempotency-Key': crypto.randomUUID() }, data: { isActive: false } });
});

/** The lesson's reads the page sent, by address. */
function countReads(page: Page) {
  const reads = { lesson: 0, playback: 0 };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === `/api/lessons/${lessonId}`) reads.lesson += 1;
    if (pathname === `/api/lessons/${lessonId}/playback`) reads.playback += 1;
  });
  return reads;
}

async function plays(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Opened cold' })).toBeVisible();
  const video = page.getByRole('group', { name: 'Video player: Opened cold' }).locator('video');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
}

/** A page whose shell's early answers are altered as the script leaves them: `alter` runs in the page. */
async function withEarlyReadsAltered(page: Page, alter: 'other lesson' | 'too old') {
  await page.addInitScript((how) => {
    let kept: unknown;
    Object.defineProperty(window, '__lessonEarlyReads', {
      configurable: true,
      get: () => kept,
      set: (early: { lessonId: string; at: number }) => {
        kept = how === 'other lesson' ? { ...early, lessonId: 'another-lesson' } : { ...early, at: early.at - 60_000 };
      },
    });
  }, alter);
}

/** A new browser context (no cache; no service worker, which would answer with the plain shell) with the learner signed in. */
const coldPage = async (browser: import('@playwright/test').Browser) =>
  (await browser.newContext({ storageState: learnerState, serviceWorkers: 'block' })).newPage();

test('a lesson opened cold is answered with its shell, its reads are sent once, before the app, and it plays', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const shell = await request.get(`/learn/${course.id}/lessons/${lessonId}`);
  expect(await shell.text()).toMatch(/<script async fetchpriority="high" src="\/assets\/run-early-reads-[^"]+\.js"><\/script>/);

  const page = await coldPage(browser);
  const reads = countReads(page);
  await page.goto(`/learn/${course.id}/lessons/${lessonId}`);
  await plays(page);
  expect(reads).toEqual({ lesson: 1, playback: 1 });
  // Taken once: nothing is left for a later page to take.
  expect(await page.evaluate(() => '__lessonEarlyReads' in window)).toBe(false);
  await page.context().close();
});

for (const alter of ['other lesson', 'too old'] as const) {
  test(`early answers of ${alter === 'other lesson' ? 'another lesson' : 'too long ago'} are not used: the lesson asks again and plays`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = await coldPage(browser);
    await withEarlyReadsAltered(page, alter);
    const reads = countReads(page);
    await page.goto(`/learn/${course.id}/lessons/${lessonId}`);
    await plays(page);
    expect(reads).toEqual({ lesson: 2, playback: 2 });
    await page.context().close();
  });
}

/** The learner's session token, for the API. */
const learnerAuth = () => ({
  Authorization: `Bearer ${learnerState.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'auth_token')!.value}`,
});

test('the video starts before the app, with the browser’s controls; the app’s player takes that same video on, playing, and what was watched before it counts', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const page = await coldPage(browser);
  // The first <video> in the page, as it arrives: is the app there yet? Then Play, as a learner pressing it at once.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const video = document.querySelector('video');
      if (!video) return;
      observer.disconnect();
      const seen = { controls: video.controls, inEarlyFrame: !!video.closest('.early-player'), appRendered: !!document.querySelector('[role="group"]') };
      Object.assign(window, { __firstVideo: seen });
      Object.assign(video, { __first: true });
      video.muted = true;
      void video.play();
    }).observe(document, { subtree: true, childList: true });
  });
  // The app's code held back until the early video has played 3 s.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 30_000, intervals: [200] }).toBeGreaterThan(3);
    await route.continue();
  });
  const reads = countReads(page);
  await page.goto(`/learn/${course.id}/lessons/${lessonId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Opened cold' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __firstVideo: unknown }).__firstVideo)).toEqual({
    controls: true,
    inEarlyFrame: true,
    appRendered: false,
  });

  const video = page.getByRole('group', { name: 'Video player: Opened cold' }).locator('video');
  expect(await video.evaluate((v: HTMLVideoElement) => [(v as unknown as { __first?: boolean }).__first, v.controls, v.getAttribute('aria-label')])).toEqual([
    true,
    false,
    'Opened cold',
  ]);
  await expect(page.locator('.early-player')).toHaveCount(0);
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(at + 0.5);
  expect(reads).toEqual({ lesson: 1, playback: 1 });

  // Paused, the player reports: the watching from before the app took the video over is in it.
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/lessons/${lessonId}/playback`, { headers: learnerAuth() })).json()) as { furthestSeconds: number }).furthestSeconds,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(3);
  await page.context().close();
});

test('when the shell’s script cannot be loaded, the app starts by itself and the lesson plays', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await coldPage(browser);
  await page.route(/\/assets\/run-early-reads-[^/]+\.js$/, (route) => route.abort());
  const reads = countReads(page);
  await page.goto(`/learn/${course.id}/lessons/${lessonId}`);
  await plays(page);
  expect(reads).toEqual({ lesson: 1, playback: 1 });
  await page.context().close();
});

test('opened from the service worker, a lesson gets its own shell too, and plays', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ storageState: learnerState, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/');
  await wholeAppOffline(page);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/learn/${course.id}/lessons/${lessonId}`);
  await page.goto(`/learn/${course.id}/lessons/${lessonId}`);
  expect((await answered).fromServiceWorker()).toBe(true);
  await expect(page.locator('script[src*="/assets/run-early-reads-"]')).toHaveCount(1);
  await plays(page);
  await context.close();
});
