import { expect, test, type Page } from '@playwright/test';

const COURSE_MENU = [
  { name: 'Live Seminars', path: '/live-seminars' },
  { name: 'Live Webinars', path: '/webinars' },
  { name: 'Recorded Courses', path: '/recorded-courses' },
  { name: 'Recorded Seminars', path: '/recorded-seminars' },
  { name: 'Webinar Packs', path: '/webinar-packs' },
] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const searchOf = (page: Page) => new URL(page.url()).search;

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('"Skip to content" is the first focusable element and moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });

  test('the logo leads home', async ({ page }) => {
    await page.goto('/about');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^LifeScience Academy/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/compliance training/i);
  });

  for (const item of COURSE_MENU) {
    test(`the Courses dropdown opens ${item.name}`, async ({ page }) => {
      await page.goto('/about');
      const header = page.getByRole('banner');
      const trigger = header.getByRole('button', { name: 'Courses' });
      await trigger.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(COURSE_MENU.map((entry) => entry.name));
      // Under CPU load a click can land while the popover is still sliding in and be lost (the
      // menu stays open): try the click again, reopening the menu if it closed.
      await expect(async () => {
        if (!(await menu.isVisible())) await trigger.click();
        await menu.getByRole('menuitem', { name: item.name }).click({ timeout: 3000 });
        await expect.poll(() => pathOf(page), { timeout: 3000 }).toBe(item.path);
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole('menu')).toHaveCount(0);
      // The header is still there after an in-app navigation.
      await expect(header.getByRole('button', { name: 'Courses' })).toBeVisible();
    });
  }

  test('the Courses dropdown works from the keyboard', async ({ page }) => {
    await page.goto('/about');
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Courses' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Live Seminars' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Live Webinars' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/webinars');
  });

  for (const [name, path] of [
    ['Membership', '/membership'],
    ['About', '/about'],
    ['Contact', '/contact'],
  ] as const) {
    test(`the ${name} link navigates to ${path} and is marked current`, async ({ page }) => {
      await page.goto('/');
      const link = page.getByRole('banner').getByRole('link', { name, exact: true });
      await link.click();
      await expect.poll(() => pathOf(page)).toBe(path);
      await expect(link).toHaveAttribute('aria-current', 'page');
    });
  }

  test('signed-out visitors see Login and Sign Up, and no Admin link', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('a blank or whitespace-only search does nothing', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search courses' });
    await box.press('Enter');
    await box.fill('    ');
    await box.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/about');
    expect(searchOf(page)).toBe('');
    await expect(box).toHaveValue('    ');
  });

  test('a search term goes to /courses?search= with the term URL-encoded', async ({ page }) => {
    await page.goto('/about');
    const search = page.getByRole('banner').getByRole('search');
    const box = search.getByRole('searchbox', { name: 'Search courses' });
    await box.fill('  GMP & data integrity ');
    await box.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/courses');
    expect(searchOf(page)).toBe(`?search=${encodeURIComponent('GMP & data integrity')}`);
    await expect(box).toHaveValue('');
  });

  test('the mobile menu button is not shown on a wide screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the desktop navigation and search collapse into a hamburger menu', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Courses' })).toBeHidden();
    await expect(header.getByRole('searchbox')).toBeHidden();
    await expect(header.getByRole('button', { name: /open cart/i })).toBeVisible();
    const hamburger = header.getByRole('button', { name: 'Open menu' });
    await expect(hamburger).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens with every link and navigates, closing itself', async ({ page }) => {
    await page.goto('/');
    // While the modal menu is open the page behind it is hidden from assistive technology.
    const hamburger = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const name of [...COURSE_MENU.map((item) => item.name), 'Membership', 'About', 'Contact', 'Login', 'Sign Up']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await drawer.getByRole('link', { name: 'Recorded Seminars' }).click();
    await expect.poll(() => pathOf(page)).toBe('/recorded-seminars');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  test('has its own search: blank does nothing, a term searches and closes the menu', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const box = drawer.getByRole('search').getByRole('searchbox', { name: 'Search courses' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(drawer).toBeVisible();
    await expect.poll(() => pathOf(page)).toBe('/about');

    await box.fill('clinical trials');
    await box.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/courses');
    expect(searchOf(page)).toBe('?search=clinical%20trials');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });

  test('closes with its close button and with Escape', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });
});

test.describe('footer', () => {
  test('quick links and type filters lead to their pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['All Courses', '/courses'],
      ['Membership', '/membership'],
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
      ['Privacy Policy', '/privacy-policy'],
    ];
    for (const [name, href] of expected) {
      await expect(quick.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const types = footer.getByRole('navigation', { name: 'Browse by Type' });
    await expect(types.getByRole('link')).toHaveCount(3);
    await expect(types.getByRole('link', { name: 'Live Seminars' })).toHaveAttribute('href', '/courses?type=live_seminar');
    await expect(types.getByRole('link', { name: 'Webinars', exact: true })).toHaveAttribute('href', '/courses?type=webinar');
    await expect(types.getByRole('link', { name: 'Recorded Webinars' })).toHaveAttribute('href', '/courses?type=recorded_webinar');

    await types.getByRole('link', { name: 'Recorded Webinars' }).click();
    await expect(page).toHaveURL(/\/courses\?type=recorded_webinar$/);
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('support topics and social channels are shown but lead nowhere yet', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const topic of ['Help Center', 'Contact Support', 'Technical Requirements', 'Terms of Service', 'Refund Policy']) {
      await expect(footer.getByText(topic, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: topic })).toHaveCount(0);
    }
    for (const channel of ['LinkedIn', 'X (Twitter)', 'Facebook', 'YouTube']) {
      await expect(footer.getByRole('img', { name: channel })).toBeVisible();
      await expect(footer.getByRole('link', { name: channel })).toHaveCount(0);
    }
    // Nothing in the footer is a dead "#" link.
    await expect(footer.locator('a[href="#"], a:not([href])')).toHaveCount(0);
  });

  test("shows the tagline and this year's copyright line", async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('We Empower, You Comply', { exact: true })).toBeVisible();
    const year = new Date().getFullYear();
    await expect(footer.getByText(`© ${year} LifeScience Academy. All rights reserved.`, { exact: true })).toBeVisible();
  });
});
