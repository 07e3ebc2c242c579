import { expect, test } from '@playwright/test';

interface Named {
  id: string;
  name?: string;
  title?: string;
}

test('hero shows the tagline and its two calls to action lead to the listings', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: /compliance training/i });
  await expect(hero.getByText('We Empower, You Comply', { exact: true })).toBeVisible();
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();

  const browse = hero.getByRole('link', { name: 'Browse Live Seminars' });
  await expect(browse).toHaveAttribute('href', '/courses?type=live_seminar');
  await browse.click();
  await expect(page).toHaveURL(/\/courses\?type=live_seminar$/);

  await page.goBack();
  await hero.getByRole('link', { name: 'View Upcoming Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('four category tiles link to the three type filters and to membership', async ({ page }) => {
  await page.goto('/');
  const tiles = page.getByRole('region', { name: 'Find the right format' }).getByRole('link');
  await expect(tiles).toHaveCount(4);
  const hrefs = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual(['/courses?type=live_seminar', '/courses?type=webinar', '/membership', '/courses?type=recorded_webinar']);
  await tiles.filter({ hasText: 'Membership' }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test('membership section shows PRIME and BUSINESS with their prices, and buttons to /membership', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Membership Plans' });
  const prime = section.getByRole('article', { name: 'PRIME' });
  const business = section.getByRole('article', { name: 'BUSINESS' });

  await expect(prime).toContainText('$348');
  await expect(prime).toContainText('/year');
  await expect(prime).toContainText('$29 per month billed annually');
  await expect(prime.getByRole('list', { name: 'PRIME features' }).getByRole('listitem')).toHaveCount(6);
  await expect(prime).toContainText('25% off webinars and virtual seminars');
  await expect(prime).not.toContainText('MOST POPULAR');

  await expect(business).toContainText('$9,000');
  await expect(business).toContainText('MOST POPULAR');
  await expect(business.getByRole('list', { name: 'BUSINESS features' }).getByRole('listitem')).toHaveCount(8);
  await expect(business).toContainText('Access to all webinars (1000+)');

  await expect(prime.getByRole('link', { name: /PRIME/ })).toHaveAttribute('href', '/membership');
  await business.getByRole('link', { name: /BUSINESS/ }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test('Panel of Experts shows the first 6 instructors', async ({ page, request }) => {
  const instructors = (await (await request.get('/api/instructors')).json()) as Named[];
  expect(instructors.length).toBeGreaterThan(6);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Panel of Experts' });
  const cards = section.getByRole('list', { name: 'Experts' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  for (const [index, instructor] of instructors.slice(0, 6).entries()) {
    await expect(cards.nth(index)).toHaveAccessibleName(instructor.name!);
  }
  await expect(section.getByRole('article', { name: instructors[6]!.name! })).toHaveCount(0);
});

test('Featured Courses shows the first 6 courses and a View All Courses link', async ({ page, request }) => {
  const courses = (await (await request.get('/api/courses')).json()) as Named[];
  expect(courses.length).toBeGreaterThan(6);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Featured Courses' });
  const cards = section.getByRole('list', { name: 'Featured courses' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  for (const [index, course] of courses.slice(0, 6).entries()) {
    await expect(cards.nth(index)).toHaveAccessibleName(course.title!);
  }
  await section.getByRole('link', { name: 'View All Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('while loading, each area shows exactly 6 skeletons', async ({ page }) => {
  // Hold the catalogue answers until the skeletons have been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/(courses|instructors)(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('instructor-card-skeleton')).toHaveCount(6);
  await expect(page.getByTestId('course-card-skeleton')).toHaveCount(6);
  release();
  await expect(page.getByTestId('instructor-card-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('course-card-skeleton')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Featured Courses' }).getByRole('article')).toHaveCount(6);
});

test('a failed load shows a short message instead of cards', async ({ page }) => {
  // No saved copy to fall back to, and the API refuses the instructors.
  await page.route(/\/api\/sync\/catalogue/, (route) => route.abort());
  await page.route(/\/api\/instructors$/, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }));
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Panel of Experts' });
  await expect(section.getByText(/couldn't load the experts/i)).toBeVisible();
  await expect(section.getByRole('article')).toHaveCount(0);
});
