/**
 * Image upload in the browser (back-office spec §5, §7, §8; issue 13): the webinar editor's image
 * is picked, checked in the browser (type, size), uploaded with a progress bar, previewed, saved,
 * and the storefront card shows it — downloading the small size — also offline after one visit.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/session';
import { wholeAppOffline } from './support/offline-app';

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

async function pngFile(width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  return { name: 'course.png', mimeType: 'image/png', buffer };
}

test('an image picked in the webinar editor is uploaded, previewed, saved and shown small on the storefront card', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@lifescience-academy.example', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Imaged webinar ${Date.now().toString(36)}`;
  await page.goto('/admin/webinars/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Live Webinar' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('Short Description').fill('With a picture.');
  await page.getByLabel('Instructor Name').fill('Dr. Ada Lane');
  await page.getByLabel('Start Date').fill('2027-06-10');
  await page.getByLabel('Start Time').fill('15:00');

  const imageGroup = page.getByRole('group', { name: 'Image', exact: true });
  const picker = imageGroup.locator('input[type=file]');

  // Checked in the browser before anything is sent, with the spec's toasts.
  await picker.setInputFiles({ name: 'page.png', mimeType: 'text/html', buffer: Buffer.from('<html></html>') });
  await expect(toast(page, 'Please select an image file')).toBeVisible();
  await expect(page.locator('.fui-Toast').getByText('Invalid file type')).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().includes('/complete') && r.request().method() === 'POST');
  await picker.setInputFiles(await pngFile(1600, 900));
  expect((await uploaded).status()).toBe(200);
  await expect(toast(page, 'Image uploaded successfully')).toBeVisible();
  const preview = imageGroup.getByRole('img', { name: 'Image preview' });
  await expect(preview).toHaveAttribute('src', /^\/objects\/uploads\/[0-9a-f-]{36}\.webp$/);
  const path = (await preview.getAttribute('src'))!;
  await expect(imageGroup.getByRole('button', { name: 'Replace image' })).toBeVisible();
  await expect(imageGroup.getByRole('button', { name: 'Remove image' })).toBeVisible();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Live webinar created successfully')).toBeVisible();

  // A visitor (a browser of their own: the editor's preview already holds the large size).
  const visitor = await (await browser.newContext({ serviceWorkers: 'allow' })).newPage();
  await visitor.goto(`/courses?search=${encodeURIComponent(title)}`);
  const cardImage = visitor.getByRole('article', { name: title }).getByRole('img', { name: title });
  await expect(cardImage).toBeVisible();
  await expect(cardImage).toHaveAttribute('srcset', new RegExp(`${path.replace('.webp', '-400.webp')} 400w`));
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-400\.webp$/);
  const natural = await cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(natural).toBe(400);

  // Offline after one visit: the service worker keeps both sizes of the uploaded image.
  const cached = () =>
    visitor.evaluate(
      async (p) => (await (await caches.open('catalogue-images')).keys()).map((r) => new URL(r.url).pathname).filter((u) => u.startsWith(p.slice(0, -5))),
      path,
    );
  await expect.poll(cached, { timeout: 30_000 }).toEqual(expect.arrayContaining([path, path.replace('.webp', '-400.webp')]));
  await wholeAppOffline(visitor);
  await visitor.context().setOffline(true);
  await visitor.reload();
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
});

test('a file over 10 MB is refused in the browser with the spec’s toast', async ({ page }) => {
  await signIn(page, 'admin@lifescience-academy.example', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/webinars/create');
  let asked = false;
  await page.route('**/api/objects/upload', (route) => {
    asked = true;
    return route.continue();
  });
  await page
    .getByRole('group', { name: 'Image', exact: true })
    .locator('input[type=file]')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10_485_761) });
  await expect(toast(page, 'File size must be less than 10MB')).toBeVisible();
  await expect(page.locator('.fui-Toast').getByText('File too large')).toBeVisible();
  expect(asked).toBe(false);
});
