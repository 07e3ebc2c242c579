// @vitest-environment jsdom
/**
 * The back office's certificates screen with the API answered at `fetch`: the list (number,
 * holder, course, issue date, status in words; revoked and replaced rows without actions), the
 * search sent to the server once typing pauses, revoking (a reason under 3 characters refused in
 * the contract's words, nothing sent; Revoke disabled while it is sent; the server's 400 shown at
 * the reason; then one keyed POST, the list read again and a toast) and reissuing (the question,
 * one keyed POST, the list read again and a toast).
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCertificateDto } from '@contracts/certificates';
import { NotificationsProvider } from '@pwa/lib/notify';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { stubResizeObserver } from '@pwa/test-support/dom';
import { CertificatesScreen } from './certificates-screen';
import { REISSUE_QUESTION } from './reissue-dialog';

const base = (n: number, overrides: Partial<AdminCertificateDto> = {}): AdminCertificateDto => ({
  id: `cert-${n}`,
  number: `CERT-2026-00000${n}`,
  courseId: 'c1',
  courseTitle: 'GMP Basics',
  issuedAt: '2026-11-26T10:00:00.000Z',
  validUntil: null,
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  userId: `u${n}`,
  holderName: `Holder ${n}`,
  holderEmail: `holder${n}@example.com`,
  supersededBy: null,
  ...overrides,
});

type Call = { url: string; method: string; key: string | null; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The certificates routes over `rows`; `answers` overrides the next writes' answers in turn (a Promise to hold one back). */
function stubApi(rows: AdminCertificateDto[], answers: Array<Response | Promise<Response>> = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ url, method, key: new Headers(init.headers).get('Idempotency-Key'), body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url.startsWith('/api/admin/certificates?')) {
        const search = new URL(url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
        return json(rows.filter((r) => !search || `${r.number} ${r.holderName} ${r.holderEmail} ${r.courseTitle}`.toLowerCase().includes(search)));
      }
      const next = answers.shift();
      if (next) return next;
      const match = /^\/api\/admin\/certificates\/([^/]+)\/(revoke|reissue)$/.exec(url);
      const row = rows.find((r) => r.id === match?.[1]);
      if (method === 'POST' && row && match![2] === 'revoke') {
        Object.assign(row, { status: 'revoked', revokedAt: '2026-11-27T09:00:00.000Z', revokedReason: (calls.at(-1)!.body as { reason: string }).reason });
        return json(row);
      }
      if (method === 'POST' && row && match![2] === 'reissue') {
        const fresh = base(9, { holderName: 'Holder Renamed' });
        Object.assign(row, { status: 'superseded', supersededBy: fresh.id });
        rows.unshift(fresh);
        return json(fresh, 201);
      }
      return json({ message: 'unexpected' }, 500);
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const reads = (calls: Call[]) => calls.filter((c) => c.method === 'GET');

function renderScreen() {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsProvider>
          <CertificatesScreen />
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const rowOf = async (number: string) => (await within(await screen.findByRole('table', { name: 'Certificates' })).findByText(number)).closest('tr')!;
const press = (name: string | RegExp, scope: HTMLElement = document.body) => act(async () => fireEvent.click(within(scope).getByRole('button', { name })));

beforeEach(() => stubResizeObserver());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('the certificates screen', { timeout: 60_000 }, () => {
  it('lists number, holder, course, issue date and status; revoked and replaced rows offer no action', async () => {
    const calls = stubApi([
      base(1, { validUntil: '2028-11-26T10:00:00.000Z' }),
      base(2, { status: 'revoked', revokedAt: '2026-11-27T09:00:00.000Z', revokedReason: 'Issued in error' }),
      base(3, { status: 'superseded', supersededBy: 'cert-4' }),
    ]);
    renderScreen();
    const valid = await rowOf('CERT-2026-000001');
    expect(valid.textContent).toContain('Holder 1');
    expect(valid.textContent).toContain('holder1@example.com');
    expect(valid.textContent).toContain('GMP Basics');
    expect(valid.textContent).toContain('26 Nov 2026');
    expect(valid.textContent).toContain('Valid until 26 Nov 2028');
    expect(within(valid).getByRole('button', { name: 'Revoke certificate CERT-2026-000001' })).toBeTruthy();
    expect(within(valid).getByRole('button', { name: 'Reissue certificate CERT-2026-000001' })).toBeTruthy();
    const revoked = await rowOf('CERT-2026-000002');
    expect(revoked.textContent).toContain('Revoked on 27 Nov 2026: Issued in error');
    expect(within(revoked).queryAllByRole('button')).toEqual([]);
    const replaced = await rowOf('CERT-2026-000003');
    expect(replaced.textContent).toContain('Replaced by a newer certificate');
    expect(within(replaced).queryAllByRole('button')).toEqual([]);
    expect(reads(calls).map((c) => c.url)).toEqual(['/api/admin/certificates?limit=100']);
  });

  it('sends the search to the server once typing pauses, and lists what it finds', async () => {
    const calls = stubApi([base(1), base(2, { holderName: 'Pat Doe', holderEmail: 'pat@example.com' })]);
    renderScreen();
    await rowOf('CERT-2026-000002');
    const box = screen.getByRole('searchbox', { name: /Search certificates/ });
    fireEvent.change(box, { target: { value: 'p' } });
    fireEvent.change(box, { target: { value: 'pat@' } });
    await waitFor(() => expect(reads(calls).map((c) => c.url)).toContain('/api/admin/certificates?search=pat%40&limit=100'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Certificates' })).queryByText('CERT-2026-000001')).toBeNull());
    expect(within(screen.getByRole('table', { name: 'Certificates' })).getByText('CERT-2026-000002')).toBeTruthy();
    // Only the settled text was sent, not each key.
    expect(reads(calls).some((c) => c.url.includes('search=p&'))).toBe(false);
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No certificates found')).toBeTruthy();
  });

  it('revokes with a reason: too short is refused unsent; Revoke is disabled while sent; the server’s 400 shows at the reason; then the list shows it revoked', async () => {
    let answer400!: (response: Response) => void;
    const held = new Promise<Response>((resolve) => (answer400 = resolve));
    const calls = stubApi([base(1)], [held]);
    renderScreen();
    await press('Revoke certificate CERT-2026-000001', await rowOf('CERT-2026-000001'));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate CERT-2026-000001' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'ab' } });
    await press('Revoke certificate', dialog);
    expect(await within(dialog).findByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(reason, { target: { value: 'Issued in error' } });
    await press('Revoke certificate', dialog);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect((within(dialog).getByRole('button', { name: 'Revoking...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer400(json({ message: 'The reason names a person: say why without it' }, 400)));
    expect(await within(dialog).findByText('The reason names a person: say why without it')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Revoke certificate CERT-2026-000001' })).toBeTruthy();

    await press('Revoke certificate', dialog);
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'POST', url: '/api/admin/certificates/cert-1/revoke', body: { reason: 'Issued in error' } });
    expect(writes(calls)[1]!.key).toMatch(/\S/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke certificate CERT-2026-000001' })).toBeNull());
    expect(await screen.findByText('Certificate CERT-2026-000001 revoked')).toBeTruthy();
    await waitFor(async () => expect((await rowOf('CERT-2026-000001')).textContent).toContain('Revoked on 27 Nov 2026: Issued in error'));
    expect(within(await rowOf('CERT-2026-000001')).queryAllByRole('button')).toEqual([]);
  });

  it('reissues once confirmed: the question, one keyed POST, the new certificate listed and the old one replaced', async () => {
    const calls = stubApi([base(1)]);
    renderScreen();
    await press('Reissue certificate CERT-2026-000001', await rowOf('CERT-2026-000001'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reissue certificate CERT-2026-000001' });
    expect(confirm.textContent).toContain(REISSUE_QUESTION);
    expect(writes(calls)).toEqual([]);
    await press('Reissue', confirm);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', url: '/api/admin/certificates/cert-1/reissue' });
    expect(writes(calls)[0]!.key).toMatch(/\S/);
    expect(await screen.findByText(/^Certificate CERT-2026-000001 reissued/)).toBeTruthy();
    const fresh = await rowOf('CERT-2026-000009');
    expect(fresh.textContent).toContain('Holder Renamed');
    await waitFor(async () => expect((await rowOf('CERT-2026-000001')).textContent).toContain('Replaced by a newer certificate'));
  });
});
