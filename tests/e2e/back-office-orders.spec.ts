/**
 * Back office, orders (back-office spec §2; issue 12): a guest's purchase reaches the dashboard's
 * figures and Recent Orders, and the orders page, whose "Download Excel" file matches its table.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminStats } from '@contracts/admin-orders';
import { plainCourse } from './support/catalogue';
import { signIn } from './support/session';
import { payWithTestCard } from './support/pay';

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });
const money = (value: string | number) => `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function stats(request: APIRequestContext, token: string): Promise<AdminStats> {
  const response = await request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as AdminStats;
}

async function guestPurchase(page: Page, request: APIRequestContext, email: string) {
  const course = await plainCourse(request);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${course.title} has been added to your cart.`)).toBeVisible();
  await page.goto('/checkout');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await payment.getByLabel('Name').fill('Grace Guest');
  await payment.getByLabel('Email').fill(email);
  await payment.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithTestCard(page, 'Grace Guest');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  return course;
}

test('a purchase reaches the dashboard figures and the orders page, and the export matches the table', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@lifescience-academy.example', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const before = await stats(request, token);

  const email = `guest-${Date.now()}@orders.test`;
  const guest = await browser.newContext();
  const course = await guestPurchase(await guest.newPage(), request, email);
  await guest.close();

  const after = await stats(request, token);
  expect(after.totalOrders).toBe(before.totalOrders + 1);
  expect(Number(after.totalRevenue)).toBeCloseTo(Number(before.totalRevenue) + Number(course.price), 2);

  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('stat-Total Orders')).toHaveText(String(after.totalOrders));
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText(money(after.totalRevenue));
  await expect(page.getByTestId('stat-Total Courses')).toHaveText(String(after.totalCourses));
  await expect(page.getByTestId('count-liveSeminars')).toHaveText(String(after.courseTypes.liveSeminars));
  await expect(page.getByRole('link', { name: 'Manage Live Seminars' })).toHaveAttribute('href', '/admin/live-seminars');
  const recent = page.getByRole('list', { name: 'Recent orders' }).getByRole('listitem');
  await expect(recent).toHaveCount(Math.min(5, after.totalOrders));
  await expect(recent.first()).toContainText(money(course.price));
  await expect(recent.first()).toContainText('completed');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
  await expect(page.getByTestId('stat-Pending Orders')).toHaveText(String(after.pendingOrders));
  await page.getByLabel('Search orders').fill(email);
  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  const row = rows.nth(1);
  await expect(row).toContainText('Grace Guest');
  await expect(row).toContainText(email);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('completed');
  await expect(row).toContainText(course.title);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\n');
  expect(lines[0]).toBe('Order ID,Customer Email,Customer Name,Items,Total,Status,Date,Payment ID');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${email},Grace Guest,`);
  expect(lines[1]).toContain(`,${course.price},completed,`);
  const shortId = (await row.getByRole('cell').first().textContent())!.trim();
  expect(lines[1]!.split(',')[0]!.endsWith(shortId)).toBe(true);
});
