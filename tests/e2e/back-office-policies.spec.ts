/**
 * The admins' cancellation policies (issue 35, point 3) against the real API: the screen is in the
 * sidebar after Coupons; each course type's card says its policy in words, live seminars their
 * default ("Default"). Live webinars are given "full refund until 14 days, no transfer, a move to
 * another date until 48 hours before": first a later step refunding more, refused in the
 * contract's words with nothing sent (the server refuses the same body with the same words), then
 * the valid edit, saved through the outbox, shown on the card and read back from the API; then
 * "Reset to default" puts it back (other specs share the database; live seminars are never changed here). A contributor gets no such screen,
 * nor its API. Axe finds nothing on the screen or the form.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { defaultPolicy } from '@contracts/bookings';
import { ADMIN, adminAuth, violations } from './support/content-tab';
import { backOfficeCount } from './support/indexeddb';
import { signIn } from './support/session';

const CONTRIBUTOR = 'contributor@lifescience-academy.example';
const POLICIES = '/api/admin/cancellation-policies';
const LATER_REFUNDS_MORE = 'A later cancellation cannot refund more than an earlier one';

type Policy = {
  courseType: string;
  refundTiers: Array<{ daysBefore: number; percent: number }>;
  transferUntilHours: number | null;
  sessionChangeUntilHours: number | null;
  isDefault: boolean;
};
const NEW_WEBINAR_POLICY =
  'Full refund until 14 days before the start; then no refund. No transfer to a colleague. Move to another date until 48 hours before the start.';

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });
const card = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Cancellation policies' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: label, exact: true }) });

async function policies(request: APIRequestContext, auth: Record<string, string>): Promise<Map<string, Policy>> {
  const answer = await request.get(POLICIES, { headers: auth });
  expect(answer.status()).toBe(200);
  return new Map(((await answer.json()) as { policies: Policy[] }).policies.map((p) => [p.courseType, p]));
}

test('an admin sees the live seminars’ default and gives live webinars a full refund until 14 days without transfer, moves until 48 hours; a later step refunding more is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const auth = await adminAuth(page);
  try {
    const sidebar = page.getByRole('navigation', { name: 'Back office' });
    const links = await sidebar.getByRole('link').allTextContents();
    expect(links.indexOf('Cancellation Policies')).toBe(links.indexOf('Coupons') + 1);
    await sidebar.getByRole('link', { name: 'Cancellation Policies' }).click();
    await expect(page).toHaveURL(/\/admin\/cancellation-policies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancellation Policies' })).toBeVisible();

    // Live seminars: the default, in words.
    const seminars = card(page, 'Live Seminars');
    await expect(seminars).toContainText(
      'Full refund until 7 days before the start; 50% until 2 days before; then no refund. Transfer to a colleague until the start. Move to another date until 24 hours before the start.',
    );
    await expect(seminars.getByText('Default', { exact: true })).toBeVisible();
    await expect(card(page, 'Recorded Courses')).toContainText('Not cancellable, transferable or movable to another date.');
    expect((await policies(request, auth)).get('live_seminar')).toMatchObject({ ...defaultPolicy('live_seminar'), isDefault: true });
    expect(await violations(page, 'main')).toEqual([]);

    // Live webinars, from their default: a later step refunding more is refused, nothing is sent.
    const puts: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().includes(POLICIES) && puts.push(r.url()));
    await card(page, 'Live Webinars').getByRole('button', { name: 'Edit policy for Live Webinars' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit policy: Live Webinars' });
    const form = dialog.getByRole('form', { name: 'Cancellation policy of Live Webinars' });
    await form.getByRole('button', { name: 'Use the default' }).click();
    const step = (n: number) => form.getByRole('group', { name: `Step ${n}` });
    await expect(step(1).getByLabel('Days before the start')).toHaveValue('7');
    await expect(step(2).getByLabel('Refund (%)')).toHaveValue('50');
    await step(1).getByLabel('Refund (%)').fill('60');
    await step(2).getByLabel('Refund (%)').fill('100');
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(form.getByRole('alert')).toHaveText(LATER_REFUNDS_MORE);
    expect(puts).toEqual([]);
    expect(await backOfficeCount(page, 'outbox')).toBe(0);
    // The server refuses the same body in the same words.
    const refused = await request.put(`${POLICIES}/live_webinar`, {
      headers: auth,
      data: {
        refundTiers: [
          { daysBefore: 7, percent: 60 },
          { daysBefore: 2, percent: 100 },
        ],
        transferUntilHours: 0,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(LATER_REFUNDS_MORE);
    const before = (await policies(request, auth)).get('live_webinar')!;

    // Full refund until 14 days, no transfer, a move to another date until 48 hours before the start.
    await step(2).getByRole('button', { name: 'Remove step 2' }).click();
    await expect(step(2)).toHaveCount(0);
    await step(1).getByLabel('Days before the start').fill('14');
    await step(1).getByLabel('Refund (%)').fill('100');
    await form.getByRole('checkbox', { name: 'Allow transfer to a colleague' }).uncheck();
    // Exact: the move's field ("Move until how many hours before the start") stays.
    await expect(form.getByLabel('Until how many hours before the start', { exact: true })).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: 'Allow moving to another date' })).toBeChecked();
    const moveHours = form.getByRole('textbox', { name: 'Move until how many hours before the start' });
    await expect(moveHours).toHaveValue('24');
    await moveHours.fill('48');
    await expect(form).toContainText(NEW_WEBINAR_POLICY);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(toast(page, 'Cancellation policy of Live Webinars saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(puts).toHaveLength(1);

    const webinars = card(page, 'Live Webinars');
    await expect(webinars).toContainText(NEW_WEBINAR_POLICY);
    await expect(webinars.getByText('Default', { exact: true })).toHaveCount(0);
    const after = await policies(request, auth);
    expect(after.get('live_webinar')).toEqual({
      courseType: 'live_webinar',
      refundTiers: [{ daysBefore: 14, percent: 100 }],
      transferUntilHours: null,
      sessionChangeUntilHours: 48,
      isDefault: false,
    });
    expect(after.get('live_webinar')).not.toEqual(before);
    expect(after.get('live_seminar')).toMatchObject({ isDefault: true });
    // Read again from the server.
    await page.reload();
    await expect(card(page, 'Live Webinars')).toContainText(NEW_WEBINAR_POLICY);
    await expect(card(page, 'Live Seminars').getByText('Default', { exact: true })).toBeVisible();

    // Reset to default: through the outbox, the card says the default again, and so does the API.
    await expect(card(page, 'Live Seminars').getByRole('button', { name: /^Reset policy/ })).toHaveCount(0);
    await card(page, 'Live Webinars').getByRole('button', { name: 'Reset policy for Live Webinars to the default' }).click();
    await expect(toast(page, 'Cancellation policy of Live Webinars reset to the default')).toBeVisible();
    await expect(card(page, 'Live Webinars').getByText('Default', { exact: true })).toBeVisible();
    expect((await policies(request, auth)).get('live_webinar')).toEqual({ ...defaultPolicy('live_webinar'), isDefault: true });
  } finally {
    // Live webinars back to their default, for the specs sharing this database.
    const restored = await request.delete(`${POLICIES}/live_webinar`, { headers: auth });
    expect(restored.status()).toBe(200);
  }
});

test('a contributor has no Cancellation Policies screen and is refused it and its API', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, CONTRIBUTOR, 'admin');
  await expect(page).toHaveURL(/\/contributor$/);
  await page.goto('/admin/webinars');
  const sidebar = page.getByRole('navigation', { name: 'Back office' });
  await expect(sidebar.getByRole('link', { name: 'Webinars' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Cancellation Policies' })).toHaveCount(0);
  await page.goto('/admin/cancellation-policies');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have administrator privileges to access this page.")).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get(POLICIES, { headers })).status()).toBe(403);
  expect((await request.put(`${POLICIES}/live_webinar`, { headers, data: { refundTiers: [], transferUntilHours: null } })).status()).toBe(403);
});
