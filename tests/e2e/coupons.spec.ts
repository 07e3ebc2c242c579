/**
 * A coupon at checkout in the browser (issue 35): an admin's code; a customer types a wrong code
 * (the server's reason under the field, no discount), then the right one in lower case: the
 * summary shows the coupon's discount line, the payment is opened at the discounted total, and
 * the paid order is counted in the coupon's usage report.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { COUPON_MESSAGES } from '@contracts/coupons';
import { plainCourse } from './support/catalogue';
import { signIn, signInCustomer } from './support/session';
import { payWithTestCard } from './support/pay';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The demo admin's session token, signed in through the browser (its own context, closed after). */
async function adminToken(browser: Browser): Promise<string | null> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin@lifescience-academy.example', 'admin');
  const token = await admin.evaluate(() => localStorage.getItem('auth_token'));
  await context.close();
  return token;
}

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

test('a customer applies a coupon at checkout and pays the discounted total; the admin sees the use', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const course = await plainCourse(request);
  const cents = Math.round(Number(course.price) * 100);
  const discount = Math.round(cents * 0.2);

  const token = await adminToken(browser);
  const code = `SAVE20-${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/coupons', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, percentOff: 20, maxUsesPerCustomer: 1 },
  });
  expect(created.status()).toBe(201);
  const coupon = (await created.json()) as { id: string };

  await signInCustomer(page, `coupon-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${course.title} has been added to your cart.`)).toBeVisible();
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByTestId('order-total')).toHaveText(money(cents));

  // A code that does not exist: the server's reason, no discount.
  const field = summary.getByRole('textbox', { name: 'Coupon code' });
  await field.fill('NOT-A-CODE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(COUPON_MESSAGES.unknown)).toBeVisible();
  await expect(summary.getByTestId('order-discount')).toHaveCount(0);

  // The right one, typed in lower case, from the keyboard.
  await field.fill(code.toLowerCase());
  const intent = page.waitForResponse(
    (response) => response.url().endsWith('/api/create-payment-intent') && response.request().postDataJSON()?.couponCode === code,
  );
  await field.press('Enter');
  await expect(summary.getByTestId('coupon-applied')).toContainText(`Coupon ${code} applied`);
  await expect(summary.getByTestId('order-discount')).toHaveText(`Coupon ${code}: 20% off−${money(discount)}`);
  await expect(summary.getByTestId('order-total')).toHaveText(money(cents - discount));
  expect((await (await intent).json()).total).toBe(((cents - discount) / 100).toFixed(2));

  await payWithTestCard(page, 'Cora Coupon');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const report = await request.get(`/api/admin/coupons/${coupon.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await report.json()).toMatchObject({ uses: 1, held: 0, discountCents: discount });
});

test('a membership coupon comes off the first year: the payment is opened at the discounted price', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(browser);
  const code = `JOIN20-${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/coupons', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, percentOff: 20, appliesTo: { memberships: true } },
  });
  expect(created.status()).toBe(201);

  await signInCustomer(page, `member-coupon-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.goto('/membership');
  await page.getByRole('article', { name: 'PRIME', exact: true }).getByRole('button', { name: 'Choose PRIME' }).click();
  const step = page.getByRole('region', { name: 'Complete your PRIME membership' });
  await step.getByRole('button', { name: 'Continue to Payment' }).click();
  const field = step.getByRole('textbox', { name: 'Coupon code' });
  await field.fill('NOPE-NOT-A-CODE');
  await step.getByRole('button', { name: 'Apply' }).click();
  await expect(step.getByText(COUPON_MESSAGES.unknown)).toBeVisible();

  await field.fill(code.toLowerCase());
  await step.getByRole('button', { name: 'Apply' }).click();
  await expect(step.getByTestId('membership-coupon-applied')).toHaveText(`Coupon ${code} applied: you pay $278.40 for the first year.`);
  // A declined card: the new payment that replaces it keeps the coupon.
  const renewed = page.waitForResponse(
    (response) => response.url().endsWith('/api/create-subscription') && response.request().postDataJSON()?.couponCode === code.toLowerCase(),
  );
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4000 0000 0000 0002');
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Mia Member');
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(toast(page, 'Payment Failed')).toBeVisible();
  expect((await (await renewed).json()).total).toBe('278.40');
  await expect(step.getByTestId('membership-coupon-applied')).toHaveText(`Coupon ${code} applied: you pay $278.40 for the first year.`);
  await payWithTestCard(page, 'Mia Member');
  await expect(toast(page, 'Welcome to Prime membership!')).toBeVisible();
  const profile = await page.evaluate(async () =>
    (await fetch('/api/profile', { headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` } })).json(),
  );
  expect(profile.orders[0]).toMatchObject({ total: '278.40', discounts: [{ label: `Coupon ${code}: 20% off`, amount: '69.60' }] });
});

test('a 100 % coupon leaves nothing to pay: no card form, "Complete Order", and the course is the customer’s', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const course = await plainCourse(request);
  const token = await adminToken(browser);
  const code = `COMP-${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/coupons', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, percentOff: 100, appliesTo: { courseIds: [course.id] }, maxUses: 1 },
  });
  expect(created.status()).toBe(201);
  const coupon = (await created.json()) as { id: string };

  await signInCustomer(page, `comp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${course.title} has been added to your cart.`)).toBeVisible();
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await summary.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByTestId('order-total')).toHaveText('$0.00');

  const payment = page.getByRole('region', { name: 'Payment Information' });
  await expect(payment.getByText('Nothing to pay: no card is needed for this order.')).toBeVisible();
  await expect(payment.getByRole('textbox', { name: /Card number/ })).toHaveCount(0);
  await payment.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('payment-id')).toHaveText(/^free_[0-9a-f]{32}$/);

  await page.goto('/learn');
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  const report = await request.get(`/api/admin/coupons/${coupon.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await report.json()).toMatchObject({ uses: 1, held: 0 });
});
