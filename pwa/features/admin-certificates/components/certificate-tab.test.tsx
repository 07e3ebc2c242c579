// @vitest-environment jsdom
/**
 * The Certificate tab with the API answered at `fetch`: the stored settings shown (validity,
 * refresher course among the other courses, fixed credit rows), a wrong validity and a wrong
 * amount refused in the form's words with nothing sent, the server's 400 shown at the field it is
 * about, then one keyed PUT of exactly what the server takes (empty validity: none; a blank field
 * of study left out) and "Saved".
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_SETTINGS_MESSAGES, type CertificateSettings } from '@contracts/certificates';
import { NotificationsProvider } from '@pwa/lib/notify';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { preloadDrafts } from '@pwa/offline/back-office/drafts';
import { stubResizeObserver } from '@pwa/test-support/dom';
import { SETTINGS_FORM_MESSAGES } from '../lib/settings-form';
import { CertificateTab } from './certificate-tab';

const STORED: CertificateSettings = { validityMonths: 24, refresherCourseId: 'c2', credits: [{ kind: 'CPE', amount: 2, fieldOfStudy: 'Auditing' }] };
const COURSES = [
  { id: 'c1', title: 'GMP Basics', code: 'GMP-1' },
  { id: 'c2', title: 'GMP Refresher', code: 'GMP-R' },
  { id: 'c3', title: 'Audit Skills', code: 'AUD-1' },
];

type Call = { url: string; method: string; key: string | null; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(puts: Response[] = []) {
  const calls: Call[] = [];
  let stored = STORED;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, key: new Headers(init.headers).get('Idempotency-Key'), body });
      if (method === 'GET' && url === '/api/courses/c1/certificate-settings') return json(stored);
      if (method === 'GET' && url.startsWith('/api/courses?')) return json(COURSES);
      if (method === 'PUT' && url === '/api/courses/c1/certificate-settings') {
        const answer = puts.shift();
        if (answer) return answer;
        stored = body as CertificateSettings;
        return json(stored);
      }
      return json({ message: 'unexpected' }, 500);
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderTab() {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsProvider>
          <CertificateTab courseId="c1" />
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const form = () => screen.findByRole('form', { name: 'Certificate settings' });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const save = async () => act(async () => fireEvent.click(within(await form()).getByRole('button', { name: 'Save certificate settings' })));

beforeEach(async () => {
  await preloadDrafts();
  stubResizeObserver();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('the Certificate tab', { timeout: 60_000 }, () => {
  it('shows the stored settings: validity, the refresher among the other courses, and the fixed credits', async () => {
    stubApi();
    renderTab();
    const settings = await form();
    expect((within(settings).getByRole('textbox', { name: /Valid for \(months\)/ }) as HTMLInputElement).value).toBe('24');
    const refresher = within(settings).getByRole('combobox', { name: /Refresher course/ }) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(refresher)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No refresher course', 'Audit Skills (AUD-1)', 'GMP Refresher (GMP-R)']),
    );
    expect(refresher.value).toBe('c2');
    expect((within(settings).getByRole('combobox', { name: 'Credit 1 type' }) as HTMLSelectElement).value).toBe('CPE');
    expect((within(settings).getByRole('textbox', { name: /Credit 1 amount/ }) as HTMLInputElement).value).toBe('2');
    expect((within(settings).getByRole('textbox', { name: /Credit 1 field of study/ }) as HTMLInputElement).value).toBe('Auditing');
    expect(within(settings).getByText(/Live courses take theirs from attendance/)).toBeTruthy();
  });

  it('refuses a wrong validity and a wrong amount unsent; shows the server’s 400 at its field; then saves once and says Saved', async () => {
    const calls = stubApi([json({ message: CERTIFICATE_SETTINGS_MESSAGES.refresherCourse }, 400)]);
    renderTab();
    const settings = await form();
    const validity = within(settings).getByRole('textbox', { name: /Valid for \(months\)/ });
    type(validity, '121');
    await act(async () => fireEvent.click(within(settings).getByRole('button', { name: 'Add credit' })));
    fireEvent.change(within(settings).getByRole('combobox', { name: 'Credit 2 type' }), { target: { value: 'contact_hours' } });
    type(within(settings).getByRole('textbox', { name: /Credit 2 amount/ }), 'lots');
    await save();
    expect(await within(settings).findByText(CERTIFICATE_SETTINGS_MESSAGES.validityMonths)).toBeTruthy();
    expect(within(settings).getByText(SETTINGS_FORM_MESSAGES.amount)).toBeTruthy();
    expect(document.activeElement).toBe(validity);
    expect(writes(calls)).toEqual([]);

    type(validity, '');
    type(within(settings).getByRole('textbox', { name: /Credit 2 amount/ }), '1.5');
    type(within(settings).getByRole('textbox', { name: /Credit 1 field of study/ }), '  ');
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const refresher = within(settings).getByRole('combobox', { name: /Refresher course/ });
    await waitFor(() => expect(refresher.getAttribute('aria-invalid')).toBe('true'));
    expect(within(settings).getByText(CERTIFICATE_SETTINGS_MESSAGES.refresherCourse)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');

    fireEvent.change(refresher, { target: { value: 'c3' } });
    expect(within(settings).queryByText(CERTIFICATE_SETTINGS_MESSAGES.refresherCourse)).toBeNull();
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'PUT', url: '/api/courses/c1/certificate-settings' });
    expect(writes(calls)[1]!.body).toEqual({
      validityMonths: null,
      refresherCourseId: 'c3',
      credits: [
        { kind: 'CPE', amount: 2 },
        { kind: 'contact_hours', amount: 1.5 },
      ],
    });
    expect(writes(calls)[1]!.key).toMatch(/\S/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(await screen.findByText('Certificate settings saved')).toBeTruthy();
  });

  it('removes a credit row and saves no expiry as none', async () => {
    const calls = stubApi();
    renderTab();
    const settings = await form();
    await act(async () => fireEvent.click(within(settings).getByRole('button', { name: 'Remove credit 1' })));
    expect(within(settings).queryByRole('textbox', { name: /Credit 1 amount/ })).toBeNull();
    expect(within(settings).getByText('No fixed credits.')).toBeTruthy();
    fireEvent.change(within(settings).getByRole('combobox', { name: /Refresher course/ }), { target: { value: '' } });
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ validityMonths: 24, refresherCourseId: null, credits: [] });
  });
});
