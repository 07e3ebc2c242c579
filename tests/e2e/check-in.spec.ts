/**
 * Check-in at the venue (issue 30, point 5): a buyer of a live seminar finds their ticket's QR code
 * and code on My Training; staff open the scanner once online, lose the connection, and check the
 * buyer in from the device's own list — "Checked in" at once, "Already checked in" the second time,
 * another session's and unknown codes refused — and when the connection is back the check-in
 * reaches the server once. The scanner is keyboard operable and passes axe at phone width.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import type { Course } from '@contracts/catalogue';
import type { CheckInList } from '@contracts/check-in';
import { signIn, signInCustomer } from './support/session';

test.use({ serviceWorkers: 'allow' });

const ADMIN = 'admin@lifescience-academy.example';
const CARD = { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };

/** Offline for the page and its service worker (Chromium's offline emulation misses the worker's own requests). */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

async function tokenOf(page: Page): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
}

async function listOf(request: APIRequestContext, courseId: string, auth: Record<string, string>): Promise<CheckInList> {
  const answer = await request.get(`/api/admin/courses/${courseId}/check-in-list`, { headers: auth });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as CheckInList;
}

interface Seminar {
  course: Course;
  admin: Record<string, string>;
  /** The ticket's code as printed under its QR code on My Training. */
  printed: string;
  holder: string;
}

/** A live seminar made by the demo admin (signed in on `page`), and a buyer who paid for a seat and read their ticket on My Training. */
async function seminarWithBuyer(page: Page, browser: Browser, request: APIRequestContext): Promise<Seminar> {
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const admin = await tokenOf(page);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const made = await request.post('/api/courses', {
    headers: admin,
    data: {
      type: 'live_seminar',
      title: `GMP at the Door ${stamp}`,
      shortDescription: 'An in-person seminar',
      instructorName: 'Dr. Ada Lane',
      price: '250',
      startDate: '2027-05-04T09:00:00.000Z',
      endDate: '2027-05-04T17:00:00.000Z',
      duration: 480,
      timezone: 'Europe/Paris',
      location: 'Hôtel Lutetia, Paris',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const course = (await made.json()) as Course;
  const buyerContext = await browser.newContext();
  try {
    const buyerPage = await buyerContext.newPage();
    await signInCustomer(buyerPage, `door-${stamp}@example.com`);
    const buyer = await tokenOf(buyerPage);
    const intent = await request.post('/api/create-payment-intent', { headers: buyer, data: { courseIds: [course.id], amount: 250 } });
    expect(intent.status(), await intent.text()).toBe(200);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await request.post('/api/test-payments/confirm', { data: { clientSecret, card: CARD } });
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
    await buyerPage.goto(`/learn/${course.id}`);
    const ticket = buyerPage.getByRole('region', { name: 'Your ticket' });
    await expect(ticket.getByRole('img', { name: /^QR code of your ticket/ })).toBeVisible();
    const printed = (await ticket.getByText(/^LSA1\./).innerText()).trim();
    expect(printed).toMatch(/^LSA1\.[0-9A-F]{8}\.[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    const me = (await (await request.get('/api/auth/me', { headers: buyer })).json()) as { name: string };
    await expect(ticket.getByText(me.name, { exact: true })).toBeVisible();
    return { course, admin, printed, holder: me.name };
  } finally {
    await buyerContext.close();
  }
}

test('staff check a buyer in offline from the device list; the check-in lands once when back online', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await staff.newPage();
  try {
    const { course, admin, printed, holder } = await seminarWithBuyer(page, browser, request);

    // One visit online: the attendee list is now on the device.
    await page.goto(`/admin/check-in/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Check-in: ${course.title}` })).toBeVisible();
    await expect(page.getByText('0 of 1 checked in')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('training-back-office');
              open.onsuccess = () => {
                const read = open.result.transaction('snapshots').objectStore('snapshots').count();
                read.onsuccess = () => resolve(read.result);
              };
            }),
        ),
      )
      .toBeGreaterThan(0);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await goOffline(staff);
    const result = page.getByRole('status', { name: 'Scan result' });
    const code = page.getByRole('textbox', { name: 'Ticket code' });
    // Typed as read out, in lower case: from the keyboard only.
    await code.focus();
    await page.keyboard.type(printed.toLowerCase());
    await page.keyboard.press('Enter');
    await expect(result).toHaveText(`Checked in: ${holder}`);
    await expect(page.getByText('1 of 1 checked in')).toBeVisible();
    await expect(page.getByText('1 scan waiting to be sent')).toBeVisible();
    await expect(code).toBeFocused();
    await code.fill(printed);
    await page.getByRole('button', { name: 'Check ticket' }).click();
    await expect(result).toHaveText(new RegExp(`^Already checked in at \\d{1,2}:\\d{2}.* — ${holder}$`));
    await code.fill(`LSA1.00000000.ABCDE-FGHJK-MNPQR-STVWX`);
    await page.keyboard.press('Enter');
    await expect(result).toHaveText('This ticket is for another session');
    await code.fill(printed.slice(0, -1) + (printed.endsWith('A') ? 'B' : 'A'));
    await page.keyboard.press('Enter');
    await expect(result).toHaveText('Unknown ticket');
    await expect(page.getByText('1 scan waiting to be sent')).toBeVisible();
    // Nothing has reached the server while offline.
    expect((await listOf(request, course.id, admin)).attendees[0]).toMatchObject({ lastIn: null, scans: 0 });

    await goOnline(staff);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('All scans sent')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await listOf(request, course.id, admin)).attendees[0]!.scans).toBe(1);
    const landed = (await listOf(request, course.id, admin)).attendees[0]!;
    expect(landed.lastIn).not.toBeNull();
    expect(landed.name).toBe(holder);
    // The device may send again (a lost answer): still one check-in.
    const again = await request.post(`/api/admin/courses/${course.id}/check-ins`, { headers: admin, data: { ticket: printed, kind: 'in', at: landed.lastIn } });
    expect(again.status()).toBe(200);
    expect((await listOf(request, course.id, admin)).attendees[0]!.scans).toBe(1);
    await request.delete(`/api/courses/${course.id}`, { headers: admin });
  } finally {
    await staff.close();
  }
});

/** The ticket's QR code as a looping camera picture (Y4M, made with the app's own ffmpeg) for Chromium's fake camera. */
async function cameraFileShowing(text: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-in-camera-'));
  const png = path.join(dir, 'ticket.png');
  await QRCode.toFile(png, text, { errorCorrectionLevel: 'M', margin: 4, width: 360 });
  const video = path.join(dir, 'camera.y4m');
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const filter = 'scale=360:360,pad=640:480:140:60:white,format=yuv420p';
  const made = spawnSync(ffmpeg, ['-v', 'error', '-y', '-loop', '1', '-i', png, '-t', '2', '-r', '10', '-vf', filter, video]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the camera picture: ${made.stderr}`);
  return video;
}

test("the camera reads a ticket's QR code (jsQR where the browser has no BarcodeDetector) and checks the buyer in", async ({
  browser,
  request,
  launchOptions,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const setup = await browser.newContext();
  const seminar = await seminarWithBuyer(await setup.newPage(), browser, request);
  await setup.close();
  const camera = await cameraFileShowing(seminar.printed.replace(/-/g, ''));
  const withCamera = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  });
  try {
    const context = await withCamera.newContext({ baseURL, permissions: ['camera'], viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await signIn(page, ADMIN, 'admin');
    await page.goto(`/admin/check-in/${seminar.course.id}`);
    await expect(page.getByText('0 of 1 checked in')).toBeVisible();
    await page.getByRole('button', { name: 'Start camera' }).click();
    await expect(page.getByRole('status', { name: 'Scan result' })).toHaveText(`Checked in: ${seminar.holder}`);
    await expect(page.getByText('1 of 1 checked in')).toBeVisible();
    // The same ticket held up: one check-in.
    await expect.poll(async () => (await listOf(request, seminar.course.id, seminar.admin)).attendees[0]!.scans).toBe(1);
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible();
    expect((await listOf(request, seminar.course.id, seminar.admin)).attendees[0]!.scans).toBe(1);
  } finally {
    await withCamera.close();
    fs.rmSync(path.dirname(camera), { recursive: true, force: true });
    await request.delete(`/api/courses/${seminar.course.id}`, { headers: seminar.admin });
  }
});
