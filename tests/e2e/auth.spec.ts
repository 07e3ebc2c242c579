import { expect, test } from '@playwright/test';
import { latestCode, mailCount } from './support/outbox';
import { signIn } from './support/session';

const DEMO = {
  admin: 'admin@lifescience-academy.example',
  contributor: 'contributor@lifescience-academy.example',
  customer: 'customer@lifescience-academy.example',
};

test.describe('sign-in', () => {
  test('a new customer signs in with an e-mailed code and lands on the profile', async ({ page }) => {
    const email = `new-${Date.now()}@example.com`;
    await signIn(page, email);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('No purchases yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  test('the code field takes digits only, at most 6, and is marked as a one-time code', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(`digits-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Sign in or Create an Account' }).click();
    const field = page.getByLabel('Verification code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await field.pressSequentially('12ab3456789');
    await expect(field).toHaveValue('123456');
    await field.fill('');
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await expect(page.getByText('Please enter the 6-digit code')).toBeVisible();
    await field.pressSequentially('123');
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await expect(page.getByText('Code must be 6 digits')).toBeVisible();
  });

  test('a wrong code shows the server message, and Back to email resets the form', async ({ page }) => {
    const email = `wrong-${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in or Create an Account' }).click();
    const code = await latestCode(email);
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await expect(page.locator('.fui-Toast').getByText('Invalid code. Please check the code and try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: '← Back to email' }).click();
    await expect(page.getByRole('heading', { name: 'Please enter your email' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByText("Didn't receive the code? Check your spam folder or try again.")).toHaveCount(0);
  });

  test('an invalid e-mail is refused before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign in or Create an Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Please enter your email' })).toBeVisible();
  });

  test('the customer and admin screens link to each other', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText("Don't have an account? It will be created automatically.")).toBeVisible();
    await page.getByRole('link', { name: 'Administrator?' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByRole('link', { name: 'Not an admin?' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a contributor signing in on the admin screen lands on the contributor dashboard', async ({ page }) => {
    await signIn(page, DEMO.contributor, 'admin');
    await expect(page).toHaveURL(/\/contributor$/);
    await expect(page.getByText('Course Contributor')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage Webinar Packs' })).toHaveAttribute('href', '/admin/webinar-packs');
    await expect(page.getByText('Recent Activity')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('an admin signing in on the admin screen goes to the dashboard route', async ({ page }) => {
    await signIn(page, DEMO.admin, 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test('the admin screen sends no code to a customer address', async ({ page }) => {
    const before = mailCount(DEMO.customer);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByRole('button', { name: 'Sign in or Create an Account' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
    await expect.poll(() => mailCount(DEMO.customer)).toBe(before + 1);
    await expect(latestCode(DEMO.customer, before)).rejects.toThrow(/no code/);
  });
});

test.describe('registration', () => {
  test('creates an account and sends the person to sign in', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Full Name').fill('Riley Registrant');
    await page.getByLabel('Email Address').fill(`riley-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.fui-Toast').getByText('Account created successfully')).toBeVisible();
  });

  test('an e-mail that already has an account is answered like a new one (the mail tells its owner)', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email Address').fill(DEMO.customer);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.fui-Toast').getByText('Account created successfully')).toBeVisible();
    await expect(page.getByText(/already exists/)).toHaveCount(0);
  });
});

test.describe('guards and profile', () => {
  test('signed out, every guarded page shows its sign-in screen', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByText('Please log in to view your profile')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');

    await page.goto('/contributor');
    await expect(page.getByRole('heading', { name: 'Contributor Access Required' })).toBeVisible();

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    await expect(page.getByText('You need administrator privileges to access this page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin/login');

    await page.goto('/admin/webinars');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  });

  test('the customer sees the purchase history and the wrong-role screens', async ({ page }) => {
    await signIn(page, DEMO.customer);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Profile Information')).toBeVisible();
    await expect(page.getByText('Prime', { exact: true })).toBeVisible();
    // The demo's abandoned checkout is not an order to the customer.
    await expect(page.getByTestId('total-orders')).toHaveText('1');
    await expect(page.getByTestId('completed-orders')).toHaveText('1');
    await expect(page.getByTestId('active-enrollments')).toHaveText('2');
    await expect(page.getByTestId('total-spent')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByRole('button', { name: 'Download Invoice' })).toHaveCount(1);
    await expect(page.getByText(/Payment Details/)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'View Course' })).toHaveCount(2);

    await page.goto('/contributor');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have contributor privileges to access this page.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();

    await page.goto('/admin/orders');
    await expect(page.getByText("You don't have administrator privileges to access this page.")).toBeVisible();
  });

  test('an admin is refused the customer profile and a contributor the admin-only pages', async ({ page }) => {
    await signIn(page, DEMO.contributor, 'admin');
    await expect(page).toHaveURL(/\/contributor$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Customer Access Required' })).toBeVisible();
    await expect(page.getByText('You need a customer account to access this page.')).toBeVisible();
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await page.goto('/admin/webinars');
    await expect(page.getByRole('heading', { level: 1, name: 'Webinars Management' })).toBeVisible();
  });

  test('the profile shows its load failure state', async ({ page }) => {
    await signIn(page, `fresh-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await page.route('**/api/profile', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}', contentType: 'application/json' }));
    await page.reload();
    await expect(page.getByText('Failed to load profile data')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  });

  test('a guard shows "Checking authentication..." while the session is checked', async ({ page }) => {
    await signIn(page, `fresh-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contributor');
    await expect(page.getByText('Checking authentication...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });

  test('a revoked session counts as signed out', async ({ page }) => {
    await signIn(page, `fresh-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    await page.reload();
    await expect(page.getByText('Please log in to view your profile')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});

test.describe('header account menu', () => {
  test('signed-out shows Login and Sign Up; a customer gets My Profile and Logout, no admin entries', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await signIn(page, `menu-${Date.now()}@example.com`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await header.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    // Under CI's load one click on Logout, made just after the menu's real code replaced its
    // stand-in, reached the item and ran no handler (no logout request; the menu stayed open): a
    // person clicks again, and so does this test. Noted in issue 34's session note, not mended.
    await expect(async () => {
      const logout = page.getByRole('menuitem', { name: 'Logout' });
      if (!(await logout.isVisible())) await header.getByRole('button', { name: /account menu/i }).click({ timeout: 2000 });
      await logout.click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('an admin sees the Admin link and the Admin Dashboard entry', async ({ page }) => {
    await signIn(page, DEMO.admin, 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await header.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
