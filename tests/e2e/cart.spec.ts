import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { savedCount } from './support/catalogue';

interface ApiCourse {
  id: string;
  title: string;
  code: string;
  price: string;
  type: string;
}
interface ApiTier {
  id: string;
  name: string;
  price: string;
  isDefault: boolean;
  tierLevel: number;
}
interface ExpectedLine {
  courseTitle: string;
  /** What the cart shows: the course title, with " - {tier}" when a tier is chosen. */
  title: string;
  code: string;
  price: number;
}

const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What a card's quick "add to cart" puts in the cart (spec: the default tier, else the lowest tierLevel, else the course). */
async function expectedLine(request: APIRequestContext, course: ApiCourse): Promise<ExpectedLine> {
  const tiers = (await (await request.get(`/api/courses/${course.id}/pricing-tiers`)).json()) as ApiTier[];
  const tier = tiers.find((candidate) => candidate.isDefault) ?? [...tiers].sort((a, b) => a.tierLevel - b.tierLevel)[0];
  return tier
    ? { courseTitle: course.title, title: `${course.title} - ${tier.name}`, code: course.code, price: Number(tier.price) }
    : { courseTitle: course.title, title: course.title, code: course.code, price: Number(course.price) };
}

async function featuredLines(request: APIRequestContext, count: number): Promise<ExpectedLine[]> {
  const courses = (await (await request.get('/api/courses')).json()) as ApiCourse[];
  return Promise.all(courses.slice(0, count).map((course) => expectedLine(request, course)));
}

/** Home with its featured cards, once the catalogue copy (with the tiers cards use) is on the device. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Featured courses' }).getByRole('article')).toHaveCount(6);
  await expect.poll(() => savedCount(page, 'pricingTiers'), { timeout: 20_000 }).toBeGreaterThan(0);
}

async function addFromCard(page: Page, line: ExpectedLine) {
  const card = page.getByRole('list', { name: 'Featured courses' }).getByRole('article', { name: line.courseTitle, exact: true });
  await card.getByRole('button', { name: /add( .+)? to cart/i }).click();
  const toast = page.getByRole('listitem', { name: 'Added to Cart' }).filter({ hasText: `${line.title} has been added to your cart.` });
  await expect(toast).toBeVisible();
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /open cart/i });
const cartPanel = (page: Page) => page.getByRole('dialog', { name: /your cart/i });

async function openCart(page: Page) {
  await cartButton(page).click();
  await expect(cartPanel(page)).toBeVisible();
  return cartPanel(page);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('an empty cart has no badge and says so; checkout is disabled', async ({ page }) => {
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Open cart');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  const panel = await openCart(page);
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Clear cart' })).toBeDisabled();
  await expect(panel.getByTestId('cart-total')).toHaveText('$0.00');
  await panel.getByRole('button', { name: 'Close cart' }).click();
  await expect(cartPanel(page)).toHaveCount(0);
});

test('adding a course from a card updates the badge, and the panel lists it with its price and the total', async ({ page, request }) => {
  const [line] = await featuredLines(request, 1);
  await openHome(page);
  await addFromCard(page, line!);

  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(cartButton(page)).toHaveText('1');
  await expect(cartButton(page)).toHaveAccessibleName('Open cart, 1 item');

  const panel = await openCart(page);
  await expect(panel.getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
  const items = panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(line!.title);
  await expect(items.first()).toContainText(line!.code);
  await expect(items.first()).toContainText(money(line!.price));
  await expect(panel.getByTestId('cart-total')).toHaveText(money(line!.price));
  await expect(panel.getByText('Total', { exact: true })).toBeVisible();

  // Adding the same course again changes nothing.
  await page.keyboard.press('Escape');
  await expect(cartPanel(page)).toHaveCount(0);
  await page
    .getByRole('list', { name: 'Featured courses' })
    .getByRole('article', { name: line!.courseTitle, exact: true })
    .getByRole('button', { name: /add( .+)? to cart/i })
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('the total is the sum of the items; removing lines updates it down to the empty state', async ({ page, request }) => {
  const [first, second] = await featuredLines(request, 2);
  await openHome(page);
  await addFromCard(page, first!);
  await addFromCard(page, second!);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  const panel = await openCart(page);
  const items = panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(panel.getByTestId('cart-total')).toHaveText(money(first!.price + second!.price));

  await panel.getByRole('button', { name: `Remove ${first!.title}`, exact: true }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(second!.title);
  await expect(panel.getByTestId('cart-total')).toHaveText(money(second!.price));
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await panel.getByRole('button', { name: `Remove ${second!.title}`, exact: true }).click();
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await expect(panel.getByTestId('cart-total')).toHaveText('$0.00');
  await expect(panel.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('"Clear cart" empties the cart', async ({ page, request }) => {
  const [first, second] = await featuredLines(request, 2);
  await openHome(page);
  await addFromCard(page, first!);
  await addFromCard(page, second!);
  const panel = await openCart(page);
  await panel.getByRole('button', { name: 'Clear cart' }).click();
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('seats bought in quantity count as items and show as one line', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => {
    const seat = {
      courseId: 'c-1',
      pricingTierId: 't-1',
      pricingTierName: 'Group',
      title: 'GMP Basics - Group',
      price: 250.5,
      type: 'live_seminar',
      code: 'GMP-1',
    };
    const other = { courseId: 'c-2', title: 'Data Integrity', price: 99, type: 'webinar', code: 'DI-2' };
    localStorage.setItem('cart-storage', JSON.stringify({ state: { items: [seat, seat, seat, other], isOpen: false }, version: 0 }));
  });
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  const panel = await openCart(page);
  const items = panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('3 × $250.50 = $751.50');
  await expect(panel.getByTestId('cart-total')).toHaveText('$850.50');
  await panel.getByRole('button', { name: 'Remove GMP Basics - Group' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(panel.getByTestId('cart-total')).toHaveText('$99.00');
});

test('the cart survives a reload', async ({ page, request }) => {
  const [line] = await featuredLines(request, 1);
  await openHome(page);
  await addFromCard(page, line!);
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const panel = await openCart(page);
  await expect(panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
  await expect(panel).toContainText(line!.title);
  await expect(panel.getByTestId('cart-total')).toHaveText(money(line!.price));
});

test('"Proceed to Checkout" closes the panel and goes to /checkout', async ({ page, request }) => {
  const [line] = await featuredLines(request, 1);
  await openHome(page);
  await addFromCard(page, line!);
  const panel = await openCart(page);
  await panel.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(cartPanel(page)).toHaveCount(0);
  // Going to checkout does not empty the cart.
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});
