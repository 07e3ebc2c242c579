/**
 * /checkout, /payment-authentication and /success (storefront spec §2, §4 Checkout, §8) against
 * the seeded demo catalogue and the built-in test processor.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { plainCourse } from './support/catalogue';
import { signInCustomer } from './support/session';
import { recordToasts } from './support/toasts';

const money = (amount: number | string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0025 0000 3155',
};

/** Active courses sold without pricing tiers and without a seat limit: one "Add to Cart" button each. */
async function plainCourses(request: APIRequestContext): Promise<Course[]> {
  const response = await request.get('/api/sync/catalogue');
  expect(response.ok()).toBeTruthy();
  const { courses, pricingTiers } = (await response.json()) as { courses: Course[]; pricingTiers: PricingTier[] };
  const tiered = new Set(pricingTiers.map((tier) => tier.courseId));
  // Something to pay for: a course another spec made meanwhile may be free (no card form then, "Complete Order").
  const plain = courses.filter((course) => course.isActive && !tiered.has(course.id) && course.maxParticipants === null && Number(course.price) > 0);
  expect(plain.length, 'the seed has courses without tiers or seat limits').toBeGreaterThanOrEqual(3);
  return plain;
}

async function addToCart(page: Page, course: Course) {
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${course.title} has been added to your cart.`)).toBeVisible();
}

async function cartItems(page: Page): Promise<Array<{ courseId: string; price: number }>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}').state?.items ?? []);
}

async function enterGuestDetails(page: Page, name: string, email: string) {
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await payment.getByLabel('Name').fill(name);
  await payment.getByLabel('Email').fill(email);
  await payment.getByRole('button', { name: 'Continue to Payment' }).click();
}

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Ada Lovelace');
}

async function pay(page: Page, number: string) {
  await fillCard(page, number);
  const button = page.getByRole('button', { name: 'Complete Payment' });
  await expect(button).toBeEnabled();
  await button.click();
}

test.describe('checkout', () => {
  test('a signed-in customer pays by card and finds the order and the enrollment in the profile', async ({ page, request }) => {
    const [course] = await plainCourses(request);
    await signInCustomer(page, freshEmail('buyer'));
    await addToCart(page, course!);

    const intentRequest = page.waitForRequest('**/api/create-payment-intent');
    await page.goto('/checkout');
    // Signed in: the payment is set up at once, without asking for name or e-mail.
    const body = (await intentRequest).postDataJSON();
    expect(body).toMatchObject({ courseIds: [course!.id], amount: Number(course!.price), items: [{ courseId: course!.id, quantity: 1 }] });
    expect(body.customerEmail).toBeUndefined();

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText(course!.title)).toBeVisible();
    await expect(summary.getByTestId('order-subtotal')).toHaveText(money(course!.price));
    await expect(summary.getByText('Tax')).toBeVisible();
    await expect(summary.getByTestId('order-tax')).toHaveText('$0.00');
    await expect(summary.getByTestId('order-total')).toHaveText(money(course!.price));
    const payment = page.getByRole('region', { name: 'Payment Information' });
    await expect(payment.getByText('TEST MODE')).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
    await expect(payment.getByText(/^Signed in as/)).toBeVisible();

    // "Processing..." while the payment is being confirmed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/test-payments/confirm', async (route) => {
      await held;
      await route.continue();
    });
    await pay(page, CARDS.success);
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/success\?payment_intent=[^&]+&payment_intent_client_secret=.+/);
    await expect(toast(page, 'Payment Successful')).toBeVisible();
    await expect(toast(page, "Thank you for your purchase! You'll receive a confirmation email shortly.")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const paymentId = new URL(page.url()).searchParams.get('payment_intent')!;
    await expect(page.getByTestId('payment-id')).toHaveText(paymentId);
    await expect(page.getByText('Amount paid')).toBeVisible();
    await expect(page.getByText(money(course!.price), { exact: true })).toBeVisible();
    expect(await cartItems(page)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Browse More Courses' })).toHaveAttribute('href', '/courses');
    // The receipt is the order's invoice PDF (tests/e2e/receipts.spec.ts reads it).
    const receipt = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    expect((await receipt).suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);

    await page.getByRole('link', { name: 'View My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const order = page.getByRole('listitem').filter({ hasText: `payment reference ${paymentId}` });
    await expect(order).toBeVisible();
    await expect(order.getByText('completed', { exact: true })).toBeVisible();
    await expect(order.getByText(course!.title)).toBeVisible();
    await expect(page.getByTestId('completed-orders')).toHaveText('1');
    await expect(page.getByTestId('active-enrollments')).toHaveText('1');
    await expect(page.getByRole('link', { name: 'View Course' })).toHaveAttribute('href', `/learn/${course!.id}`);
  });

  test('a declined card shows "Payment Failed", stays on /checkout with the cart, and another card then works', async ({ page, request }) => {
    const [, course] = await plainCourses(request);
    await addToCart(page, course!);
    await page.goto('/checkout');
    await enterGuestDetails(page, 'Dee Clined', freshEmail('declined'));

    await pay(page, CARDS.declined);
    await expect(toast(page, 'Payment Failed')).toBeVisible();
    await expect(toast(page, 'Your card was declined.')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    expect((await cartItems(page)).map((item) => item.courseId)).toEqual([course!.id]);
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByText(course!.title)).toBeVisible();

    // A new payment is set up behind the scenes; the rest of the card details are kept.
    await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
    await page.getByLabel('Card number').fill(CARDS.success);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page).toHaveURL(/\/success\?/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });

  test('a card that asks for authentication goes through the authentication page, approved', async ({ page, request }) => {
    const [, , course] = await plainCourses(request);
    await addToCart(page, course!);
    await page.goto('/checkout');
    await enterGuestDetails(page, 'Otto Thenticate', freshEmail('3ds'));
    await pay(page, CARDS.authentication);

    await expect(page).toHaveURL(/\/payment-authentication\?payment_intent=[^&]+&payment_intent_client_secret=.+/);
    await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await expect(page.getByTestId('authentication-amount')).toHaveText(money(course!.price));
    await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(page).toHaveURL(/\/success\?payment_intent=/);
    await expect(toast(page, 'Payment Successful')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await cartItems(page)).toEqual([]);
  });

  test('a failed authentication returns to /checkout with "Payment Failed" and keeps the cart', async ({ page, request }) => {
    const [course] = await plainCourses(request);
    await addToCart(page, course!);
    await page.goto('/checkout');
    await enterGuestDetails(page, 'Fay Lure', freshEmail('3ds-fail'));
    await pay(page, CARDS.authentication);
    await expect(page).toHaveURL(/\/payment-authentication\?/);
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toast(page, 'Payment Failed')).toBeVisible();
    await expect(page.locator('.fui-Toast').getByText(/unable to authenticate your payment method/)).toBeVisible();
    expect((await cartItems(page)).map((item) => item.courseId)).toEqual([course!.id]);
  });

  test('a guest gives a name and an e-mail for the receipt, pays, and finds the order after signing in', async ({ page, request }) => {
    const [course] = await plainCourses(request);
    const email = freshEmail('guest');
    await addToCart(page, course!);
    await page.goto('/checkout');

    const payment = page.getByRole('region', { name: 'Payment Information' });
    await expect(payment.getByRole('heading', { name: 'Your details' })).toBeVisible();
    const name = payment.getByLabel('Name');
    const mail = payment.getByLabel('Email');
    await expect(name).toHaveAttribute('autocomplete', 'name');
    await expect(mail).toHaveAttribute('autocomplete', 'email');
    await expect(payment.getByText('For your receipt')).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Complete Payment' })).toHaveCount(0);

    await payment.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(payment.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(payment.getByText('Please enter a valid email address')).toBeVisible();

    // The skeleton shows until the client secret arrives.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/create-payment-intent', async (route) => {
      await held;
      await route.continue();
    });
    const intentRequest = page.waitForRequest('**/api/create-payment-intent');
    await enterGuestDetails(page, 'Gwen Guest', email);
    expect((await intentRequest).postDataJSON()).toMatchObject({ customerName: 'Gwen Guest', customerEmail: email, courseIds: [course!.id] });
    await expect(payment.getByRole('status').getByLabel('Loading payment form')).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Complete Payment' })).toHaveCount(0);
    release();

    await expect(payment.getByText(`Receipt to Gwen Guest (${email})`)).toBeVisible();
    await pay(page, CARDS.success);
    await expect(page).toHaveURL(/\/success\?/);
    const paymentId = new URL(page.url()).searchParams.get('payment_intent')!;

    await signInCustomer(page, email);
    const order = page.getByRole('listitem').filter({ hasText: `payment reference ${paymentId}` });
    await expect(order.getByText('completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Course' })).toHaveAttribute('href', `/learn/${course!.id}`);
  });

  // Signed in: a guest's seats are held only while its client address holds no other guest
  // checkout of the course (issue 27), and other specs check out as guests from this address too.
  test('a seat-limited course shows until when its seats are held; an unlimited one does not', async ({ page, request }) => {
    // Two checkouts: 47 s of its 60 s on the 2-core machine, slower today (CI of 2026-11-27).
    test.setTimeout(120_000);
    await signInCustomer(page, freshEmail('hold'));
    await addToCart(page, await plainCourse(request, { seatLimited: true }));
    await page.goto('/checkout');
    const payment = page.getByRole('region', { name: 'Payment Information' });
    await expect(payment.getByRole('status').filter({ hasText: /Your seats are held until .+ \((10|9) minutes left\)\./ })).toBeVisible();

    await page.evaluate(() => localStorage.removeItem('cart-storage'));
    const [plain] = await plainCourses(request);
    await addToCart(page, plain!);
    await page.goto('/checkout');
    await expect(payment.getByRole('button', { name: 'Complete Payment' })).toBeVisible();
    await expect(payment.getByText(/Your seats are held/)).toHaveCount(0);
  });

  test('the test card form has labelled, autofillable fields and checks the card before sending it', async ({ page, request }) => {
    const [course] = await plainCourses(request);
    await addToCart(page, course!);
    await page.goto('/checkout');
    await enterGuestDetails(page, 'Carl Checker', freshEmail('card-checks'));

    const form = page.getByRole('form', { name: 'Card details' });
    const number = form.getByLabel('Card number');
    await expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await expect(number).toHaveAttribute('inputmode', 'numeric');
    await expect(form.getByLabel('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(form.getByLabel('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    await expect(form.getByLabel('Name on card')).toHaveAttribute('autocomplete', 'cc-name');
    for (const card of Object.values(CARDS)) await expect(form.getByText(card, { exact: true })).toBeVisible();

    await number.pressSequentially('4242424242424241');
    await expect(number).toHaveValue('4242 4242 4242 4241');
    await form.getByLabel('Expiry date').fill('01/20');
    await form.getByLabel('CVC').fill('12');

    let confirmed = false;
    await page.route('**/api/test-payments/confirm', (route) => {
      confirmed = true;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(form.getByText('Your card number is invalid.')).toBeVisible();
    await expect(form.getByText("Your card's expiration date is in the past.")).toBeVisible();
    await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();
    await expect(form.getByText('Please enter the name on the card.')).toBeVisible();
    await expect(number).toBeFocused();
    expect(confirmed).toBe(false);

    // "Use" fills a test card; fixing a field clears its message.
    await form.getByRole('button', { name: `Use test card ${CARDS.success}` }).click();
    await expect(number).toHaveValue(CARDS.success);
    await expect(form.getByText('Your card number is invalid.')).toHaveCount(0);
  });

  test('changed prices stop the payment with the server message under "Payment Setup Failed"', async ({ page, request }) => {
    // A paid course, so the price kept in the cart ($50 less) is a real price; the sync's order is
    // not a rule (a free course came first once the listing indexes changed).
    const course = (await plainCourses(request)).find((candidate) => Number(candidate.price) >= 100);
    await page.goto('/');
    await page.evaluate((item) => localStorage.setItem('cart-storage', JSON.stringify({ state: { items: [item], isOpen: false }, version: 0 })), {
      courseId: course!.id,
      title: course!.title,
      price: Number(course!.price) - 50,
      type: course!.type,
      code: course!.code,
    });
    await page.goto('/checkout');
    await enterGuestDetails(page, 'Penny Pincher', freshEmail('tampered'));
    await expect(toast(page, 'Payment Setup Failed')).toBeVisible();
    await expect(
      page
        .locator('.fui-Toast')
        .getByText(`Prices have changed since you added these courses. The new total is ${money(course!.price).replace(',', '')}.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review cart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Payment' })).toHaveCount(0);
  });

  test('a server failure while setting up the payment shows the standard message', async ({ page, request }) => {
    const [course] = await plainCourses(request);
    await addToCart(page, course!);
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong"}' }),
    );
    await page.goto('/checkout');
    await enterGuestDetails(page, 'Sam Server', freshEmail('setup-fail'));
    await expect(toast(page, 'Payment Setup Failed')).toBeVisible();
    await expect(toast(page, 'There was an error setting up payment. Please try again.')).toBeVisible();
    await page.unroute('**/api/create-payment-intent');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });

  test('an empty cart shows "Cart is Empty" and goes to /courses', async ({ page }) => {
    // Recorded as it appears: the toast lasts 5 s by its own CSS timer, and under load a check
    // polled from here has come after it had gone (support/toasts.ts).
    const toasts = await recordToasts(page);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/courses$/);
    await expect.poll(toasts).toEqual(['Cart is EmptyPlease add some courses to your cart before checkout.']);
  });
});
