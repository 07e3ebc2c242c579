/** At 375 px the checkout fits: nothing sticks out of the viewport or of its box, and the test-card list stays readable. */
import { expect, test, type Page } from '@playwright/test';
import { addToCartFromPage, plainCourse } from './support/catalogue';

test.use({ viewport: { width: 375, height: 812 } });

/** Elements whose right edge passes the viewport, or whose text overflows their own box. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0) continue;
      const label = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 24)}"`;
      if (rect.right > window.innerWidth + 0.5) found.push(`${label} ends at ${Math.round(rect.right)}px`);
      else if (
        element.children.length === 0 &&
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflow === 'visible' &&
        element.clientWidth > 0
      ) {
        found.push(`${label} overflows its box`);
      }
    }
    return found.slice(0, 10);
  });

test('the checkout with the test card form fits a 375 px screen', async ({ page, request }) => {
  await addToCartFromPage(page, await plainCourse(request));
  await page.goto('/checkout');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await payment.getByLabel('Name').fill('Ada Lovelace');
  await payment.getByLabel('Email').fill('ada@example.com');
  await payment.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await overflowing(page)).toEqual([]);
  // Each test card's outcome has room for whole words, not one word per line.
  const outcomes = await page
    .getByText(/^(Payment succeeds|Card is declined|Asks for authentication)$/)
    .evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().width)));
  expect(outcomes).toHaveLength(3);
  for (const width of outcomes) expect(width).toBeGreaterThanOrEqual(120);
  const cvc = await page.getByLabel('CVC').boundingBox();
  expect(cvc!.x + cvc!.width).toBeLessThanOrEqual(375);
});
