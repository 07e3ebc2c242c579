// @vitest-environment jsdom
/**
 * /admin/orders offers Refund only where the refund route would take it (contracts/admin-orders:
 * `REFUND_RULE`, `paidForRefund`): to an admin, on an order paid through the processor, in a
 * refundable status, with money left on it. A contributor with order-management sees the orders
 * without it (the route answers them 403), and an unpaid order has none (the route answers 409).
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@contracts/admin-orders';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import OrdersPage from './orders-page';

const session = vi.hoisted(() => ({ user: null as null | { role: string; permissions: string[] } }));
vi.mock('@pwa/session/use-auth', () => ({ useAuth: () => ({ user: session.user, isAuthenticated: !!session.user }) }));

const order = (id: string, fields: Partial<AdminOrder>): AdminOrder => ({
  id: `00000000-0000-4000-8000-0000${id}`,
  customerEmail: `${id}@example.com`,
  customerName: `Buyer ${id}`,
  items: [{ title: 'Assay validation', tierName: null, price: '99.00', quantity: 1 }],
  total: '99.00',
  status: 'completed',
  createdAt: '2026-03-01T10:00:00.000Z',
  stripePaymentIntentId: 'pi_1',
  paymentState: 'paid',
  refunded: '0.00',
  refundable: '99.00',
  refundDue: null,
  refundReason: null,
  refunds: [],
  ...fields,
});

const ORDERS = [
  order('paid0001', {}),
  order('due00002', { status: 'refund_required', refundDue: '40.00', refundReason: 'Already enrolled' }),
  // Completed without a processor payment: nothing to refund through it (the route answers 409).
  order('nopay003', { stripePaymentIntentId: null, paymentState: 'pending' }),
  order('pend0004', { status: 'pending', stripePaymentIntentId: null, paymentState: 'pending', refundable: '0.00' }),
  order('full0005', { status: 'refunded', refunded: '99.00', refundable: '0.00' }),
];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderPage(user: { role: string; permissions: string[] }) {
  session.user = user;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/orders')) return json(ORDERS);
      if (url.startsWith('/api/admin/stats')) return json({ totalCourses: 0, totalInstructors: 0, totalRevenue: '0', totalOrders: 5, pendingOrders: 1 });
      throw new Error(`Unexpected request: ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OrdersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

/** The orders whose row has a Refund action, by their last 8 characters. */
async function refundable(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Orders' });
  await within(table).findByText('Buyer paid0001');
  return within(table)
    .queryAllByRole('button', { name: /^Refund order / })
    .map((button) => button.getAttribute('aria-label')!.replace('Refund order ', ''));
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('the orders page’s Refund action', () => {
  it('is offered to an admin on paid orders with money left, and on no other', async () => {
    renderPage({ role: 'admin', permissions: [] });
    expect(await refundable()).toEqual(['paid0001', 'due00002']);
    expect(screen.getByRole('button', { name: 'Refund order due00002' }).textContent).toBe('Refund (due $40.00)');
  });

  it('is not offered to a contributor with order-management, who still sees the orders', async () => {
    renderPage({ role: 'contributor', permissions: ['order-management'] });
    expect(await refundable()).toEqual([]);
    expect(screen.getByText('Buyer due00002')).toBeTruthy();
  });
});
