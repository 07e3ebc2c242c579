/**
 * The Attendance tab and credit rules (issue 30, points 3, 4 and 6) as an admin uses them against
 * the real API: credit rules set in the live webinar editor (CPE in Regulatory Ethics, 0.5
 * increments, 75 % of polls), a meeting by link, Zoom's participant and poll reports uploaded for
 * two buyers — X (85 minutes over a leave and a rejoin, 5 of 6 polls: 1.5 CPE) and Y (20 minutes:
 * none, and why) — with a walk-in nobody bought with listed to match, matched from the keyboard to
 * W picked from the course's attendees (typed to narrow; nothing picked is refused); Y adjusted
 * with a reason; the table downloaded as CSV; X reads the credit on My Training. Axe finds nothing
 * on the tab, nor with the attendee list open.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { ADMIN, adminAuth, madeCourse, removeMadeCourses, violations } from './support/content-tab';
import { signIn } from './support/session';

test.afterEach(({ request }) => removeMadeCourses(request));

const ZOOM_HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,Recording Consent,In Waiting Room';

/** Zoom's participants export for the session of 26 Nov 2026, 10:00–12:00 New York: X joins early, leaves, rejoins (one row twice); Y stays 20 minutes; a walk-in. */
function participants(x: string, y: string): string {
  const rows = [
    ['Buyer X', x.toUpperCase(), '11/26/2026 09:58:12 AM', '11/26/2026 10:40:00 AM', 42],
    ['Buyer X', x, '11/26/2026 10:35:00 AM', '11/26/2026 11:25:00 AM', 50],
    ['Buyer X', x, '11/26/2026 10:35:00 AM', '11/26/2026 11:25:00 AM', 50],
    ['Buyer Y', y, '11/26/2026 10:10:00 AM', '11/26/2026 10:30:00 AM', 20],
    ['Walk In', 'walk.in@elsewhere.test', '11/26/2026 10:00:00 AM', '11/26/2026 11:00:00 AM', 60],
  ];
  return [ZOOM_HEADER, ...rows.map((r) => `${r.join(',')},No,,No`)].join('\r\n') + '\r\n';
}

/** Zoom's poll report: X answers questions 1–5, Y question 6 (6 asked). */
function polls(x: string, y: string): string {
  const answers = [...[1, 2, 3, 4, 5].map((q) => ['Buyer X', x, q] as const), ['Buyer Y', y, 6] as const];
  return [
    'Poll Report',
    'Report Generated:,"Nov 26, 2026 12:05 PM"',
    'Topic,ID,Actual Start Time,Actual Duration (minutes),# Question',
    'GMP Live,81234567890,"Nov 26, 2026 09:55 AM",125,6',
    '',
    '#,User Name,Email Address,Submitted Date/Time,Question,Answer',
    ...answers.map(([name, email, q], i) => `${i + 1},${name},${email},"Nov 26, 2026 10:${10 + q}:00 AM",Question ${q}?,Yes`),
  ].join('\r\n');
}

/** A customer made by the admin and given the course (as a purchase would). */
async function buyer(request: APIRequestContext, auth: Record<string, string>, courseId: string, name: string, email: string) {
  const made = await request.post('/api/admin/customers', { headers: auth, data: { name, email, role: 'customer', membershipType: null, isActive: true } });
  expect(made.status(), await made.text()).toBe(201);
  const granted = await request.post('/api/admin/entitlements', { headers: auth, data: { email, courseId } });
  expect(granted.status(), await granted.text()).toBe(201);
}

async function upload(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose CSV file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('an admin sets credit rules, a meeting link, uploads Zoom reports for X and Y, adjusts Y with a reason and downloads the table; X reads the credit on My Training', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const auth = await adminAuth(page);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const title = `GMP Live ${stamp}`;
  const created = await request.post('/api/courses', {
    headers: auth,
    data: {
      type: 'live_webinar',
      title,
      shortDescription: 'A live webinar with CPE credit',
      instructorName: 'Dr. Ada Lane',
      price: '0',
      startDate: '2026-11-26T15:00:00.000Z',
      endDate: '2026-11-26T17:00:00.000Z',
      duration: 120,
      timezone: 'US/Eastern',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;
  madeCourse(course.id, auth);
  const x = `x-${stamp}@buyers.test`;
  const y = `y-${stamp}@buyers.test`;
  await buyer(request, auth, course.id, 'Buyer X', x);
  await buyer(request, auth, course.id, 'Buyer Y', y);
  const w = `w-${stamp}@buyers.test`;
  await buyer(request, auth, course.id, 'Buyer W', w);

  // Credit rules in the webinar editor: the first problem is said at its field, then saved.
  await page.goto(`/admin/webinars/edit/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit Webinar: ${title}` })).toBeVisible();
  await page.getByRole('switch', { name: 'Award credits for attendance' }).check();
  await page.getByLabel('Field of study 1 (optional)').fill('Regulatory Ethics');
  await page.getByLabel('Minutes per credit').fill('0');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Minutes per credit must be a whole number from 1 to 600')).toBeVisible();
  await expect(page.getByLabel('Minutes per credit')).toBeFocused();
  await page.getByLabel('Minutes per credit').fill('50');
  await page.getByLabel('Increment').selectOption('0.5');
  await page.getByLabel('Minimum polls answered (%)').fill('75');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/webinars$/);
  const saved = (await (await request.get(`/api/courses/${course.id}`, { headers: auth })).json()) as Course & { creditRules: unknown };
  expect(saved.creditRules).toEqual({ types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 });

  // The Attendance tab: a meeting by link.
  await page.goto(`/admin/webinars/edit/${course.id}`);
  // From the keyboard: End moves to the last tab and chooses it.
  await page.getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Attendance' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Attendance' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Attendance', exact: true })).toBeVisible();
  await expect(page.getByText('No meeting yet. Choose Zoom or a meeting link and save.')).toBeVisible();
  await page.getByRole('radio', { name: 'Meeting link (Teams, Meet, Webex)' }).check();
  await page.getByLabel('Join link').fill('https://teams.example.com/l/meetup-join/gmp-live');
  await page.getByRole('button', { name: 'Save meeting' }).click();
  await expect(page.getByText(/^Meeting link · /)).toBeVisible();
  await expect(page.getByText(/^Registered \d+ · pending \d+ · cancelled \d+ · failed \d+$/)).toBeVisible();

  // Zoom's participants and polls, read in the course's zone (chosen by default).
  await expect(page.getByLabel("Time zone of the report's times")).toHaveValue('US/Eastern');
  await upload(page, 'participants.csv', participants(x, y));
  await expect(page.getByText('Imported participants.csv: 5 rows, 3 people (2 matched, 1 unmatched).')).toBeVisible();
  await page.getByLabel('Report', { exact: true }).selectOption('polls');
  await upload(page, 'polls.csv', polls(x, y));
  await expect(page.getByText(/^Imported polls\.csv: 6 polls/)).toBeVisible();

  const table = page.getByRole('table', { name: 'Attendee table' });
  const rowX = table.getByRole('row').filter({ hasText: x });
  const rowY = table.getByRole('row').filter({ hasText: y });
  await expect(rowX).toContainText('Buyer X');
  await expect(rowX).toContainText('Nov 26, 26 10:00 AM EST');
  await expect(rowX).toContainText('Nov 26, 26 11:25 AM EST');
  await expect(rowX.getByRole('cell', { name: '85', exact: true })).toBeVisible();
  await expect(rowX.getByRole('cell', { name: '5 / 6', exact: true })).toBeVisible();
  await expect(rowX.getByRole('cell', { name: '1.5 CPE — Regulatory Ethics', exact: true })).toBeVisible();
  await expect(rowX.getByRole('cell', { name: 'Earned', exact: true })).toBeVisible();
  await expect(rowY.getByRole('cell', { name: '20', exact: true })).toBeVisible();
  await expect(rowY.getByRole('cell', { name: '1 / 6', exact: true })).toBeVisible();
  await expect(rowY.getByRole('cell', { name: '0 CPE — Regulatory Ethics', exact: true })).toBeVisible();
  await expect(rowY.getByRole('cell', { name: '20 min < 50 min; polls 17 % < 75 %', exact: true })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Attendee for walk.in@elsewhere.test' });
  await expect(picker).toBeVisible();
  // Judged once the toasts have gone (their fade would be judged half transparent).
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The walk-in was W: nothing picked is refused; typed to narrow, W is picked and matched from the keyboard.
  await page.getByRole('button', { name: 'Match walk.in@elsewhere.test' }).click();
  await expect(page.getByText('Choose the attendee this row was')).toBeVisible();
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveText([`Buyer W · ${w}`, `Buyer X · ${x}`, `Buyer Y · ${y}`]);
  await page.keyboard.type('Buyer W');
  await expect(listbox.getByRole('option')).toHaveText([`Buyer W · ${w}`]);
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(`Buyer W · ${w}`);
  await expect(listbox).toBeHidden();
  // Past the picker's own open button, then Match.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Match walk.in@elsewhere.test' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Matched.')).toBeVisible();
  const walkIn = table.getByRole('row').filter({ hasText: 'walk.in@elsewhere.test' });
  await expect(walkIn.getByRole('cell', { name: '60', exact: true })).toBeVisible();
  const unmatched = (await (await request.get(`/api/admin/courses/${course.id}/attendance/unmatched`, { headers: auth })).json()) as Array<{
    resolvedUserId: string | null;
  }>;
  const attendees = (await (await request.get(`/api/admin/courses/${course.id}/attendance/attendees`, { headers: auth })).json()) as Array<{
    userId: string;
    email: string;
  }>;
  expect(unmatched.map((u) => u.resolvedUserId)).toEqual([attendees.find((a) => a.email === w)!.userId]);

  // Y adjusted: a reason is required, then the row says so.
  await rowY.getByRole('button', { name: 'Adjust Buyer Y' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Adjust attendance: Buyer Y' });
  await expect(dialog.getByLabel('CPE — Regulatory Ethics credits')).toBeFocused();
  await dialog.getByLabel('CPE — Regulatory Ethics credits').fill('1');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog.getByText('Say why (at least 3 characters)')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Followed the first hour by phone; confirmed by the moderator');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowY.getByRole('cell', { name: 'Adjusted', exact: true })).toBeVisible();
  await expect(rowY.getByRole('cell', { name: '1 CPE — Regulatory Ethics', exact: true })).toBeVisible();
  await expect(rowY.getByRole('cell', { name: 'Followed the first hour by phone; confirmed by the moderator', exact: true })).toBeVisible();

  // The table as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`attendance_${course.id}.csv`);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('email,name,joinedAt,leftAt,minutes,pollsAnswered,pollsAsked,credits,status,reason');
  expect(lines).toContain(`${x},Buyer X,2026-11-26T15:00:00.000Z,2026-11-26T16:25:00.000Z,85,5,6,1.5 CPE — Regulatory Ethics,earned,`);
  expect(lines).toContain(
    `${y},Buyer Y,2026-11-26T15:10:00.000Z,2026-11-26T15:30:00.000Z,20,1,6,1 CPE — Regulatory Ethics,adjusted,Followed the first hour by phone; confirmed by the moderator`,
  );

  // X on My Training: the credit earned.
  const buyerContext = await browser.newContext();
  try {
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, x);
    await buyerPage.goto(`/learn/${course.id}`);
    const mine = buyerPage.getByRole('region', { name: 'Your attendance' });
    await expect(mine).toContainText('85 min attended');
    await expect(mine).toContainText('Polls answered: 5 / 6');
    await expect(mine).toContainText('1.5 CPE — Regulatory Ethics');
  } finally {
    await buyerContext.close();
  }
});
