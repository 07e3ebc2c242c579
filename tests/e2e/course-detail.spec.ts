/**
 * /courses/:id (storefront spec §2 Course detail, §4 Cart, §5 tier quantity) against the seeded
 * demo catalogue.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import { formatCourseDate, formatDuration } from '../../pwa/lib/format';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

async function courseWithTiers(request: APIRequestContext, type: string): Promise<{ course: Course; tiers: PricingTier[] }> {
  const sync = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
  const courses = await getJson<Course[]>(request, `/api/courses?type=${type}`);
  const course = courses.find((c) => sync.pricingTiers.filter((t) => t.courseId === c.id).length > 1);
  if (!course) throw new Error(`no ${type} with tiers in the seed`);
  return { course, tiers: await getJson<PricingTier[]>(request, `/api/courses/${course.id}/pricing-tiers`) };
}

async function cartItems(page: Page): Promise<Array<{ courseId: string; pricingTierId?: string; title: string; price: number }>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}').state?.items ?? []);
}

function tierCard(page: Page, tier: PricingTier): Locator {
  return page.getByRole('region', { name: tier.name, exact: true });
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

test.describe('course detail', () => {
  test('shows every block of a live seminar', async ({ page, request }) => {
    const { course, tiers } = await courseWithTiers(request, 'live_seminar');
    await page.goto(`/courses/${course.id}`);

    await expect(page.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByRole('img', { name: course.title, exact: true })).toHaveAttribute('src', course.image ?? '/images/course-fallback.svg');
    const main = page.getByRole('article');
    await expect(main.getByText('Live Seminar', { exact: true })).toBeVisible();
    await expect(main.getByText(course.code, { exact: true })).toBeVisible();
    if (course.category) await expect(main.getByText(course.category, { exact: true })).toBeVisible();
    if (course.shortDescription) await expect(page.getByText(course.shortDescription)).toBeVisible();
    // The HTML description is rendered as markup, not as text.
    const description = page.getByTestId('course-description');
    await expect(description).toHaveClass(/rich-text/);
    expect(await description.evaluate((el) => el.querySelector('p') !== null)).toBe(true);
    expect(await description.innerText()).not.toContain('<p>');

    const details = section(page, 'Course Details');
    await expect(details.getByRole('heading', { name: 'Course Details' })).toBeVisible();
    await expect(details.getByText('Start Date')).toBeVisible();
    await expect(details.getByText(formatCourseDate(course.startDate, course.timezone), { exact: true })).toBeVisible();
    await expect(details.getByText('End Date')).toBeVisible();
    await expect(details.getByText(formatCourseDate(course.endDate, course.timezone), { exact: true })).toBeVisible();
    await expect(details.getByText(`(${course.timezone})`).first()).toBeVisible();
    await expect(details.getByText('Participants')).toBeVisible();
    await expect(
      details.getByText(course.maxParticipants ? `${course.currentParticipants} / ${course.maxParticipants}` : String(course.currentParticipants), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(details.getByText(formatDuration(course.duration), { exact: true })).toBeVisible();
    if (course.location) await expect(details.getByText(course.location)).toBeVisible();

    const learn = section(page, "What You'll Learn");
    await expect(learn.getByRole('listitem')).toHaveText(course.tags);

    for (const tier of tiers) {
      const card = tierCard(page, tier);
      await expect(card.getByRole('heading', { name: tier.name })).toBeVisible();
      await expect(card.getByText(`$${Number(tier.price).toLocaleString('en-US')}`, { exact: true })).toBeVisible();
      if (tier.description) await expect(card.getByText(tier.description)).toBeVisible();
      await expect(card.getByRole('list', { name: `${tier.name} features` }).getByRole('listitem')).toHaveText(tier.features);
      await expect(card.getByText('Most Popular')).toHaveCount(tier.isDefault ? 1 : 0);
    }
    await expect(page.getByText('Most Popular', { exact: true })).toHaveCount(tiers.filter((t) => t.isDefault).length);

    const instructor = section(page, 'Meet Your Instructor');
    await expect(instructor.getByRole('heading', { name: course.instructorName ?? '' })).toBeVisible();
    await expect(instructor.getByRole('img', { name: course.instructorName ?? '' })).toBeVisible();
    if (course.instructorBio) expect(await instructor.locator('.rich-text p').count()).toBeGreaterThan(0);

    const features = section(page, 'Course Features');
    await expect(features.getByText('Live Q&A with the instructor')).toBeVisible();
    await expect(features.getByText('Certificate of attendance')).toBeVisible();
  });

  test('advertises lifetime and instant access with a certificate for recordings, without live details', async ({ page, request }) => {
    const [recording] = await getJson<Course[]>(request, '/api/courses?type=recorded_webinar');
    if (!recording) throw new Error('no recorded webinar');
    await page.goto(`/courses/${recording.id}`);
    await expect(page.getByRole('heading', { level: 1, name: recording.title })).toBeVisible();
    await expect(page.getByRole('article').getByText('Recording', { exact: true })).toBeVisible();
    const features = section(page, 'Course Features');
    await expect(features.getByText('Lifetime access', { exact: true })).toBeVisible();
    await expect(features.getByText('Instant access', { exact: true })).toBeVisible();
    await expect(features.getByText('Certificate of completion', { exact: true })).toBeVisible();
    const details = section(page, 'Course Details');
    await expect(details.getByText('Duration')).toBeVisible();
    await expect(details.getByText('Start Date')).toHaveCount(0);
    await expect(details.getByText('Participants')).toHaveCount(0);
  });

  test('bounds the tier quantity to 1–99 and turns non-numeric input into 1', async ({ page, request }) => {
    const { course, tiers } = await courseWithTiers(request, 'live_seminar');
    const tier = tiers[0]!;
    await page.goto(`/courses/${course.id}`);
    const card = tierCard(page, tier);
    const quantity = card.getByLabel(`Quantity of ${tier.name}`, { exact: true });
    const decrease = card.getByRole('button', { name: `Decrease quantity of ${tier.name}` });
    const increase = card.getByRole('button', { name: `Increase quantity of ${tier.name}` });

    await expect(quantity).toHaveValue('1');
    await expect(decrease).toBeDisabled();
    await increase.click();
    await expect(quantity).toHaveValue('2');
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(quantity).toHaveValue('1');
    await expect(decrease).toBeDisabled();

    await quantity.fill('abc');
    await expect(quantity).toHaveValue('1');
    await quantity.fill('250');
    await expect(quantity).toHaveValue('99');
    await expect(increase).toBeDisabled();
    await expect(decrease).toBeEnabled();
    await quantity.fill('0');
    await expect(quantity).toHaveValue('1');
    await quantity.fill('');
    await quantity.blur();
    await expect(quantity).toHaveValue('1');
    await quantity.fill('98');
    await increase.click();
    await expect(quantity).toHaveValue('99');
    await expect(increase).toBeDisabled();
  });

  test('adds quantity 3 of a tier as three cart items, then says it is already in the cart', async ({ page, request }) => {
    const { course, tiers } = await courseWithTiers(request, 'live_seminar');
    const tier = tiers.find((t) => t.isDefault) ?? tiers[0]!;
    await page.goto(`/courses/${course.id}`);
    const card = tierCard(page, tier);
    await card.getByLabel(`Quantity of ${tier.name}`, { exact: true }).fill('3');
    await card.getByRole('button', { name: `Add to Cart: ${tier.name}` }).click();

    const title = `${course.title} - ${tier.name}`;
    await expect(page.getByText('Added to Cart', { exact: true })).toBeVisible();
    await expect(page.getByText(`${title} has been added to your cart.`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open cart, 3 items' })).toBeVisible();
    const items = await cartItems(page);
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toEqual(
        expect.objectContaining({ courseId: course.id, pricingTierId: tier.id, pricingTierName: tier.name, title, price: Number(tier.price) }),
      );
    }

    await card.getByRole('button', { name: `Add to Cart: ${tier.name}` }).click();
    await expect(page.getByText(`${title} is already in your cart.`, { exact: true })).toBeVisible();
    expect(await cartItems(page)).toHaveLength(3);
  });

  test('offers a single add-to-cart for a course without tiers', async ({ page, request }) => {
    const sync = await getJson<{ courses: Course[]; pricingTiers: PricingTier[] }>(request, '/api/sync/catalogue');
    const active = await getJson<Course[]>(request, '/api/courses');
    const course = active.find((c) => !sync.pricingTiers.some((t) => t.courseId === c.id));
    if (!course) throw new Error('no course without tiers in the seed');
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByText(`$${Number(course.price).toLocaleString('en-US')}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Most Popular')).toHaveCount(0);
    await expect(page.getByLabel(/^Quantity/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${course.title} has been added to your cart.`, { exact: true })).toBeVisible();
    expect(await cartItems(page)).toEqual([expect.objectContaining({ courseId: course.id, title: course.title, price: Number(course.price) })]);
  });

  test('shows the fallback image when the course has none', async ({ page, request }) => {
    const all = await getJson<Course[]>(request, '/api/courses');
    const course = all.find((c) => !c.image);
    if (!course) throw new Error('no course without an image');
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole('img', { name: course.title, exact: true })).toHaveAttribute('src', '/images/course-fallback.svg');
  });

  for (const [label, id] of [
    ['an unknown course id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed course id', 'not-a-real-id'],
  ] as const) {
    test(`shows "Course Not Found" for ${label}, with a way back to the listing`, async ({ page }) => {
      await page.goto(`/courses/${id}`);
      await expect(page.getByRole('heading', { name: 'Course Not Found' })).toBeVisible();
      await expect(page.getByText("The course you're looking for doesn't exist or has been removed.")).toBeVisible();
      await page.getByRole('link', { name: 'Browse All Courses' }).click();
      await expect(page).toHaveURL(/\/courses$/);
      await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
    });
  }

  test('opens from a course card and goes back to the listing', async ({ page, request }) => {
    const [first] = await getJson<Course[]>(request, '/api/courses');
    if (!first) throw new Error('no courses');
    await page.goto('/courses');
    await page.getByRole('article', { name: first.title, exact: true }).getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Courses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All Courses' })).toBeVisible();
  });
});
