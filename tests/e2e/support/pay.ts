/** Paying on the checkout's built-in test card form (test mode): the card that succeeds, and "Complete Payment". */
import type { Page } from '@playwright/test';

export async function payWithTestCard(page: Page, nameOnCard: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill(nameOnCard);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
}
