// @vitest-environment jsdom
/**
 * A coupon's usage report with the API answered at `fetch`: its title, what it gives and its
 * rules, its status with Pause, the figures (uses against the limit, held, discount given) and the
 * paid orders that used it (short order id, customer, discount, order total, date); an unknown
 * coupon says so.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUPON_MESSAGES, type CouponDetail } from '@contracts/coupons';
import { NotificationsProvider } from '@pwa/lib/notify';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { stubResizeObserver } from '@pwa/test-support/dom';
import { CouponReport } from './coupon-report';

const DETAIL: CouponDetail = {
  id: 'c1',
  code: 'GMP25',
  percentOff: 25,
  amountOffCents: null,
  appliesTo: { types: ['live_webinar'], courseIds: [], memberships: false },
  startsAt: null,
  endsAt: '2099-12-31T23:59:00.000Z',
  maxUses: 200,
  maxUsesPerCustomer: 1,
  minOrderCents: null,
  paused: false,
  uses: 2,
  held: 1,
  discountCents: 7500,
  summary: '25% off live webinars',
  createdAt: '2026-11-28T10:00:00.000Z',
  redemptions: [
    {
      orderId: '0b7e4a52-35a3-4b4a-9a53-6f2d0c1f9e10',
      customerEmail: 'pat@example.com',
      discountCents: 5000,
      totalCents: 25000,
      redeemedAt: '2026-11-28T15:00:00.000Z',
    },
    { orderId: '5d1f0c2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f', customerEmail: null, discountCents: 2500, totalCents: 7500, redeemedAt: '2026-11-27T15:00:00.000Z' },
  ],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderReport(id: string) {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsProvider>
          <MemoryRouter>
            <CouponReport id={id} />
          </MemoryRouter>
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

beforeEach(() => {
  stubResizeObserver();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input) === '/api/admin/coupons/c1' ? json(DETAIL) : json({ message: COUPON_MESSAGES.notFound }, 404))),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('a coupon’s usage report', () => {
  it('shows what it gives, its figures and the paid orders that used it', async () => {
    renderReport('c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage report: GMP25' })).toBeTruthy();
    expect(screen.getByText('25% off live webinars')).toBeTruthy();
    expect(screen.getByText('Once per customer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause coupon GMP25' })).toBeTruthy();
    expect(screen.getByTestId('stat-Uses').textContent).toBe('2 of 200');
    expect(screen.getByTestId('stat-Held by open checkouts').textContent).toBe('1');
    expect(screen.getByTestId('stat-Discount given').textContent).toBe('$75.00');
    const table = screen.getByRole('table', { name: 'Orders that used GMP25' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['0b7e4a52', 'pat@example.com', '$50.00', '$250.00', expect.stringMatching(/^Nov 28, 2026, /)],
      ['5d1f0c2e', '—', '$25.00', '$75.00', expect.stringMatching(/^Nov 27, 2026, /)],
    ]);
  });

  it('says so when the coupon does not exist', async () => {
    renderReport('nope');
    expect(await screen.findByText(COUPON_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Usage report' })).toBeTruthy();
  });
});
