/**
 * Back office, people, messages and activity (back-office spec §2 Contributors and Customers
 * management, §5, §6, §8): an admin adds a contributor, who gets the welcome e-mail and signs in;
 * customers are created, searched, edited and deleted through the dialogs; a message sent through
 * the storefront's contact form is marked read and handled from the keyboard, then reopened; and
 * the activity log shows each of these writes with its changed fields.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { readOutbox } from '@api/integrations/mail';
import { e2eOutboxFile } from './support/outbox';
import { signIn } from './support/session';

const ADMIN = 'admin@lifescience-academy.example';

const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });
/** Unique per run and per test, so reruns and parallel workers never meet the same person. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The answer to the next `method` request to `path` (a pattern for paths with an id), optionally with these query parameters. */
const answer = (page: Page, method: string, path: string | RegExp, params: Record<string, string> = {}): Promise<Response> =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      r.request().method() === method &&
      (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)) &&
      Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value)
    );
  });

async function signInAdmin(page: Page) {
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * The activity log filtered to one area and to the demo admin: each summary is listed `times` times
 * (once unless said), by the admin, with its changed fields ("field: before → after").
 */
async function expectActivity(page: Page, area: string, entries: Array<{ summary: string; changes?: string[]; times?: number }>) {
  await page.goto('/admin/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByLabel('Area').selectOption({ label: area });
  const filtered = answer(page, 'GET', '/api/admin/activity', { actor: ADMIN });
  await page.getByLabel('Changed by').fill(ADMIN);
  await filtered;
  const table = page.getByRole('table', { name: 'Activity' });
  for (const entry of entries) {
    const rows = table.getByRole('row').filter({ hasText: entry.summary });
    await expect(rows).toHaveCount(entry.times ?? 1);
    const row = rows.first();
    await expect(row).toContainText(ADMIN);
    for (const change of entry.changes ?? []) await expect(row).toContainText(change);
  }
}

test.describe('back office: people, messages and activity', () => {
  test('an admin adds a contributor, who gets the welcome e-mail and signs in to the contributor dashboard', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const run = unique();
    const name = `Casey Contributor ${run}`;
    const email = `contributor-${run}@people.test`;
    await signInAdmin(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Contributors' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contributors Management' })).toBeVisible();
    for (const label of ['Total Contributors', 'Admins', 'Contributors', 'Active This Month'])
      await expect(page.getByTestId(`stat-${label}`)).toHaveText(/^\d+$/);
    const total = Number(await page.getByTestId('stat-Total Contributors').textContent());

    // Name and e-mail are required, with the spec's message.
    await page.getByRole('button', { name: 'Add Contributor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contributor' });
    await dialog.getByRole('button', { name: 'Create Contributor' }).click();
    await expect(toast(page, 'Please fill in name and email.')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await expect(dialog.getByLabel('Role')).toHaveValue('contributor');
    // A new contributor starts with the role's default permissions: courses and instructors, not orders.
    await expect(dialog.getByRole('checkbox', { name: 'Course Management' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Instructor Management' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Order Management' })).not.toBeChecked();
    const created = answer(page, 'POST', '/api/admin/contributors');
    await dialog.getByRole('button', { name: 'Create Contributor' }).click();
    expect((await created).status()).toBe(201);
    await expect(toast(page, 'Contributor account created successfully. Welcome email sent!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('stat-Total Contributors')).toHaveText(String(total + 1));
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Course Contributor');
    await expect(row).toContainText('Course Management');
    await expect(row).toContainText('Instructor Management');
    await expect(row).toContainText('Never');

    // The welcome e-mail names the back-office sign-in page.
    const welcome = readOutbox(e2eOutboxFile()).find((m) => m.to === email && /Welcome to the back office/.test(m.subject));
    expect(welcome, 'the welcome e-mail was sent').toBeTruthy();
    const link = /(https?:\/\/\S+\/admin\/login)\b/.exec(welcome!.text)?.[1];
    expect(link, 'the e-mail links to the back-office sign-in').toBeTruthy();
    expect(new URL(link!).pathname).toBe('/admin/login');

    // The new contributor signs in there with a mailed code and lands on their dashboard.
    const other = await browser.newContext();
    const contributorPage = await other.newPage();
    await signIn(contributorPage, email, 'admin');
    await expect(contributorPage).toHaveURL(/\/contributor$/);
    await expect(contributorPage.getByRole('heading', { level: 1, name })).toBeVisible();
    await other.close();

    // Their sign-in shows; an admin cannot change their own role (the server's message is shown).
    const signedIn = answer(page, 'GET', '/api/users');
    await page.reload();
    await signedIn;
    await expect(page.getByRole('row').filter({ hasText: email })).not.toContainText('Never');
    await page.getByLabel('Search contributors').fill(ADMIN);
    const adminRow = page.getByRole('row').filter({ hasText: ADMIN });
    await expect(page.getByRole('table', { name: 'Contributors' }).getByRole('row')).toHaveCount(2);
    await adminRow.getByRole('button', { name: /^Edit / }).click();
    const self = page.getByRole('dialog', { name: /^Edit Contributor: / });
    await self.getByLabel('Role').selectOption('contributor');
    const refused = answer(page, 'PUT', /^\/api\/admin\/contributors\//);
    await self.getByRole('button', { name: 'Save Changes' }).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, 'You cannot change your own role.')).toBeVisible();
    await self.getByRole('button', { name: 'Cancel' }).click();
    await expect(self).toHaveCount(0);

    // Edit: a new name and the admin role.
    await page.getByLabel('Search contributors').fill(run);
    await page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit Contributor: ${name}` });
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} II`);
    await edit.getByLabel('Role').selectOption('admin');
    // An admin has every permission: there is nothing to choose.
    await expect(edit.getByText('Administrators have full access: every screen and every permission.')).toBeVisible();
    await expect(edit.getByRole('checkbox')).toHaveCount(0);
    const updated = answer(page, 'PUT', /^\/api\/admin\/contributors\//);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect((await updated).status()).toBe(200);
    await expect(toast(page, 'Contributor updated successfully.')).toBeVisible();
    const editedRow = page.getByRole('row').filter({ hasText: email });
    await expect(editedRow).toContainText(`${name} II`);
    await expect(editedRow).toContainText('Administrator');
    await expect(editedRow).toContainText('Full Access');

    // Delete asks the browser first (spec §5).
    page.once('dialog', (confirm) => {
      expect(confirm.type()).toBe('confirm');
      expect(confirm.message()).toBe(`Are you sure you want to delete "${name} II"? This action cannot be undone.`);
      void confirm.accept();
    });
    const deleted = answer(page, 'DELETE', /^\/api\/admin\/contributors\//);
    await editedRow.getByRole('button', { name: `Delete ${name} II` }).click();
    expect((await deleted).status()).toBe(204);
    await expect(toast(page, 'Contributor deleted successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No contributors found' })).toBeVisible();
    await expect(page.getByTestId('stat-Total Contributors')).toHaveText(String(total));

    await expectActivity(page, 'People', [
      { summary: `Created contributor “${name}”`, changes: [`email: — → ${email}`] },
      { summary: `Updated admin “${name} II”`, changes: ['role: contributor → admin', `name: ${name} → ${name} II`] },
      { summary: `Deleted admin “${name} II”` },
    ]);
  });

  test('customers: create, search, edit and delete through the dialogs, with the spec toasts', async ({ page }) => {
    test.setTimeout(90_000);
    const run = unique();
    const name = `Robin Customer ${run}`;
    const email = `customer-${run}@people.test`;
    await signInAdmin(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to Dashboard' })).toHaveAttribute('href', '/admin/dashboard');

    // The schema's messages, in the dialog.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('R');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('robin@');
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();

    // A new customer: role customer, no membership, active by default; Prime chosen here.
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await expect(dialog.getByLabel('Role')).toHaveValue('customer');
    await expect(dialog.getByLabel('Membership')).toHaveValue('none');
    await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
    await dialog.getByLabel('Membership').selectOption({ label: 'Prime' });
    const created = answer(page, 'POST', '/api/admin/customers');
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    const createdAnswer = await created;
    expect(createdAnswer.status()).toBe(201);
    expect(createdAnswer.request().postDataJSON()).toEqual({ name, email, role: 'customer', membershipType: 'prime', isActive: true });
    const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(((await createdAnswer.json()) as { createdAt: string }).createdAt),
    );
    await expect(toast(page, 'Customer created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The same e-mail again: the server's message is the toast.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} Twin`);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email.toUpperCase());
    const duplicate = answer(page, 'POST', '/api/admin/customers');
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    expect((await duplicate).status()).toBe(409);
    await expect(toast(page, 'A user with this email already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // Search by name or e-mail: sent to the server once typing pauses.
    const searched = answer(page, 'GET', '/api/users', { search: email });
    await page.getByLabel('Search customers').fill(email);
    await searched;
    const rows = page.getByRole('table', { name: 'Customers' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    // By name: its own answer awaited, not the e-mail search's rows still on the screen.
    const byName = answer(page, 'GET', '/api/users', { search: `customer ${run}` });
    await page.getByLabel('Search customers').fill(`customer ${run}`);
    await byName;
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: email });
    // Name, Email, Role, Membership, Status, Joined, Actions.
    await expect(row.getByRole('cell')).toHaveText([name, email, 'Customer', 'Prime', 'Active', joined, /Edit\s*Delete/]);

    // Edit: name, Business, inactive.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Customer: ${name}` });
    await expect(edit.getByLabel('Membership')).toHaveValue('prime');
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} Jr`);
    await edit.getByLabel('Membership').selectOption({ label: 'Business' });
    await edit.getByRole('switch', { name: 'Active' }).click();
    const updated = answer(page, 'PUT', /^\/api\/admin\/customers\//);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect((await updated).status()).toBe(200);
    await expect(toast(page, 'Customer updated successfully')).toBeVisible();
    await expect(edit).toHaveCount(0);
    const edited = rows.filter({ hasText: email });
    await expect(edited.getByRole('cell')).toHaveText([`${name} Jr`, email, 'Customer', 'Business', 'Inactive', joined, /Edit\s*Delete/]);

    // Delete: a confirmation dialog (not the browser's), then the row is gone.
    await edited.getByRole('button', { name: `Delete ${name} Jr` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete customer' });
    await expect(confirm).toContainText(`Are you sure you want to delete "${name} Jr"? This action cannot be undone.`);
    const deleted = answer(page, 'DELETE', /^\/api\/admin\/customers\//);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(toast(page, 'Customer deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No customers found' })).toBeVisible();

    await expectActivity(page, 'People', [
      { summary: `Created customer “${name}”`, changes: ['membershipType: — → prime'] },
      { summary: `Updated customer “${name} Jr”`, changes: ['membershipType: prime → business', 'isActive: true → false'] },
      { summary: `Deleted customer “${name} Jr”` },
    ]);
  });

  test('a message sent through the contact form is marked read and handled from the keyboard, and reopened', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const run = unique();
    const sender = {
      name: `Ada Visitor ${run}`,
      email: `visitor-${run}@people.test`,
      phone: '+1 416 555 0199',
      message: `Do you run in-house GMP training? (${run})`,
    };

    const visitor = await browser.newContext();
    const contact = await visitor.newPage();
    await contact.goto('/contact');
    const form = contact.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('textbox', { name: /Name/ }).fill(sender.name);
    await form.getByRole('textbox', { name: /Phone/ }).fill(sender.phone);
    await form.getByRole('textbox', { name: /Email/ }).fill(sender.email);
    await form.getByRole('textbox', { name: /Message/ }).fill(sender.message);
    const sent = answer(contact, 'POST', '/api/contact');
    await form.getByRole('button', { name: 'Contact Us' }).click();
    expect((await sent).status()).toBe(201);
    await expect(contact.getByText('Message Sent!')).toBeVisible();
    await visitor.close();

    await signInAdmin(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByLabel('Show')).toHaveValue('open');
    const row = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: sender.message });
    // Received, Name, Email, Phone, Message, State, Actions.
    const state = row.getByRole('cell').nth(5);
    await expect(row.getByRole('cell')).toHaveText([/\d{4}/, sender.name, sender.email, sender.phone, sender.message, 'New', /Mark as read\s*Mark handled/]);

    // Keyboard only: Enter on "Mark as read", Tab to "Mark handled", Enter.
    const markRead = row.getByRole('button', { name: `Mark as read: message from ${sender.name}` });
    await markRead.focus();
    const read = answer(page, 'PATCH', /^\/api\/admin\/messages\//);
    await page.keyboard.press('Enter');
    expect((await read).request().postDataJSON()).toEqual({ read: true });
    await expect(toast(page, 'Message marked as read')).toBeVisible();
    await expect(state).toHaveText('Read');
    await expect(markRead).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: `Mark handled: message from ${sender.name}` })).toBeFocused();
    const handled = answer(page, 'PATCH', /^\/api\/admin\/messages\//);
    await page.keyboard.press('Enter');
    expect((await handled).request().postDataJSON()).toEqual({ handled: true });
    await expect(toast(page, 'Message marked as handled')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Handled messages: who handled it; "Reopen" brings it back to the open ones.
    await page.getByLabel('Show').selectOption({ label: 'Handled' });
    await expect(state).toContainText('Handled');
    await expect(state).toContainText(`by ${ADMIN}`);
    await row.getByRole('button', { name: `Reopen: message from ${sender.name}` }).click();
    await expect(toast(page, 'Message reopened')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByLabel('Show').selectOption({ label: 'Open' });
    await expect(state).toHaveText('Read');

    await expectActivity(page, 'Messages', [
      { summary: `Handled message from ${sender.name}`, changes: ['handledBy: — → admin@lifescience-academy.example'] },
      { summary: `Read message from ${sender.name}` },
      { summary: `Reopened message from ${sender.name}` },
    ]);
  });
});
