// @vitest-environment jsdom
/**
 * My Credits (issue 32): totals per type against their goals and every certificate of the span,
 * self-reported ones marked; adding one from elsewhere checks the form with the contract's
 * messages, sends the line and then its PDF, and a refused PDF is shown and leaves nothing behind.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELF_REPORTED_MESSAGES, type WalletDto } from '@contracts/credits-wallet';
import { NotificationsProvider } from '@pwa/lib/notify';
import { CreditsWallet } from './credits-wallet';

const WALLET: WalletDto = {
  period: { from: 2024, to: 2026 },
  entries: [
    {
      id: 'c1',
      source: 'issued',
      title: 'GMP Essentials',
      provider: 'LifeScience Academy Inc.',
      completedOn: '2026-11-26',
      number: 'CERT-2026-000123',
      credits: [{ kind: 'RAC', amount: 1.5 }],
      status: 'valid',
      statusText: 'Valid until 26 Nov 2027',
      counted: true,
      pdfUrl: '/api/certificates/c1/pdf',
      verifyUrl: 'https://academy.test/verify/CERT-2026-000123',
    },
    {
      id: 's1',
      source: 'self_reported',
      title: 'ASQ CQA Refresher',
      provider: 'ASQ',
      completedOn: '2025-03-14',
      number: null,
      credits: [{ kind: 'RAC', amount: 3 }],
      status: null,
      statusText: 'Self-reported',
      counted: true,
      pdfUrl: '/api/me/credits/self-reported/s1/pdf',
      verifyUrl: null,
    },
  ],
  totals: [{ kind: 'RAC', amount: 4.5, goal: { amount: 36, years: 3 } }],
};

type Call = { method: string; url: string; body: unknown };
function show(answers: { pdf?: Response } = {}) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body });
      if (method === 'POST') return json({ ...WALLET.entries[1], id: 'new1' }, 201);
      if (method === 'PUT') return answers.pdf ?? json({ id: 'new1', pdfBytes: 10 });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return json(WALLET);
    }),
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <NotificationsProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CreditsWallet viewer="token-1" />
        </QueryClientProvider>
      </NotificationsProvider>
    </FluentProvider>,
  );
  return calls;
}

async function fillForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a certificate from elsewhere' }));
  const dialog = await screen.findByRole('dialog');
  const field = (label: RegExp) => screen.getByLabelText(label);
  fireEvent.change(field(/^Course title/), { target: { value: 'Clinical Data Integrity' } });
  fireEvent.change(field(/^Issued by/), { target: { value: 'RAPS' } });
  fireEvent.change(field(/^Completed on/), { target: { value: '2025-06-01' } });
  fireEvent.change(field(/^Credits/), { target: { value: '2.5' } });
  const file = new File(['%PDF-1.4\n%%EOF\n'], 'cert.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText(/^Certificate \(PDF\)/), { target: { files: [file] } });
  return { dialog, file };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Credits', () => {
  it('totals each credit type against its goal and lists the span’s certificates, self-reported ones marked', async () => {
    show();
    expect(await screen.findByText('RAC: 4.5 of 36 in 2024–2026')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'RAC: 4.5 of 36 in 2024–2026' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Certificates in these years' });
    expect(list.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(screen.getByRole('listitem', { name: 'ASQ CQA Refresher' }).textContent).toContain('Self-reported');
    expect(screen.getByRole('listitem', { name: 'GMP Essentials' }).textContent).not.toContain('Self-reported');
    expect(screen.getByRole('button', { name: 'Remove ASQ CQA Refresher' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove GMP Essentials' })).toBeNull();
  });

  it('an empty form is refused with the contract’s messages and nothing is sent', async () => {
    const calls = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a certificate from elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add certificate' }));
    expect(await screen.findByText(SELF_REPORTED_MESSAGES.title)).toBeTruthy();
    expect(screen.getByText(SELF_REPORTED_MESSAGES.provider)).toBeTruthy();
    expect(screen.getAllByText(SELF_REPORTED_MESSAGES.notPdf).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('adds a certificate from elsewhere: the line, then its PDF', async () => {
    const calls = show();
    const { file } = await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add certificate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/me/credits/self-reported');
    expect(JSON.parse(String(post.body))).toEqual({
      title: 'Clinical Data Integrity',
      provider: 'RAPS',
      completedOn: '2025-06-01',
      credits: [{ kind: 'RAC', amount: 2.5 }],
    });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect([put.url, put.body]).toEqual(['/api/me/credits/self-reported/new1/pdf', file]);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('a refused PDF is shown in the dialog and the line is taken back', async () => {
    const calls = show({ pdf: new Response(JSON.stringify({ message: SELF_REPORTED_MESSAGES.notPdf }), { status: 415 }) });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add certificate' }));
    // (jsdom: Fluent's focus management hides the open dialog from the accessibility tree here; a browser does not — see the e2e.)
    const alert = await screen.findByRole('alert', { hidden: true }, { timeout: 5000 });
    expect(alert.textContent).toBe(SELF_REPORTED_MESSAGES.notPdf);
    expect(screen.getByRole('dialog', { hidden: true }).contains(alert)).toBe(true);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/me/credits/self-reported/new1'));
  });
});
