/**
 * Refunds in the browser (issue 29): a customer buys a course; the admin refunds part of it from
 * the orders screen (the confirmation dialog, the "Success" toast, "partially refunded"), then the
 * rest (the dialog's amount is what remains; "refunded"), and downloads a credit note; the
 * customer's profile says the order is refunded and offers both credit notes.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { REFUND_TEXTS } from '@contracts/admin-orders';
import { pdfText } from '../api/support/documents';
import { plainCourse } from './support/catalogue';
import { signIn, signInCustomer } from './support/session';
import { payWithTestCard } from './support/pay';

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

test('an admin refunds part of an order, then the rest; the buyer sees it refunded with its credit notes', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const course = await plainCourse(request);
  const email = `refund-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signInCustomer(page, email);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${course.title} has been added to your cart.`)).toBeVisible();
  await page.goto('/checkout');
  await payWithTestCard(page, 'Rita Refund');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@lifescience-academy.example', 'admin');
  await admin.goto('/admin/orders');
  await admin.getByLabel('Search orders').fill(email);
  const row = admin.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
  await expect(row).toContainText(email);

  // Part of it: the dialog starts at what remains and says a full refund ends access.
  await row.getByRole('button', { name: /^Refund order / }).click();
  const dialog = admin.getByRole('dialog');
  const amount = dialog.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).toHaveValue(Number(course.price).toFixed(2));
  await expect(dialog.getByText(REFUND_TEXTS.full)).toBeVisible();
  await amount.fill('1.00');
  await expect(dialog.getByText(REFUND_TEXTS.partial)).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Goodwill for a late start');
  await dialog.getByRole('button', { name: REFUND_TEXTS.confirm }).click();
  await expect(toast(admin, REFUND_TEXTS.success)).toBeVisible();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await expect(row.getByText('partially refunded')).toBeVisible();

  // The rest: the dialog now offers what remains.
  await row.getByRole('button', { name: /^Refund order / }).click();
  await expect(amount).toHaveValue((Number(course.price) - 1).toFixed(2));
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Cancelled by the customer');
  await dialog.getByRole('button', { name: REFUND_TEXTS.confirm }).click();
  await expect(toast(admin, REFUND_TEXTS.success).first()).toBeVisible();
  await expect(row.getByText('refunded', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Refund order / })).toHaveCount(0);

  const notes = row.getByRole('button', { name: /^Download credit note CN-/ });
  await expect(notes).toHaveCount(2);
  const download = admin.waitForEvent('download');
  await notes.last().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^CN-\d{4}-\d{6}\.pdf$/);
  const text = await pdfText(new Uint8Array(fs.readFileSync(await file.path())));
  expect(text).toContain('Cancelled by the customer');
  await adminContext.close();

  await page.goto('/profile');
  const order = page
    .getByRole('listitem')
    .filter({ hasText: course.title })
    .filter({ has: page.getByRole('button', { name: 'Download Invoice' }) });
  await expect(order.getByText('refunded', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: /^Download credit note CN-/ })).toHaveCount(2);
});
