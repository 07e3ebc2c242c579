/**
 * A company trains its staff (issue 33): a QA manager buys 3 seats of a course for their team at
 * checkout ("Buy for my team"), invites colleagues on /team (a bad address refuses the whole list,
 * row by row), assigns a seat; the colleague signs in and finds the course in My Training; the
 * seat moves to another colleague, whose My Training gets it while the first one's loses it; the
 * manager's dashboard shows it, reminds the colleague (once a day), exports as CSV, and gives the
 * record as a PDF. axe-clean throughout.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { signIn, signInCustomer } from './support/session';
import { animationsSettled } from './support/animations';
import { e2eOutboxFile } from './support/outbox';
import { recordToasts } from './support/toasts';
import { readOutbox } from '@api/integrations/mail';
import { payWithTestCard } from './support/pay';

const ADMIN = 'admin@lifescience-academy.example';
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const manager = `qa-manager-${stamp}@example.com`;
const first = `colleague-a-${stamp}@example.com`;
const second = `colleague-b-${stamp}@example.com`;

async function violations(page: Page) {
  await page.waitForLoadState('load');
  await animationsSettled(page);
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** A recorded course of our own, made by the demo admin: nobody has progress on it, so its seats can move. */
async function makeCourse(browser: Browser, request: import('@playwright/test').APIRequestContext): Promise<Course> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN, 'admin');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await context.close();
  const created = await request.post('/api/courses', {
    headers: { Authorization: `Bearer ${token}` },
    data: { type: 'recorded_course', title: `GMP Refresher ${stamp}`, shortDescription: 'Annual GMP training', instructorName: 'Dr. Ada Lane', price: '120' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Course;
}

const myTrainingCard = (page: Page, course: Course) => page.getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ hasText: course.title });

async function openAsColleague(browser: Browser, email: string, course: Course): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInCustomer(page, email);
  await page.goto('/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
  await expect(myTrainingCard(page, course)).toBeVisible();
  return page;
}

test('a manager buys 3 seats for the team, invites, assigns and moves a seat, and reads the dashboard and the record', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const course = await makeCourse(browser, request);
  const toasts = await recordToasts(page);

  // Checkout: "Buy for my team", name the organisation, 3 seats.
  await signInCustomer(page, manager);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await page.getByRole('checkbox', { name: 'Buy for my team' }).check();
  await page.getByLabel('Organisation name').fill(`Acme Pharma ${stamp}`);
  await page.getByRole('button', { name: 'Use this organisation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Seats go to Acme Pharma ${stamp}` })).toBeVisible();
  const paid = page.waitForRequest(
    (r) => r.url().endsWith('/api/create-payment-intent') && (r.postDataJSON() as { items: Array<{ quantity: number }> }).items[0]?.quantity === 3,
  );
  const seats = page.getByRole('spinbutton', { name: `Seats: ${course.title}` });
  await seats.fill('3');
  await seats.press('Tab');
  const intentRequest = (await paid).postDataJSON() as { orgId?: string; amount: number };
  expect(intentRequest.orgId).toMatch(/^[0-9a-f-]{36}$/);
  expect(intentRequest.amount).toBe(360);
  await payWithTestCard(page, 'Quinn Manager');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // /team from the account menu: three unassigned seats.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu/i })
    .click();
  await page.getByRole('menuitem', { name: 'My Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Team' })).toBeVisible();
  const seatsTable = page.getByRole('table', { name: 'Seats' });
  await expect(page.getByText('3 seats, 3 unassigned')).toBeVisible();
  await expect(seatsTable.getByRole('row').filter({ hasText: 'Unassigned' })).toHaveCount(3);

  // Invitations: one bad address refuses the whole list, row by row; the corrected list invites both.
  const invite = page.getByRole('form', { name: 'Invite by e-mail' });
  await invite.getByLabel('E-mail addresses').fill(`${first}\nnot-an-address`);
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  const report = page.getByRole('table', { name: 'Invitation report' });
  await expect(page.getByText('Nothing was invited: correct the rows marked in the report and send the list again')).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: 'not-an-address' })).toContainText('Refused');
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: first })).toHaveCount(0);
  await invite.getByLabel('E-mail addresses').fill(`${first}, ${second}`);
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('2 people invited.')).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: first })).toContainText('Invited');
  await expect(members.getByRole('row').filter({ hasText: second })).toContainText('Invited');
  expect(await violations(page)).toEqual([]);

  // Assign the first seat to the first colleague, due at the end of next month.
  await seatsTable.getByRole('button', { name: `Assign seat 1, ${course.title}` }).click();
  let dialog = page.getByRole('dialog', { name: `Seat: ${course.title}` });
  await dialog.getByLabel('Assign to (e-mail)').fill(first);
  const due = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Due date').fill(due);
  await dialog.getByRole('button', { name: 'Save seat' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(seatsTable.getByRole('row').filter({ hasText: first })).toBeVisible();
  await expect(page.getByText('3 seats, 2 unassigned')).toBeVisible();

  // The colleague signs in with that address and finds the course in My Training.
  const colleague = await openAsColleague(browser, first, course);

  // The seat moves to the second colleague: the first loses the course, the second gets it.
  await seatsTable.getByRole('button', { name: `Move seat 1, ${course.title}` }).click();
  dialog = page.getByRole('dialog', { name: `Seat: ${course.title}` });
  await expect(dialog.getByLabel('Assign to (e-mail)')).toHaveValue(first);
  await dialog.getByLabel('Assign to (e-mail)').fill(second);
  await dialog.getByRole('button', { name: 'Save seat' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(seatsTable.getByRole('row').filter({ hasText: second })).toBeVisible();
  await expect(seatsTable.getByRole('row').filter({ hasText: first })).toHaveCount(0);
  await colleague.reload();
  await expect(colleague.getByRole('heading', { level: 1, name: 'My Training' })).toBeVisible();
  await expect(myTrainingCard(colleague, course)).toHaveCount(0);
  const next = await openAsColleague(browser, second, course);
  await next.context().close();
  await colleague.context().close();

  // The dashboard: the second colleague assigned, due that day; filtered, exported, and their record as a PDF.
  const status = page.getByRole('table', { name: 'Training status' });
  await page.reload();
  const row = status.getByRole('row').filter({ hasText: second });
  await expect(row).toContainText('Assigned, due');
  // A reminder to the colleague: push and e-mail; a second one the same day is not sent.
  await row.getByRole('checkbox', { name: `Select ${second}` }).check();
  await page.getByRole('button', { name: 'Send reminder (1)' }).click();
  await expect.poll(async () => (await toasts()).some((t) => t.includes('Reminder sent to 1 person.'))).toBe(true);
  const reminders = () => readOutbox(e2eOutboxFile()).filter((m) => m.to === second && m.subject.startsWith('Reminder: your training')).length;
  await expect.poll(reminders, { timeout: 15_000 }).toBe(1);
  await row.getByRole('checkbox', { name: `Select ${second}` }).check();
  await page.getByRole('button', { name: 'Send reminder (1)' }).click();
  await expect.poll(async () => (await toasts()).some((t) => t.includes('1 person already reminded today.'))).toBe(true);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect(page.getByText('No one matches these filters yet.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('assigned');
  await expect(row).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await csvDownload).path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('email');
  expect(csv).toContain(second);
  expect(csv).toContain('assigned');
  const pdfDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: /PDF: training record of/ }).click();
  const pdf = await pdfDownload;
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Team' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('an admin makes an organisation for a customer in the back office and opens it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, 'admin');
  await page.goto('/admin/organisations');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  await page.getByRole('button', { name: 'New organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organisation' });
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expect(dialog.getByText('The organisation’s name must be at least 2 characters')).toBeVisible();
  const name = `Beta Labs ${stamp}`;
  const boss = `beta-boss-${stamp}@example.com`;
  await dialog.getByLabel('Organisation name').fill(name);
  await dialog.getByLabel('Manager’s e-mail').fill(boss);
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(boss);
  await expect(row).toContainText('0 active, 1 invited');
  await row.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: `Members of ${name}` })
      .getByRole('row')
      .filter({ hasText: boss }),
  ).toContainText('Manager');
  expect(await violations(page)).toEqual([]);
  // The invited manager signs in with that address and manages it.
  const context = await page.context().browser()!.newContext();
  const bossPage = await context.newPage();
  await signInCustomer(bossPage, boss);
  await bossPage.goto('/team');
  await expect(bossPage.getByText(name, { exact: true })).toBeVisible();
  await expect(bossPage.getByRole('heading', { name: 'Training status' })).toBeVisible();
  await context.close();
});
