/**
 * axe-core over every storefront route, at a phone width (375 px) and a desktop width (1280 px).
 * Any violation fails; nothing is excluded. (Fluent's tabster adds focusable, aria-hidden
 * sentinels around the page once a modal drawer is mounted; the cart panel and mobile menu are
 * mounted only when first opened, so a page as loaded has none.)
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { getJson, plainCourse } from './support/catalogue';
import { signIn } from './support/session';
import { animationsSettled } from './support/animations';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const STATIC_ROUTES = [
  '/',
  '/courses',
  '/courses?type=live_seminar',
  '/live-seminars',
  '/webinars',
  '/recorded-courses',
  '/recorded-seminars',
  '/webinar-packs',
  '/about',
  '/privacy-policy',
  '/contact',
  '/membership',
  '/login',
  '/admin/login',
  '/register',
  '/profile',
  '/no-such-page',
];

async function audit(page: Page) {
  // Let lazy chunks, data and skeletons settle before judging the page.
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('main')
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  // A dialog still fading in has the colours of its first frames: judge it once its animations have finished.
  // (Endless ones, such as a spinner's, are left running.)
  await animationsSettled(page);
  // label-content-name-mismatch is off by default in axe (experimental): a control's accessible
  // name must contain its visible text (WCAG 2.5.3), so it is turned on here.
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const violations = results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5), help: v.help }));
  // Every page has one main heading (navigation moves focus to it).
  const headings = await page.getByRole('main').getByRole('heading', { level: 1 }).count();
  if (headings !== 1) violations.push({ id: 'one-main-heading', impact: 'serious', nodes: [`${headings} h1 in main`], help: 'The page has exactly one h1' });
  // No visible text below 12 px.
  const tiny = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('[aria-hidden="true"]:not([data-testid="cart-count"]), script, style, noscript')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.width <= 1) continue;
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      if (size < 12) found.push(`${text.slice(0, 30)} (${size}px)`);
    }
    return [...new Set(found)].slice(0, 5);
  });
  if (tiny.length) violations.push({ id: 'min-text-size', impact: 'serious', nodes: tiny, help: 'Text is at least 12px' });
  return violations;
}

/** Audits the page as it is now into `found` under `name`; with a modal open, the page behind it (and its h1) is hidden from assistive technology. */
function collector(page: Page, found: Record<string, unknown>) {
  return async (name: string, modal = false) => {
    const violations = (await audit(page)).filter((v) => !(modal && v.id === 'one-main-heading'));
    if (violations.length) found[name] = violations;
  };
}

for (const size of WIDTHS) {
  test.describe(`axe at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('every static and listing route is free of violations', async ({ page }) => {
      // 17 routes, each audited after the network settles: over 2 minutes on a loaded CI machine.
      test.setTimeout(240_000);
      const found: Record<string, unknown> = {};
      for (const route of STATIC_ROUTES) {
        await page.goto(route);
        const violations = await audit(page);
        if (violations.length) found[route] = violations;
      }
      expect(found).toEqual({});
    });

    test('course pages (with and without pricing tiers), checkout and success are free of violations', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { courses, pricingTiers } = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
      const tiered = new Set(pricingTiers.map((tier) => tier.courseId));
      const withTiers = courses.find((c) => c.isActive && tiered.has(c.id))!;
      const plain = await plainCourse(request);
      const found: Record<string, unknown> = {};
      for (const course of [withTiers, plain]) {
        await page.goto(`/courses/${course.id}`);
        const violations = await audit(page);
        if (violations.length) found[`/courses/${course.id}`] = violations;
      }
      await page.getByRole('region', { name: 'Enroll in this course' }).getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText(`${plain.title} has been added to your cart.`, { exact: true })).toBeVisible();
      await page.goto('/checkout');
      // The checkout itself is audited, not the listing an empty cart would be sent to.
      await expect(page.getByRole('region', { name: 'Payment Information' })).toBeVisible();
      const checkoutViolations = await audit(page);
      if (checkoutViolations.length) found['/checkout'] = checkoutViolations;
      expect(found).toEqual({});
    });

    // Two tests (the screens; their dialogs and the contributor dashboard) so that under CI load
    // each stays well inside its time and the two workers share them.
    test('the back-office screens are free of violations', async ({ page, request }) => {
      test.setTimeout(240_000);
      const found: Record<string, unknown> = {};
      const check = collector(page, found);
      await signIn(page, 'admin@lifescience-academy.example', 'admin');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      const { courses } = await getJson<{ courses: Course[] }>(request, '/api/sync/catalogue');
      const webinar = courses.find((c) => c.type === 'live_webinar' && c.isActive)!;
      const seminar = courses.find((c) => c.type === 'live_seminar' && c.isActive)!;
      for (const route of [
        '/admin/dashboard',
        '/admin/live-seminars',
        '/admin/live-seminars/create',
        `/admin/seminars/edit/${seminar.id}`,
        `/admin/check-in/${seminar.id}`,
        '/admin/webinars',
        '/admin/webinars/create',
        `/admin/webinars/edit/${webinar.id}`,
        '/admin/recorded-courses',
        '/admin/recorded-seminars',
        '/admin/webinar-packs',
        '/admin/instructors',
        '/admin/orders',
        '/admin/coupons',
        '/admin/cancellation-policies',
      ]) {
        await page.goto(route);
        await check(route);
      }
      expect(found).toEqual({});
    });

    test('the back-office dialogs and the contributor dashboard are free of violations', async ({ page, request }) => {
      test.setTimeout(240_000);
      const found: Record<string, unknown> = {};
      const check = collector(page, found);
      await signIn(page, 'admin@lifescience-academy.example', 'admin');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      const { courses } = await getJson<{ courses: Course[] }>(request, '/api/sync/catalogue');
      const webinar = courses.find((c) => c.type === 'live_webinar' && c.isActive)!;
      await page.goto('/admin/webinars');
      await page
        .getByRole('button', { name: `Pricing ${webinar.title}` })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await check('pricing dialog', true);
      await page.goto('/admin/webinar-packs');
      await page.getByRole('button', { name: 'Add Webinar Pack' }).click();
      await page.getByRole('dialog').waitFor();
      await check('pack dialog', true);
      await page.goto('/admin/webinars/create');
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('dialog').waitFor();
      await check('preview dialog', true);

      await page.evaluate(() => localStorage.clear());
      await signIn(page, 'contributor@lifescience-academy.example', 'admin');
      await expect(page).toHaveURL(/\/contributor$/);
      await page.goto('/contributor');
      await check('/contributor');
      expect(found).toEqual({});
    });

    test('the people, messages and activity screens and their dialogs are free of violations', async ({ page, request }) => {
      test.setTimeout(300_000);
      const found: Record<string, unknown> = {};
      const check = collector(page, found);
      // A message to list, so the messages table shows its actions.
      const sent = await request.post('/api/contact', {
        data: { name: 'Axe Visitor', email: `axe-${size.name}-${Date.now()}@a11y.test`, message: 'Checking the messages screen.' },
      });
      expect(sent.status()).toBe(201);
      await signIn(page, 'admin@lifescience-academy.example', 'admin');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      for (const route of ['/admin/customers', '/admin/contributors', '/admin/messages', '/admin/activity']) {
        await page.goto(route);
        await check(route);
      }
      // Each dialog opened on a freshly loaded screen; the demo customer is found by the search first.
      const openOn = async (route: string, open: () => Promise<void>, role: 'dialog' | 'alertdialog' = 'dialog') => {
        await page.goto(route);
        if (route === '/admin/customers') {
          await page.getByLabel('Search customers').fill('customer@lifescience-academy.example');
          await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row')).toHaveCount(2);
        }
        await open();
        await page.getByRole(role).waitFor();
      };
      await openOn('/admin/customers', async () => {
        await page.getByRole('button', { name: 'Add Customer' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Create Customer' }).click();
        await expect(page.getByRole('dialog').getByText('Please enter a valid email')).toBeVisible();
      });
      await check('add customer dialog, with its errors', true);
      await openOn('/admin/customers', () => page.getByRole('button', { name: 'Edit Jordan Customer', exact: true }).click());
      await check('edit customer dialog', true);
      await openOn('/admin/customers', () => page.getByRole('button', { name: 'Delete Jordan Customer', exact: true }).click(), 'alertdialog');
      await check('delete customer dialog', true);
      await openOn('/admin/contributors', async () => {
        await page.getByRole('button', { name: 'Add Contributor' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Create Contributor' }).click();
        await expect(page.getByRole('dialog').getByText('Please fill in name and email.').first()).toBeVisible();
        // The same words came as a toast too. It leaves after 5 s with a fade, and an audit that ran
        // into that fade judged its half-transparent text (only on a slow machine). The dialog is
        // judged once it has gone.
        await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
      });
      await check('add contributor dialog, with its errors', true);
      await openOn('/admin/contributors', () => page.getByRole('button', { name: 'Edit Casey Contributor', exact: true }).click());
      await check('edit contributor dialog', true);
      expect(found).toEqual({});
    });
  });
}
