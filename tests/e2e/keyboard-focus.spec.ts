/**
 * Keyboard and focus: toasts are never a tab stop (no keyboard trap, WCAG 2.1.2), closing the cart
 * panel gives focus back to the button that opened it, and a navigation moves focus to the new
 * page's main heading instead of leaving it on <body>.
 */
import { expect, test, type Page } from '@playwright/test';
import { addToCartFromPage, plainCourse } from './support/catalogue';

const activeInside = (page: Page, selector: string) => page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);
/** Focus is on a toast: on its container (which wraps `.fui-Toast`) or inside it. */
const toastFocused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const toast = document.querySelector('.fui-Toast');
    return !!active && active !== document.body && !!toast && (active.contains(toast) || toast.contains(active));
  });

test('the "Added to Cart" toast is not a keyboard trap', async ({ page, request }) => {
  await addToCartFromPage(page, await plainCourse(request));
  const toast = page.locator('.fui-Toast');
  await expect(toast).toBeVisible();
  // From the last link of the page, Tab leaves the page instead of entering the toast and staying there.
  await page.getByRole('contentinfo').getByRole('link').last().focus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await toastFocused(page), `Tab ${i + 1}`).toBe(false);
  }
  await page.getByRole('contentinfo').getByRole('link').last().focus();
  await page.keyboard.press('Shift+Tab');
  expect(await activeInside(page, 'footer')).toBe(true);
  // It goes away by itself.
  await expect(toast).toHaveCount(0, { timeout: 8000 });
});

test('closing the cart panel gives focus back to the cart button', async ({ page }) => {
  await page.goto('/about');
  const cartButton = page.getByRole('banner').getByRole('button', { name: /open cart/i });
  await cartButton.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /Your Cart/ });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close cart' }).click();
  await expect(panel).toBeHidden();
  await expect(cartButton).toBeFocused();

  await cartButton.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cartButton).toBeFocused();
});

test('focus goes back to the cart button also when the header swapped that button while the panel was open', async ({ page }) => {
  // The header's popups (and with them the real cart button) arrive only after the panel opened.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/header-popups-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about');
  const cartButton = page.getByRole('banner').getByRole('button', { name: /open cart/i });
  await cartButton.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /Your Cart/ });
  await expect(panel).toBeVisible();
  release();
  // The swapped-in button carries its tooltip.
  await expect(page.locator('header button[aria-haspopup="dialog"][aria-describedby]')).toHaveCount(1);
  await panel.getByRole('button', { name: 'Close cart' }).click();
  await expect(panel).toBeHidden();
  await expect(cartButton).toBeFocused();
});

test('after a navigation, focus is on the new page’s main heading', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  // The next Tab continues inside the new page, not from the top of the document.
  expect(await activeInside(page, 'main')).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
