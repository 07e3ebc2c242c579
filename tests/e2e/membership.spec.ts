/**
 * /membership (storefront spec §2 Membership, §4 Membership purchase, §8, §9) with the built-in
 * test processor: plans, the plan checkout, payment, the return address, and the profile.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInCustomer } from './support/session';

const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });
const plan = (page: Page, name: 'PRIME' | 'BUSINESS') => page.getByRole('article', { name, exact: true });
const checkout = (page: Page) => page.getByRole('region', { name: /^Complete your (PRIME|BUSINESS) membership$/ });

async function enterDetails(page: Page, name: string, email: string) {
  const step = checkout(page);
  await step.getByLabel('Name').fill(name);
  await step.getByLabel('Email').fill(email);
  await step.getByRole('button', { name: 'Continue to Payment' }).click();
}

async function pay(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Mia Member');
  await page.getByRole('button', { name: 'Complete Payment' }).click();
}

test.describe('membership', () => {
  test('shows both plans, opens a plan checkout, goes Back to Plans, and validates name and e-mail', async ({ page }) => {
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(plan(page, 'PRIME').getByText('$348', { exact: true })).toBeVisible();
    await expect(plan(page, 'PRIME').getByText('$29 per month billed annually')).toBeVisible();
    await expect(plan(page, 'BUSINESS').getByText('$9,000', { exact: true })).toBeVisible();
    await expect(plan(page, 'BUSINESS').getByText('MOST POPULAR')).toBeVisible();
    await expect(plan(page, 'PRIME').getByText('MOST POPULAR')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'What members get' })).toBeVisible();

    // The FAQ is an accordion.
    const question = page.getByRole('button', { name: 'How is the membership billed?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/PRIME costs \$348 a year/)).toBeVisible();

    // Clicking anywhere on a card opens its checkout.
    await plan(page, 'PRIME').click();
    await expect(checkout(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete your PRIME membership' })).toBeFocused();
    await expect(page.getByRole('article')).toHaveCount(0);

    await page.getByRole('button', { name: 'Back to Plans' }).click();
    await expect(checkout(page)).toHaveCount(0);
    await expect(plan(page, 'PRIME')).toBeVisible();
    await expect(plan(page, 'BUSINESS')).toBeVisible();

    await plan(page, 'PRIME').getByRole('button', { name: 'Choose PRIME' }).click();
    const step = checkout(page);
    await expect(step.getByLabel('Name')).toHaveAttribute('autocomplete', 'name');
    await expect(step.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
    let requested = false;
    await page.route('**/api/create-subscription', (route) => {
      requested = true;
      return route.continue();
    });
    await step.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(step.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(step.getByText('Please enter a valid email address')).toBeVisible();
    await enterDetails(page, 'A', 'not-an-address');
    await expect(step.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(step.getByText('Please enter a valid email address')).toBeVisible();
    expect(requested).toBe(false);
  });

  test('buying PRIME with a test card welcomes the member and the profile shows Prime', async ({ page }) => {
    const email = freshEmail('prime');
    await page.goto('/membership');
    await plan(page, 'PRIME').getByRole('button', { name: 'Choose PRIME' }).click();

    const subscription = page.waitForRequest('**/api/create-subscription');
    await enterDetails(page, 'Mia Member', email);
    expect((await subscription).postDataJSON()).toEqual({ name: 'Mia Member', email, priceId: 'price_prime_monthly' });
    await expect(checkout(page).getByText('TEST MODE')).toBeVisible();
    await pay(page, '4242 4242 4242 4242');

    await expect(toast(page, 'Subscription Successful')).toBeVisible();
    await expect(toast(page, 'Welcome to Prime membership!')).toBeVisible();
    // Back to the plan list.
    await expect(checkout(page)).toHaveCount(0);
    await expect(plan(page, 'PRIME')).toBeVisible();

    await signInCustomer(page, email);
    await expect(page.getByText('Prime', { exact: true })).toBeVisible();
    await expect(page.getByText('PRIME Membership (annual)')).toBeVisible();
  });

  test('BUSINESS with the authentication card returns to /membership?success=true and welcomes once', async ({ page }) => {
    await page.goto('/membership');
    await plan(page, 'BUSINESS').getByRole('button', { name: 'Choose BUSINESS' }).click();
    const subscription = page.waitForRequest('**/api/create-subscription');
    await enterDetails(page, 'Bea Business', freshEmail('business'));
    expect((await subscription).postDataJSON()).toMatchObject({ priceId: 'price_business_yearly' });
    await pay(page, '4000 0025 0000 3155');

    await expect(page).toHaveURL(/\/payment-authentication\?.*plan=business/);
    await expect(page.getByTestId('authentication-amount')).toHaveText('$9,000.00');
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(toast(page, 'Subscription Successful')).toBeVisible();
    await expect(toast(page, 'Welcome to Business membership!')).toBeVisible();
    await expect(page).toHaveURL(/\/membership$/);
    await page.reload();
    await expect(plan(page, 'BUSINESS')).toBeVisible();
    await expect(toast(page, 'Subscription Successful')).toHaveCount(0);
  });

  test('a declined card says "Payment Failed" and keeps the plan checkout open', async ({ page }) => {
    await page.goto('/membership');
    await plan(page, 'PRIME').getByRole('button', { name: 'Choose PRIME' }).click();
    await enterDetails(page, 'Dan Declined', freshEmail('prime-declined'));
    await pay(page, '4000 0000 0000 0002');
    await expect(toast(page, 'Payment Failed')).toBeVisible();
    await expect(toast(page, 'Your card was declined.')).toBeVisible();
    await expect(checkout(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });

  test('a failed subscription setup shows "Subscription Setup Failed" with the message or the fallback', async ({ page }) => {
    await page.route('**/api/create-subscription', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"There was an error setting up payment. Please try again."}' }),
    );
    await page.goto('/membership');
    await plan(page, 'PRIME').getByRole('button', { name: 'Choose PRIME' }).click();
    await enterDetails(page, 'Eve Error', freshEmail('sub-fail'));
    await expect(toast(page, 'Subscription Setup Failed')).toBeVisible();
    await expect(toast(page, 'There was an error setting up payment. Please try again.')).toBeVisible();

    await page.unroute('**/api/create-subscription');
    await page.route('**/api/create-subscription', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(toast(page, 'There was an error setting up your subscription. Please try again.')).toBeVisible();
  });
});
