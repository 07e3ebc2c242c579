// @vitest-environment jsdom
/**
 * The course page's purchase side for a live session with a capacity (issue 35), the API answered
 * at `fetch`: fully booked, a visitor is sent to sign in and back; a signed-in person joins, sees
 * their position and leaves; an offered seat is booked into the cart and on to checkout; offline,
 * the buttons wait for the connection; a course with seats or without a waitlist asks nothing.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import type { Course } from '@contracts/catalogue';
import { WAITLIST_MESSAGES, type WaitlistPlace } from '@contracts/waitlists';
import { NotificationsProvider } from '@pwa/lib/notify';
import { setAuthToken } from '@pwa/session/auth-token';
import { cartStore } from '@pwa/stores/cart-store';
import { makeCourse } from '@pwa/test-support/course-fixture';
import { stubResizeObserver } from '@pwa/test-support/dom';
import { CoursePurchase } from './course-purchase';
import { WAITLIST_TEXTS, heldUntilText, positionText } from './waitlist-texts';

const USER: CurrentUser = {
  id: 'u1',
  name: 'Pat Doe',
  email: 'pat@example.com',
  role: 'customer',
  membershipType: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  permissions: [],
};
const FUTURE = new Date(Date.now() + 7 * 86_400_000).toISOString();
const full = (overrides: Partial<Course> = {}) =>
  makeCourse({ id: 'c1', title: 'GMP Audit Seminar', type: 'live_seminar', maxParticipants: 1, currentParticipants: 1, startDate: FUTURE, ...overrides });
const place = (overrides: Partial<WaitlistPlace>): WaitlistPlace => ({
  courseId: 'c1',
  status: 'none',
  position: null,
  offerExpiresAt: null,
  offerMinutes: 1440,
  ...overrides,
});

type Call = { method: string; url: string };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(current: WaitlistPlace, enrolledIn: string[] = []) {
  const calls: Call[] = [];
  let now = current;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: String(input) };
      calls.push(call);
      switch (`${call.method} ${call.url}`) {
        case 'GET /api/auth/me':
          return json(USER);
        case 'GET /api/profile':
          return json({ user: USER, orders: [], enrollments: enrolledIn.map((courseId) => ({ courseId })) });
        case 'GET /api/courses/c1/pricing-tiers':
          return json([]);
        case 'GET /api/courses/c1/waitlist':
          return json(now);
        case 'POST /api/courses/c1/waitlist':
          now = place({ status: 'waiting', position: 3 });
          return json(now, 201);
        case 'DELETE /api/courses/c1/waitlist':
          now = place({});
          return json(now);
        default:
          throw new Error(`Unexpected request: ${call.method} ${call.url}`);
      }
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPurchase(course: Course) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <MemoryRouter initialEntries={[`/courses/${course.id}`]}>
            <Routes>
              <Route path="/courses/:id" element={<CoursePurchase course={course} />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const waitlistCalls = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/waitlist'));
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => stubResizeObserver());

afterEach(() => {
  cleanup();
  cartStore.clearCart();
  setAuthToken(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a fully booked live session', () => {
  it('offers a visitor a sign-in that comes back to the course, and no Add to Cart', async () => {
    const calls = stubApi(place({}));
    renderPurchase(full());
    expect(screen.getByRole('heading', { name: WAITLIST_TEXTS.fullyBooked })).toBeTruthy();
    // Nothing to sell: not even the pricing is asked for.
    await act(async () => undefined);
    expect(calls.filter((c) => c.url.includes('pricing-tiers'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: WAITLIST_TEXTS.signIn })));
    expect(screen.getByTestId('where').textContent).toBe('/login?returnTo=%2Fcourses%2Fc1');
    expect(waitlistCalls(calls)).toEqual([]);
  });

  it('lets a signed-in person join, shows their position (said in the live region), and leave', async () => {
    setAuthToken('token-1');
    const calls = stubApi(place({}));
    renderPurchase(full());
    const join = await screen.findByRole('button', { name: WAITLIST_TEXTS.join });
    await waitFor(() => expect(join.getAttribute('aria-disabled')).not.toBe('true'));
    expect(screen.getByText(/held for them for 24 hours/)).toBeTruthy();
    await click(WAITLIST_TEXTS.join);
    expect(await screen.findByText(positionText(3), { selector: 'p:not([role="status"])' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(positionText(3));
    expect(await screen.findByText(WAITLIST_MESSAGES.joined)).toBeTruthy();
    await click(WAITLIST_TEXTS.leave);
    expect(await screen.findByRole('button', { name: WAITLIST_TEXTS.join })).toBeTruthy();
    expect(waitlistCalls(calls).map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('tells someone who already has a seat so, instead of offering the waitlist', async () => {
    setAuthToken('token-1');
    stubApi(place({}), ['c1']);
    renderPurchase(full());
    expect(await screen.findByText(WAITLIST_TEXTS.owned)).toBeTruthy();
    expect(screen.queryByRole('button', { name: WAITLIST_TEXTS.join })).toBeNull();
  });

  it('keeps the buttons for when the connection is back, offline', async () => {
    setAuthToken('token-1');
    stubApi(place({ status: 'waiting', position: 2 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPurchase(full());
    const leave = await screen.findByRole('button', { name: WAITLIST_TEXTS.leave });
    expect(leave.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('needs-connection').textContent).toContain(`${WAITLIST_TEXTS.offline.join} needs an internet connection`);
  });
});

describe('a seat the waitlist holds', () => {
  it('is booked into the cart and on to checkout, even where the catalogue shows seats', async () => {
    setAuthToken('token-1');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    stubApi(place({ status: 'offered', offerExpiresAt: until }));
    renderPurchase(full({ currentParticipants: 0 }));
    expect(await screen.findByRole('heading', { name: heldUntilText(until) })).toBeTruthy();
    // The catalogue's own Add to Cart is there too (seats show free), the held seat comes first.
    await screen.findByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(screen.getByRole('button', { name: WAITLIST_TEXTS.book }).hasAttribute('disabled')).toBe(false));
    await click(WAITLIST_TEXTS.book);
    expect(cartStore.getState().items.map((item) => item.courseId)).toEqual(['c1']);
    expect(screen.getByTestId('where').textContent).toBe('/checkout');
  });

  it('at checkout, leads back there', async () => {
    setAuthToken('token-1');
    stubApi(place({ status: 'checkout' }));
    renderPurchase(full({ currentParticipants: 0 }));
    expect(await screen.findByRole('heading', { name: WAITLIST_TEXTS.finishCheckout })).toBeTruthy();
    expect(screen.getByRole('link', { name: WAITLIST_TEXTS.toCheckout }).getAttribute('href')).toBe('/checkout');
  });
});

describe('courses without a waitlist to show', () => {
  it('asks nothing for a course without a capacity or not live, and sells it as before', async () => {
    setAuthToken('token-1');
    for (const course of [full({ maxParticipants: null }), full({ type: 'recorded_course' })]) {
      const calls = stubApi(place({}));
      renderPurchase(course);
      await screen.findByRole('button', { name: 'Add to Cart' });
      expect(screen.queryByRole('heading', { name: WAITLIST_TEXTS.fullyBooked })).toBeNull();
      expect(waitlistCalls(calls)).toEqual([]);
      cleanup();
    }
  });
});
