// @vitest-environment jsdom
/**
 * Checkout's payment step with the built-in test processor, the API answered at `fetch`: the card
 * form's own messages (nothing is sent while the card is incomplete or invalid), the confirmation
 * call with the card as the processor takes it, and a declined card: "Payment Failed" with the
 * processor's message, and a new payment set up (a declined one cannot be retried).
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import type { CartQuote, PaymentIntentResponse } from '@contracts/checkout';
import { setAuthToken } from '@pwa/session/auth-token';
import { NotificationsProvider } from '@pwa/lib/notify';
import { cartStore } from '@pwa/stores/cart-store';
import { CARD_MESSAGES } from '@pwa/features/checkout/lib/card-validation';
import CheckoutPage from './checkout-page';
import { stubResizeObserver } from '@pwa/test-support/dom';

const USER: CurrentUser = {
  id: 'u1',
  name: 'Pat Doe',
  email: 'pat@example.com',
  role: 'customer',
  membershipType: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  permissions: [],
};
const INTENT: PaymentIntentResponse = {
  clientSecret: 'pi_test_1_secret_abcdef',
  paymentIntentId: 'pi_test_1',
  orderId: 'o1',
  total: '99.00',
  processor: 'test',
  holdExpiresAt: null,
};
const DECLINED = 'Your card was declined.';

type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const COURSE_ID = '0b6d3c1e-8a44-4c53-9d1f-2f1d4b2f7a10';

/** The server's quote of the cart at `totalCents` (a 100 % coupon makes it 0). */
function quoteOf(totalCents: number): CartQuote {
  return {
    lines: [
      {
        courseId: COURSE_ID,
        pricingTierId: null,
        title: 'Assay validation',
        tierName: null,
        unitCents: 9900,
        quantity: 1,
        subtotalCents: 9900,
        discountCents: 9900 - totalCents,
        totalCents,
      },
    ],
    subtotalCents: 9900,
    discounts: totalCents < 9900 ? [{ kind: 'coupon', label: 'Coupon FREE: 100% off', cents: 9900 - totalCents, amountCents: 9900 - totalCents }] : [],
    totalCents,
    total: (totalCents / 100).toFixed(2),
    membershipPlan: null,
    couponCode: null,
  };
}

/** The API of a signed-in customer's checkout; the test processor declines every card. */
function stubApi(quote = quoteOf(9900), intent: PaymentIntentResponse = INTENT) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: String(input), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      switch (`${call.method} ${call.url}`) {
        case 'GET /api/auth/me':
          return json(USER);
        case 'GET /api/config':
          return json({ paymentProcessor: 'test', stripePublishableKey: null });
        case 'POST /api/cart/quote':
          return json(quote);
        case 'POST /api/create-payment-intent':
          return json(intent);
        case 'POST /api/test-payments/confirm':
          return json({ message: DECLINED }, 402);
        default:
          throw new Error(`Unexpected request: ${call.method} ${call.url}`);
      }
    }),
  );
  return calls;
}

const sent = (calls: Call[], route: string) => calls.filter((c) => `${c.method} ${c.url}` === route);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <MemoryRouter initialEntries={['/checkout']}>
            <Routes>
              <Route path="/checkout" element={<CheckoutPage />} />
              <Route path="/success" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

// The card form is a lazy chunk, shown after the quote and the payment: a cold first import can take past the default second.
const input = (label: RegExp) => screen.findByRole('textbox', { name: label }, { timeout: 5000 });
const type = async (label: RegExp, value: string) => fireEvent.change(await input(label), { target: { value } });
const pay = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete Payment' })));

beforeEach(() => {
  stubResizeObserver();
  setAuthToken('token-1');
  cartStore.addItem({ courseId: COURSE_ID, title: 'Assay validation', price: 99, type: 'recorded_course', code: 'REC-1' });
});

afterEach(() => {
  cleanup();
  cartStore.clearCart();
  setAuthToken(null);
  vi.unstubAllGlobals();
});

describe('checkout’s payment step', () => {
  it('says what is wrong with the card and sends nothing until it is right', async () => {
    const calls = stubApi();
    renderCheckout();
    await input(/^Card number/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Payment' }).hasAttribute('disabled')).toBe(false));
    await pay();
    expect(screen.getByText(CARD_MESSAGES.numberIncomplete)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiryIncomplete)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.cvcIncomplete)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.nameMissing)).toBeTruthy();

    await type(/^Card number/, '4242 4242 4242 4241');
    await type(/^Expiry date/, '01/20');
    await type(/^CVC/, '123');
    await type(/^Name on card/, 'Pat Doe');
    await pay();
    expect(screen.getByText(CARD_MESSAGES.numberInvalid)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiryPast)).toBeTruthy();
    expect(screen.queryByText(CARD_MESSAGES.cvcIncomplete)).toBeNull();
    expect(sent(calls, 'POST /api/test-payments/confirm')).toEqual([]);
  });

  it('confirms with the card as the processor takes it, and a declined card says so and sets up a new payment', async () => {
    const calls = stubApi();
    renderCheckout();
    await type(/^Card number/, '4000000000000002');
    await type(/^Expiry date/, '12/2040');
    await type(/^CVC/, '123');
    await type(/^Name on card/, '  Pat Doe ');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Payment' }).hasAttribute('disabled')).toBe(false));
    await pay();

    await waitFor(() => expect(sent(calls, 'POST /api/test-payments/confirm')).toHaveLength(1));
    expect(sent(calls, 'POST /api/test-payments/confirm')[0]!.body).toEqual({
      clientSecret: INTENT.clientSecret,
      card: { number: '4000000000000002', expiry: '12/40', cvc: '123', name: 'Pat Doe' },
    });
    expect(await screen.findByText(DECLINED)).toBeTruthy();
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    await waitFor(() => expect(sent(calls, 'POST /api/create-payment-intent')).toHaveLength(2));
  });

  it('with nothing to pay: no card form and no payment opened until "Complete Order"; then on to /success with the order’s payment id', async () => {
    const free: PaymentIntentResponse = { ...INTENT, clientSecret: 'free_o1_secret_abc', paymentIntentId: 'free_o1', total: '0.00', paid: true };
    const calls = stubApi(quoteOf(0), free);
    renderCheckout();
    const complete = await screen.findByRole('button', { name: 'Complete Order' });
    expect(screen.getByText('Nothing to pay: no card is needed for this order.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(sent(calls, 'POST /api/create-payment-intent')).toEqual([]);
    await act(async () => fireEvent.click(complete));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/success?payment_intent=free_o1&payment_intent_client_secret=free_o1_secret_abc'),
    );
    expect(sent(calls, 'POST /api/create-payment-intent')).toHaveLength(1);
    expect(sent(calls, 'POST /api/create-payment-intent')[0]!.body).toMatchObject({ courseIds: [COURSE_ID] });
    expect(cartStore.getState().items).toEqual([]);
  });
});
