/** Signing in through the real two-step screens, with the code read from the e-mail outbox. */
import { expect, type Page } from '@playwright/test';
import { latestCode, mailCount } from './outbox';

export async function signIn(page: Page, email: string, variant: 'customer' | 'admin' = 'customer') {
  await page.goto(variant === 'admin' ? '/admin/login' : '/login');
  await expect(page.getByRole('heading', { name: 'Please enter your email' })).toBeVisible();
  const before = mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in or Create an Account' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  const code = await latestCode(email, before);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
}

/** A customer's sign-in, which lands on /profile. */
export async function signInCustomer(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
}
