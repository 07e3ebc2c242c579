/**
 * The Content tab of a course editor (issue 29, points 2–4), as an admin uses it against the real
 * API and its job runner: a module and three lessons (video, document, text), reordered from the
 * keyboard (announced, the focus kept on the button), a text page written in the rich-text editor,
 * a non-PDF refused and a PDF uploaded, its material limited to a tier, captions, and a video
 * whose upload loses its connection at 40 % and continues from there, then is transcoded until
 * Ready. Offline, changes wait in the outbox ("Not synced yet") and land in order once back online.
 * The test video is made at test time with the ffmpeg binary the app uses (nothing downloaded).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { ADMIN, chooseFile, lessonItem, madeCourse, openContent, outlineOf, ownCourse, removeMadeCourses, syllabus, violations } from './support/content-tab';
import { signIn } from './support/session';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-e2e-'));
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A 3-second testsrc MP4 (about 100 KB), encoded by the app's own ffmpeg. */
function testVideo(): string {
  const file = path.join(dir, 'welcome.mp4');
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=320x240:rate=25',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
  ];
  const made = spawnSync(ffmpeg, [...args, file]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the test video: ${made.stderr}`);
  return file;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the course.\n';

test.afterEach(({ request }) => removeMadeCourses(request));

async function addLesson(page: Page, title: string, kind: 'Video' | 'Document (PDF)' | 'Text page') {
  await page.getByLabel('New lesson title').fill(title);
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('button', { name: 'Add lesson' }).click();
  // Enabled once the server has it (a lesson still on its way is shown, its actions waiting).
  await expect(lessonItem(page, title).getByRole('button', { name: `Edit lesson ${title}` })).toBeEnabled();
}

test('an admin builds a course: a module and three lessons, reordered by keyboard, a text page, a PDF, tiers, captions and a video resumed after a dropped connection until Ready', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const video = testVideo();
  const videoBytes = fs.statSync(video).size;
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Content course ${Date.now().toString(36)}`;
  const { course, auth, tiers } = await ownCourse(page, request, title);
  const dialog = await openContent(page, title);
  await expect(dialog.getByText('No modules or lessons yet. Add a module, then its lessons.')).toBeVisible();

  // A module, then three lessons in it (a new lesson goes into the last module by default).
  await dialog.getByLabel('New module title').fill('Getting started');
  await dialog.getByRole('button', { name: 'Add module' }).click();
  await expect(dialog.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(dialog.getByLabel('In module')).toHaveValue(/.+/);
  await addLesson(page, 'Welcome video', 'Video');
  await addLesson(page, 'Checklist', 'Document (PDF)');
  await addLesson(page, 'Reading', 'Text page');
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Getting started: Welcome video, Checklist, Reading']);

  // Reordered from the keyboard: the move is announced and the focus stays on the button.
  const up = dialog.getByRole('button', { name: 'Move lesson Reading up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Moved “Reading” to position 2 of 3 in Getting started.' })).toBeAttached();
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Moved “Reading” to position 1 of 3 in Getting started.' })).toBeAttached();
  await expect(up).toBeFocused();
  await expect(up).toHaveAttribute('aria-disabled', 'true');
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Getting started: Reading, Welcome video, Checklist']);

  // The text page, in the rich-text editor.
  await dialog.getByRole('button', { name: 'Edit lesson Reading' }).click();
  const editor = dialog.getByRole('textbox', { name: 'Lesson text' });
  await editor.click();
  await page.keyboard.type('Read this before the first video.');
  await dialog.getByRole('button', { name: 'Save text' }).click();
  await expect.poll(async () => (await syllabus(request, course.id, auth)).modules[0]!.lessons[0]!.body).toContain('Read this before the first video.');
  await dialog.getByRole('button', { name: 'Edit lesson Reading' }).click();

  // The handout: a file that is not a PDF is refused here, a PDF is uploaded; its material goes with Premium only.
  await dialog.getByRole('button', { name: 'Edit lesson Checklist' }).click();
  await chooseFile(page, 'Choose PDF', { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('PK\u0003\u0004 not a pdf') });
  await expect(dialog.getByText('Please upload a PDF file.')).toBeVisible();
  await chooseFile(page, 'Choose PDF', { name: 'checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText(`checklist.pdf (${PDF.length} B) uploaded.`)).toBeVisible();
  const premium = dialog.getByRole('group', { name: 'Lesson Checklist' }).getByRole('checkbox', { name: 'Premium' });
  await premium.click();
  await expect(premium).toBeChecked();
  await expect
    .poll(async () => (await syllabus(request, course.id, auth)).modules[0]!.lessons.find((l) => l.title === 'Checklist'))
    .toMatchObject({ hasDocument: true, materialTierIds: [tiers[1]!.id] });
  await dialog.getByRole('button', { name: 'Edit lesson Checklist' }).click();

  // The video: the connection drops after 40 % of the bytes reached the server; the upload continues from there.
  const cut = Math.floor(videoBytes * 0.4);
  const offsets: number[] = [];
  let dropped = false;
  await page.route('**/api/uploads/video/*', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'PATCH') return route.continue();
    const offset = Number(sent.headers()['upload-offset']);
    offsets.push(offset);
    if (dropped) return route.continue();
    dropped = true;
    // 40 % arrives, then the connection is gone.
    const partial = await request.patch(sent.url(), {
      headers: {
        Authorization: sent.headers()['authorization']!,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      data: sent.postDataBuffer()!.subarray(0, cut),
    });
    expect(partial.status()).toBe(204);
    return route.abort('connectionreset');
  });
  const lesson = lessonItem(page, 'Welcome video');
  await dialog.getByRole('button', { name: 'Edit lesson Welcome video' }).click();
  await chooseFile(page, 'Choose video file', video);
  await expect(lesson.getByText('welcome.mp4 uploaded.')).toBeVisible({ timeout: 30_000 });
  await expect(lesson.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  // Transcoded by the server's job runner: the state is read again until it is ready, with its duration.
  await expect(lesson.getByText(/^Ready \(0:0[23]\)$/).first()).toBeVisible({ timeout: 90_000 });
  expect(offsets).toEqual([0, cut]);

  // Captions for the video, in English.
  await chooseFile(page, 'Choose captions file', { name: 'welcome.en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await dialog.getByRole('button', { name: 'Upload captions' }).click();
  await expect(dialog.getByText('English captions (en) uploaded.')).toBeVisible();
  const transcript = await request.get(`/api/lessons/${(await syllabus(request, course.id, auth)).modules[0]!.lessons[1]!.id}/transcript`, { headers: auth });
  expect(((await transcript.json()) as { cues: Array<{ text: string }> }).cues.map((c) => c.text)).toEqual(['Welcome to the course.']);

  // The tab as it stands passes axe (the open lesson included).
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  // And at a phone's width.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
});

test('offline, content changes wait on the device in order and land when the connection is back; deleting asks first', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Offline content ${Date.now().toString(36)}`;
  const { course, auth } = await ownCourse(page, request, title);
  const dialog = await openContent(page, title);
  await dialog.getByLabel('New module title').fill('Part one');
  await dialog.getByRole('button', { name: 'Add module' }).click();
  await addLesson(page, 'Overview', 'Text page');

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Rename module Part one' }).click();
  await dialog.getByLabel('New title of module Part one').fill('Part 1');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.getByLabel('New lesson title').fill('Summary');
  await dialog.getByRole('radio', { name: 'Text page' }).check();
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByRole('heading', { name: /Part 1/ }).getByText('Not synced yet')).toBeVisible();
  await expect(lessonItem(page, 'Summary').getByText('Not synced yet')).toBeVisible();
  await expect(dialog.getByText('2 changes are saved on this device and not synced yet', { exact: false })).toBeVisible();
  expect(outlineOf(await syllabus(request, course.id, auth))).toEqual(['Part one: Overview']);

  await context.setOffline(false);
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth)), { timeout: 30_000 }).toEqual(['Part 1: Overview, Summary']);
  await expect(dialog.getByText('Not synced yet')).toHaveCount(0);

  // Deleting a lesson asks first; Cancel keeps it.
  await dialog.getByRole('button', { name: 'Delete lesson Overview' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete lesson' });
  await expect(confirm).toContainText('Are you sure you want to delete "Overview"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(outlineOf(await syllabus(request, course.id, auth))).toEqual(['Part 1: Overview, Summary']);
  await dialog.getByRole('button', { name: 'Delete lesson Overview' }).click();
  await page.getByRole('alertdialog', { name: 'Delete lesson' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Part 1: Summary']);
  // Deleting the module leaves its lesson in the course.
  await dialog.getByRole('button', { name: 'Delete module Part 1' }).click();
  await page.getByRole('alertdialog', { name: 'Delete module' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Lessons: Summary']);
});

test('every course editor has the Content tab: the full-screen webinar editor and the seminar page, keyboard-reachable and axe-clean', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);
  const kinds = [
    {
      type: 'live_webinar',
      path: (id: string) => `/admin/webinars/edit/${id}`,
      extra: { startDate: '2027-03-02T15:00:00.000Z', duration: 90, timezone: 'US/Eastern' },
    },
    {
      type: 'live_seminar',
      path: (id: string) => `/admin/seminars/edit/${id}`,
      extra: { startDate: '2027-04-02T09:00:00.000Z', endDate: '2027-04-02T17:00:00.000Z', duration: 480, timezone: 'US/Eastern', location: 'Boston' },
    },
  ];
  for (const kind of kinds) {
    const created = await request.post('/api/courses', {
      headers: auth,
      data: {
        type: kind.type,
        title: `Tabs ${kind.type} ${stamp}`,
        shortDescription: 'Has a Content tab',
        instructorName: 'Dr. Ada Lane',
        price: '0',
        ...kind.extra,
      },
    });
    expect(created.status()).toBe(201);
    const course = (await created.json()) as Course;
    madeCourse(course.id, auth);
    await page.goto(kind.path(course.id));
    const tabs = page.getByRole('tablist', { name: 'Course editor' });
    await expect(tabs.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
    // Reached and chosen from the keyboard.
    await tabs.getByRole('tab', { name: 'Details' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Content' })).toBeFocused();
    await expect(tabs.getByRole('tab', { name: 'Content', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Course Content' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('New module title').fill('Day one');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Day one' })).toBeVisible();
    await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Day one: ']);
    // After a write the sidebar's sync status has had its popover (whose focus sentinels axe flags at the page's edge): the tab itself is judged.
    expect(await violations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);
    // The details are still there, as typed.
    await tabs.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(course.title);
  }
});

test('lessons and modules are reordered by dragging: a lesson into another module, a module above another', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Dragged content ${Date.now().toString(36)}`;
  const { course, auth } = await ownCourse(page, request, title);
  const write = async (url: string, data: unknown) => {
    const answer = await request.post(url, { headers: auth, data });
    expect(answer.status()).toBe(201);
    return (await answer.json()) as { id: string };
  };
  const first = await write(`/api/courses/${course.id}/modules`, { title: 'Basics' });
  const second = await write(`/api/courses/${course.id}/modules`, { title: 'Advanced' });
  for (const [lesson, moduleId] of [
    ['Intro', first.id],
    ['Terms', first.id],
    ['Deep dive', second.id],
  ] as const)
    await write(`/api/courses/${course.id}/lessons`, { title: lesson, kind: 'text', moduleId });
  // Tall enough for both ends of each drag to be in view: scrolling to the target mid-drag moves the rows under the pointer.
  await page.setViewportSize({ width: 1280, height: 1000 });
  const dialog = await openContent(page, title);

  // "Terms" dropped on "Deep dive": it goes into Advanced, before it.
  await lessonItem(page, 'Terms').getByText('Terms', { exact: true }).dragTo(lessonItem(page, 'Deep dive'));
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Basics: Intro', 'Advanced: Terms, Deep dive']);
  await expect(dialog.getByRole('list', { name: 'Advanced' }).getByRole('listitem')).toHaveText([/Terms/, /Deep dive/]);
  // Advanced, dragged by its header onto Basics: it comes first.
  await dialog.getByRole('heading', { name: 'Advanced' }).dragTo(dialog.getByRole('heading', { name: 'Basics' }));
  await expect.poll(async () => outlineOf(await syllabus(request, course.id, auth))).toEqual(['Advanced: Terms, Deep dive', 'Basics: Intro']);
  await expect(dialog.getByRole('status').filter({ hasText: 'Moved module “Advanced” to position 1 of 2.' })).toBeAttached();
});

test('a video upload cut off before a reload continues from where it stopped when the same file is chosen again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const video = testVideo();
  const cut = Math.floor(fs.statSync(video).size * 0.4);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Reloaded upload ${Date.now().toString(36)}`;
  const { course, auth } = await ownCourse(page, request, title);
  const created = await request.post(`/api/courses/${course.id}/lessons`, { headers: auth, data: { title: 'Lecture', kind: 'video' } });
  expect(created.status()).toBe(201);

  // Every PATCH fails (the first after 40 % reached the server) until the page has been reloaded.
  let cutOff = true;
  const creations: string[] = [];
  const offsets: number[] = [];
  await page.route('**/api/uploads/video**', async (route) => {
    const sent = route.request();
    if (sent.method() === 'POST') creations.push(sent.url());
    if (sent.method() !== 'PATCH') return route.continue();
    const offset = Number(sent.headers()['upload-offset']);
    offsets.push(offset);
    if (!cutOff) return route.continue();
    if (offset === 0) {
      const partial = await request.patch(sent.url(), {
        headers: {
          Authorization: sent.headers()['authorization']!,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        data: sent.postDataBuffer()!.subarray(0, cut),
      });
      expect(partial.status()).toBe(204);
    }
    return route.abort('connectionreset');
  });
  let dialog = await openContent(page, title);
  await dialog.getByRole('button', { name: 'Edit lesson Lecture' }).click();
  await chooseFile(page, 'Choose video file', video);
  await expect.poll(() => offsets.filter((o) => o === cut).length, { timeout: 20_000 }).toBeGreaterThan(0);

  // The old page keeps retrying (1 s, 3 s, …) until it is gone: the cut holds until the reload is done,
  // or a retry let through before it would finish the upload on the old page.
  await page.reload();
  cutOff = false;
  dialog = await openContent(page, title);
  await dialog.getByRole('button', { name: 'Edit lesson Lecture' }).click();
  await expect(dialog.getByText(/^An upload of welcome\.mp4 \(.+\) did not finish\. Choose the same file to continue where it stopped\.$/)).toBeVisible();
  await chooseFile(page, 'Choose video file', video);
  await expect(
    lessonItem(page, 'Lecture')
      .getByText(/^Ready \(0:0[23]\)$/)
      .first(),
  ).toBeVisible({ timeout: 90_000 });
  // One upload, continued from the 40 % the server had: never created again, never sent from the start again.
  expect(creations).toHaveLength(1);
  expect(offsets[0]).toBe(0);
  expect(offsets.slice(1).every((o) => o === cut)).toBe(true);
  await expect(dialog.getByText(/did not finish/)).toHaveCount(0);
});

test('an upload is paused and resumed; a file that is not a video fails with the reason, and Retry says why it cannot', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Failed video ${Date.now().toString(36)}`;
  const { course, auth } = await ownCourse(page, request, title);
  expect((await request.post(`/api/courses/${course.id}/lessons`, { headers: auth, data: { title: 'Clip', kind: 'video' } })).status()).toBe(201);

  // The first PATCH hangs until the admin pauses (which ends it); after Resume the bytes go through.
  let hold = true;
  await page.route('**/api/uploads/video/*', async (route) => {
    if (route.request().method() !== 'PATCH' || !hold) return route.continue();
    await expect.poll(() => hold, { timeout: 30_000 }).toBe(false);
    return route.abort('connectionreset').catch(() => undefined);
  });
  const dialog = await openContent(page, title);
  await dialog.getByRole('button', { name: 'Edit lesson Clip' }).click();
  const notVideo = Buffer.from('These are lecture notes, not a video.\n'.repeat(200));
  await chooseFile(page, 'Choose video file', { name: 'clip.mp4', mimeType: 'video/mp4', buffer: notVideo });
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(dialog.getByText(/^Paused at 0 % \(0 B of 7\.\d KB\)$/)).toBeVisible();
  hold = false;
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await expect(dialog.getByText('clip.mp4 uploaded.')).toBeVisible();

  const clip = lessonItem(page, 'Clip');
  await expect(clip.getByText(`Failed: ${LEARNING_MESSAGES.notVideo}`).first()).toBeVisible({ timeout: 60_000 });
  await clip.getByRole('button', { name: 'Retry processing the video of Clip' }).click();
  // The file was not a video and is gone: the server says so rather than queueing it again.
  await expect(page.locator('.fui-Toast').getByText(LEARNING_MESSAGES.notVideo)).toBeVisible();
  await expect(clip.getByText(`Failed: ${LEARNING_MESSAGES.notVideo}`).first()).toBeVisible();
});
