/**
 * Membership pricing in the browser (issue 29, point 10): a customer who becomes a PRIME member
 * sees the server's discount line in the cart and at checkout, and pays the discounted total.
 * Amounts and labels come from contracts/membership-benefits.ts, the rules the server prices by.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { discountCents, lineDiscount } from '@contracts/membership-benefits';
import { isCourseType } from '@contracts/course-types';
import { signInCustomer } from './support/session';
import { payWithTestCard } from './support/pay';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

/** A course PRIME takes a discount off, sold without tiers or a seat limit (one plain "Add to Cart"). */
async function primeDiscountedCourse(request: APIRequestContext): Promise<{ course: Course; cents: number; discount: number; label: string }> {
  const response = await request.get('/api/sync/catalogue');
  expect(response.ok()).toBeTruthy();
  const { courses, pricingTiers } = (await response.json()) as { courses: Course[]; pricingTiers: PricingTier[] };
  const tiered = new Set(pricingTiers.map((tier) => tier.courseId));
  for (const course of courses) {
    if (!course.isActive || tiered.has(course.id) || course.maxParticipants !== null || !isCourseType(course.type)) continue;
    const benefit = lineDiscount('prime', course.type, 1);
    const cents = Math.round(Number(course.price) * 100);
    const discount = discountCents(benefit, cents, 1);
    if (benefit && discount > 0) return { course, cents, discount, label: benefit.label };
  }
  throw new Error('the seed has no plain course PRIME discounts');
}

async function openCart(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /open cart/i })
    .click();
  const cart = page.getByRole('dialog', { name: /your cart/i });
  await expect(cart).toBeVisible();
  return cart;
}

async function becomePrime(page: Page) {
  await page.goto('/membership');
  await page.getByRole('article', { name: 'PRIME', exact: true }).getByRole('button', { name: 'Choose PRIME' }).click();
  await page.getByRole('region', { name: 'Complete your PRIME membership' }).getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithTestCard(page, 'Mia Member');
  await expect(toast(page, 'Welcome to Prime membership!')).toBeVisible();
}

test('a PRIME member sees the discount line in the cart and at checkout, and pays the discounted total', async ({ page, request }) => {
  const { course, cents, discount, label } = await primeDiscountedCourse(request);
  await signInCustomer(page, freshEmail('prime-pricing'));
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${course.title} has been added to your cart.`)).toBeVisible();

  // Not a member yet: the list price, no discount line.
  let cart = await openCart(page);
  await expect(cart.getByTestId('cart-total')).toHaveText(money(cents));
  await expect(cart.getByTestId('cart-discount')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await becomePrime(page);

  cart = await openCart(page);
  await expect(cart.getByTestId('cart-discount')).toHaveText(`${label}−${money(discount)}`);
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(money(cents));
  await expect(cart.getByTestId('cart-total')).toHaveText(money(cents - discount));

  const intent = page.waitForResponse('**/api/create-payment-intent');
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByTestId('order-discount')).toHaveText(`${label}−${money(discount)}`);
  await expect(summary.getByTestId('order-subtotal')).toHaveText(money(cents));
  await expect(summary.getByTestId('order-total')).toHaveText(money(cents - discount));
  // The payment is set up for the same total the summary shows.
  expect((await (await intent).json()).total).toBe(((cents - discount) / 100).toFixed(2));

  await payWithTestCard(page, 'Mia Member');
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/success\?/);

  // The purchase history names the discount beside the list price, so the lines add up to the total.
  await page.goto('/profile');
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByText(course.title, { exact: true }) })
    .first();
  await expect(order.getByTestId('order-discount')).toHaveText(`${label}−${money(discount)}`);
  await expect(order.getByText(money(cents - discount), { exact: true })).toBeVisible();
});
