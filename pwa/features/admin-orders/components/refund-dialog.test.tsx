// @vitest-environment jsdom
/**
 * The orders screen's Refund dialog (issue 29), the API answered at `fetch`: the amount defaults to
 * what remains and says whether the refund is full; nothing is sent while the amount or the reason
 * is wrong; the refund is sent with its amount in cents and one Idempotency-Key that a retry from
 * the same dialog keeps; the back office's toasts; offline, nothing is sent and it says why.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUND_TEXTS, type AdminOrder } from '@contracts/admin-orders';
import { NotificationsProvider } from '@pwa/lib/notify';
import { setAuthToken } from '@pwa/session/auth-token';
import { RefundDialog } from './refund-dialog';
import { stubResizeObserver } from '@pwa/test-support/dom';

const ORDER: AdminOrder = {
  id: '7f1c2b3a-0000-4000-8000-00000000abcd',
  customerEmail: 'pat@example.com',
  customerName: 'Pat Doe',
  items: [{ title: 'Assay validation', tierName: null, price: '100.00', quantity: 1 }],
  total: '100.00',
  status: 'completed',
  createdAt: '2026-11-20T10:00:00.000Z',
  stripePaymentIntentId: 'pi_test_1',
  paymentState: 'paid',
  refunded: '0.00',
  refundable: '100.00',
  refundDue: null,
  refundReason: null,
  refunds: [],
};

type Call = { url: string; body: unknown; key: string | null };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The refund route: answers each call with the next of `answers`. */
function stubApi(answers: Response[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({ url: String(input), body: JSON.parse(String(init.body)), key: headers.get('Idempotency-Key') });
      return answers.shift() ?? json({ message: 'no more answers' }, 500);
    }),
  );
  return calls;
}

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <RefundDialog subject={ORDER} onClose={onClose} />
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return onClose;
}

const amount = () => screen.getByRole('textbox', { name: /^Amount/ }) as HTMLInputElement;
const reason = () => screen.getByRole('textbox', { name: /^Reason/ });
const confirm = () => act(async () => fireEvent.click(screen.getByRole('button', { name: REFUND_TEXTS.confirm })));

beforeEach(() => {
  stubResizeObserver();
  setAuthToken('token-1');
});

afterEach(() => {
  cleanup();
  setAuthToken(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Refund dialog', () => {
  it('offers what remains as a full refund, and sends nothing while the amount or the reason is wrong', async () => {
    const calls = stubApi([]);
    renderDialog();
    expect(amount().value).toBe('100.00');
    expect(screen.getByText(REFUND_TEXTS.full)).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '30' } });
    expect(screen.getByText(REFUND_TEXTS.partial)).toBeTruthy();

    await confirm();
    expect(screen.getByText('Please give a reason')).toBeTruthy();
    fireEvent.change(reason(), { target: { value: 'Cancelled' } });
    for (const wrong of ['100.01', '0', '12.345', 'ten']) {
      fireEvent.change(amount(), { target: { value: wrong } });
      await confirm();
      expect(screen.getByText(REFUND_TEXTS.amountInvalid)).toBeTruthy();
    }
    expect(calls).toEqual([]);
  });

  it('sends the amount in cents with one key kept across a retry, and says so when it is done', async () => {
    const calls = stubApi([json({ message: 'The payment processor could not refund this payment now.' }, 502), json({ refund: {}, order: {} })]);
    const onClose = renderDialog();
    fireEvent.change(amount(), { target: { value: '30.5' } });
    fireEvent.change(reason(), { target: { value: 'Partial goodwill' } });
    await confirm();
    expect(await screen.findByText('The payment processor could not refund this payment now.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(REFUND_TEXTS.success)).toBeTruthy();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      [`/api/admin/orders/${ORDER.id}/refund`, { amountCents: 3_050, reason: 'Partial goodwill' }],
      [`/api/admin/orders/${ORDER.id}/refund`, { amountCents: 3_050, reason: 'Partial goodwill' }],
    ]);
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('offline it sends nothing and says a refund needs a connection', async () => {
    const calls = stubApi([]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderDialog();
    fireEvent.change(reason(), { target: { value: 'Cancelled' } });
    await confirm();
    expect(await screen.findByText(REFUND_TEXTS.offline)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
