/**
 * Certificates in the back office (issue 32, point 8) as an admin uses them against the real API:
 * a recorded course's Certificate tab (a wrong validity refused in the contract's words, then 24
 * months, a refresher course and two fixed credits saved and shown again after a reload); and a
 * certificate issued for real — a live webinar completed by attendance (Zoom's report imported
 * through the API, the rule "attended at least 30 minutes") — found by its number on
 * /admin/certificates and revoked with a reason: its row then says "Revoked on …: <reason>", as the
 * server does. Axe finds nothing on the tab, the screen or the revoke dialog.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import { CERTIFICATE_SETTINGS_MESSAGES, type AdminCertificateDto, type CertificateSettings } from '@contracts/certificates';
import { ADMIN, adminAuth, madeCourse, ownCourse, removeMadeCourses, violations } from './support/content-tab';
import { signIn } from './support/session';

test.afterEach(({ request }) => removeMadeCourses(request));

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function ok<T>(answer: Promise<APIResponse>, status: number): Promise<T> {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A live webinar of the test's own, completed by whoever attended 30 minutes, and one attendee's Zoom row imported: a certificate follows. */
async function certificateFor(request: APIRequestContext, auth: Record<string, string>, name: string, email: string): Promise<AdminCertificateDto> {
  const course = await ok<Course>(
    request.post('/api/courses', {
      headers: auth,
      data: {
        type: 'live_webinar',
        title: `Certified Live ${stamp()}`,
        shortDescription: 'A live webinar that issues certificates',
        instructorName: 'Dr. Ada Lane',
        price: '0',
        startDate: '2026-11-26T15:00:00.000Z',
        endDate: '2026-11-26T17:00:00.000Z',
        duration: 120,
        timezone: 'US/Eastern',
      },
    }),
    201,
  );
  madeCourse(course.id, auth);
  await ok(request.put(`/api/courses/${course.id}/completion-rule`, { headers: auth, data: { minAttendanceMinutes: 30 } }), 200);
  await ok(request.post('/api/admin/customers', { headers: auth, data: { name, email, role: 'customer', membershipType: null, isActive: true } }), 201);
  await ok(request.post('/api/admin/entitlements', { headers: auth, data: { email, courseId: course.id } }), 201);
  const report = [
    'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,Recording Consent,In Waiting Room',
    `${name},${email},11/26/2026 10:00:00 AM,11/26/2026 11:00:00 AM,60,No,,No`,
  ].join('\r\n');
  await ok(
    request.post(`/api/admin/courses/${course.id}/attendance/import`, {
      headers: { ...auth, 'Content-Type': 'text/csv' },
      data: Buffer.from(`${report}\r\n`),
    }),
    200,
  );
  // Issued by a queued job moments after the completion.
  let found: AdminCertificateDto[] = [];
  await expect
    .poll(
      async () => {
        found = await ok<AdminCertificateDto[]>(request.get(`/api/admin/certificates?search=${encodeURIComponent(email)}`, { headers: auth }), 200);
        return found.length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  return found[0]!;
}

test('an admin sets a course’s certificate settings in its Certificate tab; they are kept after a reload', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Certified course ${stamp()}`;
  const { course, auth } = await ownCourse(page, request, title);
  const { course: refresher } = await ownCourse(page, request, `Refresher of ${title}`);

  const open = async () => {
    await page.goto('/admin/recorded-courses');
    await page.getByLabel('Search recorded courses').fill(title);
    await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const editor = page.getByRole('dialog', { name: `Edit Recorded Course: ${title}` });
    await editor.getByRole('tab', { name: 'Certificate' }).click();
    await expect(editor.getByRole('heading', { name: 'Certificate', exact: true })).toBeVisible();
    return editor.getByRole('form', { name: 'Certificate settings' });
  };
  let form = await open();
  await expect(form.getByLabel('Valid for (months)')).toHaveValue('');
  await expect(form.getByText('No fixed credits.')).toBeVisible();
  await expect(form.getByText(/Live courses take theirs from attendance/)).toBeVisible();

  await form.getByLabel('Valid for (months)').fill('0');
  await form.getByRole('button', { name: 'Save certificate settings' }).click();
  await expect(form.getByText(CERTIFICATE_SETTINGS_MESSAGES.validityMonths)).toBeVisible();
  await expect(form.getByLabel('Valid for (months)')).toBeFocused();
  await form.getByLabel('Valid for (months)').fill('24');
  await form.getByLabel('Refresher course').selectOption({ label: `${refresher.title} (${refresher.code})` });
  await form.getByRole('button', { name: 'Add credit' }).click();
  await form.getByLabel('Credit 1 type').selectOption({ label: 'CPE' });
  await form.getByLabel('Credit 1 amount').fill('2');
  await form.getByLabel('Credit 1 field of study (optional)').fill('Regulatory Ethics');
  await form.getByRole('button', { name: 'Add credit' }).click();
  await form.getByLabel('Credit 2 type').selectOption({ label: 'contact hours' });
  await form.getByLabel('Credit 2 amount').fill('1.5');
  expect(await violations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save certificate settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  const expected: CertificateSettings = {
    validityMonths: 24,
    refresherCourseId: refresher.id,
    credits: [
      { kind: 'CPE', amount: 2, fieldOfStudy: 'Regulatory Ethics' },
      { kind: 'contact_hours', amount: 1.5 },
    ],
  };
  expect(await ok<CertificateSettings>(request.get(`/api/courses/${course.id}/certificate-settings`, { headers: auth }), 200)).toEqual(expected);

  await page.reload();
  form = await open();
  await expect(form.getByLabel('Valid for (months)')).toHaveValue('24');
  await expect(form.getByLabel('Refresher course')).toHaveValue(refresher.id);
  await expect(form.getByLabel('Credit 1 type')).toHaveValue('CPE');
  await expect(form.getByLabel('Credit 1 amount')).toHaveValue('2');
  await expect(form.getByLabel('Credit 1 field of study (optional)')).toHaveValue('Regulatory Ethics');
  await expect(form.getByLabel('Credit 2 type')).toHaveValue('contact_hours');
  await expect(form.getByLabel('Credit 2 amount')).toHaveValue('1.5');
});

test('an admin finds a certificate by its number and revokes it with a reason; the row says so', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const auth = await adminAuth(page);
  const email = `holder-${stamp()}@certified.test`;
  const certificate = await certificateFor(request, auth, 'Casey Holder', email);
  expect(certificate).toMatchObject({ holderName: 'Casey Holder', status: 'valid' });

  // The sidebar leads there.
  await page.getByRole('link', { name: 'Certificates' }).click();
  await expect(page).toHaveURL(/\/admin\/certificates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Certificates' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);

  await page.getByLabel('Search certificates').fill(certificate.number);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: certificate.number });
  await expect(row).toContainText('Casey Holder');
  await expect(row).toContainText(email);
  await expect(row).toContainText('Valid');

  await row.getByRole('button', { name: `Revoke certificate ${certificate.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke certificate ${certificate.number}` });
  await expect(dialog.getByLabel('Reason')).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Reason').fill('Issued in error');
  await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Certificate ${certificate.number} revoked`, { exact: true })).toBeVisible();
  await expect(row).toContainText(/Revoked on \d{1,2} [A-Z][a-z]{2} \d{4}: Issued in error/);
  await expect(row.getByRole('button')).toHaveCount(0);

  const [after] = await ok<AdminCertificateDto[]>(request.get(`/api/admin/certificates?search=${certificate.number}`, { headers: auth }), 200);
  expect(after).toMatchObject({ status: 'revoked', revokedReason: 'Issued in error' });
  await page.reload();
  await page.getByLabel('Search certificates').fill(certificate.number);
  await expect(table.getByRole('row').filter({ hasText: certificate.number })).toContainText(/Revoked on \d{1,2} [A-Z][a-z]{2} \d{4}: Issued in error/);
});
