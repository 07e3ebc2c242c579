// @vitest-environment jsdom
/**
 * The cancellation policies' screen with the API answered at `fetch`: a card per course type in
 * the storefront's words, the policy in a sentence and "Default" while unchanged; "Edit" (the
 * policy's steps, transfer and move to another date in the form; a later step refunding more refused in the contract's
 * words with nothing sent; then one keyed PUT of the request the form describes, a toast, the card
 * says the new policy); the server's 400 above the buttons with the form left open; and, with no
 * connection, an edit kept on the device and shown on its card as "Not synced yet".
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLICY_MESSAGES, defaultPolicy, type CancellationPolicyRequest } from '@contracts/bookings';
import { COURSE_TYPES, type CourseType } from '@contracts/course-types';
import { NotificationsProvider } from '@pwa/lib/notify';
import { adminDb, deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { preloadDrafts } from '@pwa/offline/back-office/drafts';
import { stubResizeObserver } from '@pwa/test-support/dom';
import type { PolicyView } from '../api/get-policies';
import { PoliciesScreen } from './policies-screen';

type Call = { url: string; method: string; key: string | null; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The policy routes over the defaults; `answers` overrides the next writes' answers in turn. */
function stubApi(answers: Response[] = []) {
  const calls: Call[] = [];
  const policies: PolicyView[] = COURSE_TYPES.map((type) => ({ ...defaultPolicy(type), isDefault: true }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, key: new Headers(init.headers).get('Idempotency-Key'), body });
      if (method === 'GET' && url === '/api/admin/cancellation-policies') return json({ policies });
      const next = answers.shift();
      if (next) return next;
      const type = /^\/api\/admin\/cancellation-policies\/(\w+)$/.exec(url)?.[1] as CourseType | undefined;
      const at = policies.findIndex((p) => p.courseType === type);
      if (method === 'PUT' && at >= 0) {
        const edit = body as CancellationPolicyRequest;
        policies[at] = {
          courseType: type!,
          refundTiers: [...edit.refundTiers].sort((a, b) => b.daysBefore - a.daysBefore),
          transferUntilHours: edit.transferUntilHours,
          // Absent: the policy's own is kept (the server's rule).
          sessionChangeUntilHours: edit.sessionChangeUntilHours === undefined ? policies[at]!.sessionChangeUntilHours : edit.sessionChangeUntilHours,
          isDefault: false,
        };
        return json(policies[at]);
      }
      if (method === 'DELETE' && at >= 0) {
        policies[at] = { ...defaultPolicy(type!), isDefault: true };
        return json(policies[at]);
      }
      return json({ message: 'unexpected' }, 500);
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderScreen() {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsProvider>
          <PoliciesScreen />
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const card = async (label: string) => (await screen.findByRole('heading', { level: 2, name: label })).closest('li')!;
const press = (name: string | RegExp, scope: HTMLElement = document.body) => act(async () => fireEvent.click(within(scope).getByRole('button', { name })));
const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const step = (form: HTMLElement, n: number) => within(form).getByRole('group', { name: `Step ${n}` });

async function edit(label: string) {
  await press(`Edit policy for ${label}`, await card(label));
  return screen.findByRole('form', { name: `Cancellation policy of ${label}` });
}

/**
 * Fluent's focus trap (tabster) sets itself up on a timer: in jsdom the dialog's own focus on
 * opening sometimes comes first, and the trap then marks the open dialog aria-hidden, so queries by
 * role count hidden elements here. The browser test reads the dialog by role in Chromium, where the
 * back office's trap is set up long before, and runs axe over it.
 */
beforeAll(() => configure({ defaultHidden: true }));
afterAll(() => configure({ defaultHidden: false }));

beforeEach(async () => {
  stubResizeObserver();
  // As the back office does when it opens: a form opens with its dialog, not a moment later.
  await preloadDrafts();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('the cancellation policies screen', { timeout: 60_000 }, () => {
  it('shows a card per course type, in the storefront’s words, with its policy in a sentence and “Default”', async () => {
    stubApi();
    renderScreen();
    const seminars = await card('Live Seminars');
    expect(seminars.textContent).toContain(
      'Full refund until 7 days before the start; 50% until 2 days before; then no refund. Transfer to a colleague until the start. Move to another date until 24 hours before the start.',
    );
    expect(within(seminars).getByText('Default')).toBeTruthy();
    const recorded = await card('Recorded Courses');
    expect(recorded.textContent).toContain('Not cancellable, transferable or movable to another date.');
    const list = screen.getByRole('list', { name: 'Cancellation policies' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Live Seminars', 'Live Webinars', 'Webinars', 'Recorded Webinars', 'Recorded Seminars', 'Recorded Courses']);
  });

  it('edits a policy: the contract’s message for a later step refunding more and nothing sent, then one keyed PUT and the card says it', async () => {
    const calls = stubApi();
    renderScreen();
    const form = await edit('Live Webinars');
    expect((within(step(form, 1)).getByLabelText(/^Days before the start/) as HTMLInputElement).value).toBe('7');
    expect((within(step(form, 2)).getByLabelText(/^Refund/) as HTMLInputElement).value).toBe('50');
    expect((within(form).getByRole('checkbox', { name: 'Allow transfer to a colleague' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Allow moving to another date' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText(/^Move until how many hours/) as HTMLInputElement).value).toBe('24');

    // The second step refunding more than the first: refused in the contract's words.
    type(step(form, 2), /^Refund/, '100');
    type(step(form, 1), /^Refund/, '60');
    await press('Save policy', form);
    expect((await within(form).findByRole('alert')).textContent).toBe('A later cancellation cannot refund more than an earlier one');
    expect(writes(calls)).toEqual([]);

    // Full refund until 14 days, no transfer.
    await press('Remove step 2', form);
    expect(within(form).queryByRole('group', { name: 'Step 2' })).toBeNull();
    type(step(form, 1), /^Days before the start/, '14');
    type(step(form, 1), /^Refund/, '100');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Allow transfer to a colleague' }));
    expect(within(form).queryByLabelText(/^Until how many hours/)).toBeNull();
    expect(form.textContent).toContain('Full refund until 14 days before the start; then no refund. No transfer to a colleague.');
    await press('Save policy', form);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/cancellation-policies/live_webinar',
      body: { refundTiers: [{ daysBefore: 14, percent: 100 }], transferUntilHours: null, sessionChangeUntilHours: 24 },
    });
    expect(writes(calls)[0]!.key).toMatch(/\S/);
    expect(await screen.findByText('Cancellation policy of Live Webinars saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    const webinars = await card('Live Webinars');
    await waitFor(() => expect(webinars.textContent).toContain('Full refund until 14 days before the start; then no refund. No transfer to a colleague.'));
    expect(within(webinars).queryByText('Default')).toBeNull();
    expect(within(await card('Live Seminars')).getByText('Default')).toBeTruthy();
    // Only a changed policy offers "Reset to default": one keyed DELETE, and the card says the default again.
    expect(within(await card('Live Seminars')).queryByRole('button', { name: /^Reset policy/ })).toBeNull();
    await press('Reset policy for Live Webinars to the default', webinars);
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'DELETE', url: '/api/admin/cancellation-policies/live_webinar' });
    expect(writes(calls)[1]!.key).toMatch(/\S/);
    expect(await screen.findByText('Cancellation policy of Live Webinars reset to the default')).toBeTruthy();
    await waitFor(() => expect(within(webinars).getByText('Default')).toBeTruthy());
    expect(webinars.textContent).toContain('Full refund until 7 days before the start');
  });

  it('adds steps up to six, and allows a transfer and a move to another date until some hours before the start', async () => {
    const calls = stubApi();
    renderScreen();
    const form = await edit('Recorded Courses');
    expect(within(form).getByText('No refund steps: bookings cannot be cancelled.')).toBeTruthy();
    for (let i = 0; i < 6; i += 1) await press('Add step', form);
    expect(within(form).getAllByRole('group', { name: /^Step / })).toHaveLength(6);
    expect((within(form).getByRole('button', { name: 'Add step' }) as HTMLButtonElement).disabled).toBe(true);
    for (let n = 6; n >= 2; n -= 1) await press(`Remove step ${n}`, form);
    type(step(form, 1), /^Days before the start/, '30');
    type(step(form, 1), /^Refund/, '80');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Allow transfer to a colleague' }));
    type(form, /^Until how many hours/, '48');
    expect(within(form).queryByLabelText(/^Move until how many hours/)).toBeNull();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Allow moving to another date' }));
    // Ready at the live sessions' 24 hours; more than a year is refused in the contract's words, nothing sent.
    expect((within(form).getByLabelText(/^Move until how many hours/) as HTMLInputElement).value).toBe('24');
    type(form, /^Move until how many hours/, '9000');
    await press('Save policy', form);
    expect(await within(form).findByText(POLICY_MESSAGES.hours)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    type(form, /^Move until how many hours/, '72');
    await press('Save policy', form);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ refundTiers: [{ daysBefore: 30, percent: 80 }], transferUntilHours: 48, sessionChangeUntilHours: 72 });
    await waitFor(async () =>
      expect((await card('Recorded Courses')).textContent).toContain(
        '80% refund until 30 days before the start; then no refund. Transfer to a colleague until 48 hours before the start. Move to another date until 72 hours before the start.',
      ),
    );
  });

  it('shows the server’s refusal above the buttons and leaves the form open', async () => {
    const calls = stubApi([json({ message: 'A policy has at most 6 refund steps' }, 400)]);
    renderScreen();
    const form = await edit('Webinars');
    await press('Add step', form);
    type(step(form, 1), /^Days before the start/, '3');
    type(step(form, 1), /^Refund/, '100');
    await press('Save policy', form);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('A policy has at most 6 refund steps'));
    expect(writes(calls)).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Cancellation policy of Webinars' })).toBeTruthy();
    expect(await adminDb().outbox.count()).toBe(0);
  });

  it('keeps an edit made without a connection on the device and shows it on its card, not synced yet', async () => {
    stubApi();
    renderScreen();
    const form = await edit('Live Webinars');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await press('Remove step 2', form);
    await press('Save policy', form);
    expect(await screen.findByText('Saved on this device')).toBeTruthy();
    await waitFor(async () => expect((await card('Live Webinars')).textContent).toContain('Not synced yet'));
    const webinars = await card('Live Webinars');
    expect(webinars.textContent).toContain('Full refund until 7 days before the start; then no refund. Transfer to a colleague until the start.');
    expect(within(webinars).queryByText('Default')).toBeNull();
    const [entry] = await adminDb().outbox.toArray();
    expect(entry).toMatchObject({
      method: 'PUT',
      url: '/api/admin/cancellation-policies/live_webinar',
      body: { refundTiers: [{ daysBefore: 7, percent: 100 }], transferUntilHours: 0, sessionChangeUntilHours: 24 },
      entity: 'cancellation-policy:live_webinar',
      label: 'Change the cancellation policy of Live Webinars',
    });
  });
});
