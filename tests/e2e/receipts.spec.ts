/**
 * Receipts and invoices in the browser (issue 16): a buyer pays, "Download Receipt" on /success
 * gives the invoice PDF, and /profile's "Download Invoice" gives the same invoice (same number).
 * A live session bought this way offers "Add to calendar" in the profile and on its page, and
 * the back office orders table links each completed order to the same invoice.
 */
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { parseIcs, pdfText } from '../api/support/documents';
import { getJson } from './support/catalogue';
import { signIn, signInCustomer } from './support/session';
import { payWithTestCard } from './support/pay';

const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An upcoming live webinar with seats left, and the pricing tier to buy (its first, when it has tiers). */
async function liveWebinar(page: Page): Promise<{ course: Course; tier: PricingTier | null }> {
  const { courses, pricingTiers } = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(page.request, '/api/sync/catalogue');
  const course = courses.find(
    (c) =>
      c.isActive &&
      // Something to pay for: a course another spec made meanwhile may be free (completed without a payment).
      Number(c.price) > 0 &&
      c.type === 'live_webinar' &&
      !!c.startDate &&
      Date.parse(c.startDate) > Date.now() &&
      (c.maxParticipants === null || c.currentParticipants + 2 < c.maxParticipants),
  );
  expect(course, 'the seed has an upcoming live webinar with seats left').toBeTruthy();
  const tiers = pricingTiers.filter((tier) => tier.courseId === course!.id).sort((a, b) => a.tierLevel - b.tierLevel);
  return { course: course!, tier: tiers[0] ?? null };
}

async function buy(page: Page, { course, tier }: { course: Course; tier: PricingTier | null }, guest?: { name: string; email: string }) {
  await page.goto(`/courses/${course.id}`);
  const offer = tier ? page.getByRole('region', { name: tier.name, exact: true }) : page.getByRole('region', { name: 'Enroll in this course' });
  await offer.getByRole('button', { name: /add( .+)? to cart/i }).click();
  await expect(page.getByText(/has been added to your cart\./).first()).toBeVisible();
  await page.goto('/checkout');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  if (guest) {
    await payment.getByLabel('Name').fill(guest.name);
    await payment.getByLabel('Email').fill(guest.email);
    await payment.getByRole('button', { name: 'Continue to Payment' }).click();
  }
  await payWithTestCard(page, 'Ada Lovelace');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The invoice number printed in a PDF. */
async function invoiceNumberIn(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const match = /Invoice number: (INV-\d{4}-\d{6})/.exec(await pdfText(new Uint8Array(pdf)));
  expect(match, 'the PDF names its invoice number').toBeTruthy();
  return match![1]!;
}

test.describe('receipts and invoices', () => {
  test('Download Receipt on /success and Download Invoice in /profile give the same invoice; the live session goes to the calendar', async ({ page }) => {
    const offer = await liveWebinar(page);
    const { course } = offer;
    const email = freshEmail('invoice');
    await signInCustomer(page, email);
    await buy(page, offer);

    const receiptDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const receipt = await receiptDownload;
    const receiptNumber = await invoiceNumberIn(await saved(receipt));
    expect(receipt.suggestedFilename()).toBe(`${receiptNumber}.pdf`);
    const receiptText = await pdfText(new Uint8Array(await saved(receipt)));
    // A long title wraps onto several lines of its cell.
    expect(receiptText.replace(/\s+/g, ' ')).toContain(course.title);
    expect(receiptText).toContain(email);
    expect(receiptText).toMatch(/Tax\s+\$0\.00/);
    expect(receiptText).toContain('Payment method: Visa ending in 4242');

    await page.getByRole('link', { name: 'View My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const order = page
      .getByRole('listitem')
      .filter({ hasText: course.title })
      .filter({ has: page.getByRole('button', { name: 'Download Invoice' }) });
    await expect(order.getByText(`Invoice ${receiptNumber}`)).toBeVisible();
    const invoiceDownload = page.waitForEvent('download');
    await order.getByRole('button', { name: 'Download Invoice' }).click();
    const invoice = await invoiceDownload;
    expect(invoice.suggestedFilename()).toBe(`${receiptNumber}.pdf`);
    expect(await invoiceNumberIn(await saved(invoice))).toBe(receiptNumber);

    // The live webinar: "Add to calendar" gives its invite (the receipt mail carried the same UID).
    const calendarDownload = page.waitForEvent('download');
    await page.getByRole('listitem').filter({ hasText: course.title }).getByRole('button', { name: 'Add to calendar' }).click();
    const event = parseIcs((await saved(await calendarDownload)).toString('utf8'));
    expect(event.summary).toBe(course.title);
    expect(event.startUtc).toBe(new Date(course.startDate!).toISOString());
    expect(event.method).toBe('PUBLISH');

    await page.goto(`/courses/${course.id}`);
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    expect(parseIcs((await saved(await again)).toString('utf8')).uid).toBe(event.uid);
  });

  test('a guest downloads the receipt on /success with nothing but the success address', async ({ page }) => {
    const email = freshEmail('guest-receipt');
    await buy(page, await liveWebinar(page), { name: 'Gale Guest', email });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const pdf = await saved(await download);
    await invoiceNumberIn(pdf);
    expect(await pdfText(new Uint8Array(pdf))).toContain('Gale Guest');

    // The address without its client secret is not enough.
    const paymentId = new URL(page.url()).searchParams.get('payment_intent')!;
    expect((await page.request.get(`/api/payments/${paymentId}/receipt.pdf?client_secret=${paymentId}_secret_wrong`)).status()).toBe(404);
  });

  test('the back office orders table links a completed order to the same invoice', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const email = freshEmail('admin-invoice');
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await buy(guestPage, await liveWebinar(guestPage), { name: 'Ivy Invoice', email });
    const receipt = guestPage.waitForEvent('download');
    await guestPage.getByRole('button', { name: 'Download Receipt' }).click();
    const number = await invoiceNumberIn(await saved(await receipt));
    await guest.close();

    await signIn(page, 'admin@lifescience-academy.example', 'admin');
    await page.goto('/admin/orders');
    await page.getByLabel('Search orders').fill(email);
    const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    const download = page.waitForEvent('download');
    await rows
      .nth(1)
      .getByRole('button', { name: /^Download the invoice of order / })
      .click();
    const invoice = await download;
    expect(invoice.suggestedFilename()).toBe(`${number}.pdf`);
    expect(await invoiceNumberIn(await saved(invoice))).toBe(number);
  });
});
