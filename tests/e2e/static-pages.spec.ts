import { expect, test, type Page } from '@playwright/test';

test('About tells who we are, since when, whom we serve and where', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About LifeScience Academy' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('founded in 2012');
  await expect(main).toContainText('offices in Canada and India');
  const industries = main.getByRole('complementary', { name: 'Industries we serve' }).getByRole('listitem');
  await expect(industries).toHaveText([
    'Life sciences',
    'Healthcare',
    'IT',
    'Trade and logistics',
    'Banking and finance',
    'Aerospace',
    'HR',
    'Quality and regulatory',
  ]);
  await expect(page).toHaveTitle(/About LifeScience Academy/);
});

test('Privacy Policy is a static page with its sections', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const section of ['Information we collect', 'How we use it', 'Your rights', 'Contact']) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }
  await page.getByRole('main').getByRole('link', { name: 'contact form' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe('Contact', () => {
  test('shows the Canadian main office and the Indian branch with phone and support e-mail', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const canada = page.getByRole('region', { name: /Main Office — Canada/ });
    const india = page.getByRole('region', { name: /Branch Office — India/ });
    await expect(canada).toContainText('Canada');
    await expect(canada.getByRole('link', { name: /\+1/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await expect(india.getByRole('link', { name: /\+91/ })).toHaveAttribute('href', /^tel:\+91\d+$/);
    await expect(india.getByRole('link', { name: 'support@lifescience-academy.example' })).toHaveAttribute(
      'href',
      'mailto:support@lifescience-academy.example',
    );
  });

  test('validates inline: name, e-mail and message required, e-mail must be valid', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await expect(form.getByRole('textbox', { name: /Message/ })).toHaveAttribute('rows', '6');

    await form.getByRole('button', { name: 'Contact Us' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await expect(form.getByRole('textbox', { name: /Name/ })).toBeFocused();
    await expect(form.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    // Phone is optional.
    await expect(form.getByRole('textbox', { name: /Phone/ })).not.toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('textbox', { name: /Name/ }).fill('Ada Lovelace');
    await expect(form.getByText('Name is required')).toHaveCount(0);
    await form.getByRole('textbox', { name: /Email/ }).fill('ada@example');
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await form.getByRole('button', { name: 'Contact Us' }).click();
    await expect(form.getByRole('textbox', { name: /Email/ })).toBeFocused();
    await expect(page.getByText('Message Sent!')).toHaveCount(0);
  });

  async function fillContactForm(page: Page) {
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('textbox', { name: /Name/ }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: /Phone/ }).fill('+1 416 555 0100');
    await form.getByRole('textbox', { name: /Email/ }).fill('ada@example.com');
    await form.getByRole('textbox', { name: /Message/ }).fill('Do you run in-house GMP training for 20 people?');
    return form;
  }

  test('sends the message to the server, then says "Message Sent!" and clears the form', async ({ page }) => {
    await page.goto('/contact');
    const form = await fillContactForm(page);
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Contact Us' }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      phone: '+1 416 555 0100',
      email: 'ada@example.com',
      message: 'Do you run in-house GMP training for 20 people?',
    });
    await expect(page.getByText('Message Sent!')).toBeVisible();
    for (const field of ['Name', 'Phone', 'Email', 'Message']) {
      await expect(form.getByRole('textbox', { name: new RegExp(field) })).toHaveValue('');
    }
    await expect(form.getByText(/is required/)).toHaveCount(0);
  });

  test('a failed send says "Failed to send message. Please try again." and keeps what was typed', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.goto('/contact');
    const form = await fillContactForm(page);
    await form.getByRole('button', { name: 'Contact Us' }).click();
    await expect(form.getByRole('alert').getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(page.getByText('Message Sent!')).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: /Message/ })).toHaveValue('Do you run in-house GMP training for 20 people?');
    await expect(form.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
  });
});

test('an unknown path shows "404 Page Not Found" with a way home, and answers HTTP 404', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  // The site chrome is still there.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
