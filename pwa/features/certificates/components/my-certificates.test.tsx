// @vitest-environment jsdom
/**
 * "My Certificates" (issue 32): each certificate's course, number, status line and credits, the PDF
 * button and the verify page; a course completed a moment ago says its certificate is being issued;
 * nothing at all for someone with neither.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateDto } from '@contracts/certificates';
import type { LibraryItem } from '@contracts/learning';
import { makeLibraryItem } from '@pwa/test-support/library-fixture';
import { MyCertificates } from './my-certificates';

const ITEM: LibraryItem = makeLibraryItem({ progressPercent: 100, completedAt: '2026-11-26T10:00:00.000Z' });

const CERTIFICATE: CertificateDto = {
  id: '7d1e0a52-0000-4000-8000-000000000001',
  number: 'CERT-2026-000123',
  courseId: 'c1',
  courseTitle: 'GMP Essentials',
  issuedAt: '2026-11-26T10:00:20.000Z',
  validUntil: '2027-11-26T10:00:00.000Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  credits: [
    { kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' },
    { kind: 'RAC', amount: 1.5 },
  ],
  pdfUrl: '/api/certificates/7d1e0a52-0000-4000-8000-000000000001/pdf',
  credentialUrl: '/api/certificates/7d1e0a52-0000-4000-8000-000000000001/credential.json',
  verifyUrl: 'https://academy.test/verify/CERT-2026-000123',
};

function show(certificates: CertificateDto[], library: LibraryItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(certificates), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MyCertificates viewer="token-1" library={library} />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('My Certificates', () => {
  it('lists a certificate with its status, credits, PDF and verify page', async () => {
    show([CERTIFICATE], [ITEM]);
    expect(await screen.findByRole('heading', { name: 'My Certificates' })).toBeTruthy();
    expect(screen.getByText('Certificate CERT-2026-000123')).toBeTruthy();
    expect(screen.getByText('Valid until 26 Nov 2027')).toBeTruthy();
    expect(screen.getByText('Credits: 1.5 CPE — Regulatory Ethics; 1.5 RAC')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download certificate (PDF): GMP Essentials' })).toBeTruthy();
    const verify = screen.getByRole('link', { name: 'Verify page of certificate CERT-2026-000123 (opens in a new tab)' });
    expect(verify.getAttribute('href')).toBe('https://academy.test/verify/CERT-2026-000123');
    const linkedIn = new URL(screen.getByRole('link', { name: 'Add to LinkedIn: certificate CERT-2026-000123 (opens in a new tab)' }).getAttribute('href')!);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'GMP Essentials',
      organizationName: 'LifeScience Academy Inc.',
      issueYear: String(new Date(CERTIFICATE.issuedAt).getUTCFullYear()),
      issueMonth: String(new Date(CERTIFICATE.issuedAt).getUTCMonth() + 1),
      expirationYear: '2027',
      expirationMonth: '11',
      certUrl: 'https://academy.test/verify/CERT-2026-000123',
      certId: 'CERT-2026-000123',
    });
  });

  it('downloads the signed credential from its own address', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:credential', revokeObjectURL: () => undefined }));
    show([CERTIFICATE], [ITEM]);
    const button = await screen.findByRole('button', { name: 'Download signed credential (Open Badge): GMP Essentials' });
    fireEvent.click(button);
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain('/api/certificates/7d1e0a52-0000-4000-8000-000000000001/credential.json'),
    );
  });

  it('says a revoked certificate is revoked, with the reason', async () => {
    show([{ ...CERTIFICATE, status: 'revoked', revokedAt: '2026-11-27T09:00:00.000Z', revokedReason: 'Attendance was falsified' }], [ITEM]);
    expect(await screen.findByText('Revoked on 27 Nov 2026: Attendance was falsified')).toBeTruthy();
  });

  it('a course completed a moment ago: its certificate is being issued', async () => {
    show([], [{ ...ITEM, completedAt: new Date().toISOString() }]);
    expect(await screen.findByText('Your certificate for GMP Essentials is being issued.')).toBeTruthy();
  });

  it('shows nothing to someone with no certificate and nothing completed lately', async () => {
    const { container } = show([], [{ ...ITEM, completedAt: null }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
