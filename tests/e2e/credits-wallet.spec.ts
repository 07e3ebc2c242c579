/**
 * My Credits on /profile (issue 32, point 7): a customer adds a certificate from elsewhere with its
 * PDF through the dialog (a file that is not a PDF is refused by the server and nothing stays),
 * sees it marked self-reported and counted in the totals against the RAC goal, downloads the
 * transcript, and removes it again. The card is axe-clean, the dialog keyboard-operable.
 */
import { expect, test } from '@playwright/test';
import { violations } from './support/content-tab';
import { signInCustomer } from './support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

test('a certificate from elsewhere: added with its PDF, counted, in the transcript, removed', async ({ page }) => {
  await signInCustomer(page, `credits-${Date.now()}@academy.test`);
  await page.goto('/profile');
  const card = page.getByRole('group', { name: 'My Credits' });
  await expect(card.getByText('No credits in these years yet.')).toBeVisible();
  const year = new Date().getFullYear();

  await card.getByRole('button', { name: 'Add a certificate from elsewhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a certificate from elsewhere' });
  await dialog.getByLabel('Course title').fill('Clinical Data Integrity');
  await dialog.getByLabel('Issued by').fill('RAPS');
  await dialog.getByLabel('Completed on').fill(`${year - 1}-06-01`);
  await dialog.getByLabel('Credit type').selectOption('RAC');
  await dialog.getByLabel(/^Credits/).fill('2.5');
  // A file that only claims to be a PDF: the server refuses its bytes and the line is taken back.
  await dialog.getByLabel('Certificate (PDF)').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf') });
  await dialog.getByRole('button', { name: 'Add certificate' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The certificate must be a PDF file');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);

  await dialog.getByLabel('Certificate (PDF)').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Add certificate' }).press('Enter');
  await expect(dialog).toBeHidden();

  const entry = card.getByRole('listitem', { name: 'Clinical Data Integrity' });
  await expect(entry.getByText('Self-reported')).toBeVisible();
  await expect(card.getByText(`RAC: 2.5 of 36 in ${year - 2}–${year}`)).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(2); // the total, and the one certificate
  expect(await violations(page, '[aria-labelledby="my-credits"]')).toEqual([]);

  const pdf = page.waitForEvent('download');
  await entry.getByRole('button', { name: 'Download the PDF of Clinical Data Integrity' }).click();
  expect((await pdf).suggestedFilename()).toBe('certificate.pdf');
  const transcript = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Transcript (PDF)' }).click();
  expect((await transcript).suggestedFilename()).toBe(`credits-transcript-${year - 2}-${year}.pdf`);

  page.once('dialog', (confirm) => void confirm.accept());
  await entry.getByRole('button', { name: 'Remove Clinical Data Integrity' }).click();
  await expect(entry).toBeHidden();
  await expect(card.getByText('No credits in these years yet.')).toBeVisible();
});
