/** Signing in through the real two-step screens, with the code read from the e-mail outbox. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { latestCode, mailCount } from './outbox';

const STALE_LOCK_MS = 30_000;

/**
 * One sign-in per address at a time across the suite's workers: a new code replaces the address's
 * earlier one, so two workers signing in the demo admin at once would spoil each other's code.
 */
async function oneAtATime<T>(email: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(
    os.tmpdir(),
    `training-e2e-signin-${process.env.E2E_PORT ?? 4319}-${crypto.createHash('sha256').update(email).digest('hex').slice(0, 16)}.lock`,
  );
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A worker that died mid-sign-in leaves its lock behind: it goes stale.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function signIn(page: Page, email: string, variant: 'customer' | 'admin' = 'customer') {
  await oneAtATime(email, async () => {
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
    // Held until the code is used: the next sign-in to this address would replace it.
    await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toHaveCount(0, { timeout: 15_000 });
  });
}

/** A customer's sign-in, which lands on /profile. */
export async function signInCustomer(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
}
