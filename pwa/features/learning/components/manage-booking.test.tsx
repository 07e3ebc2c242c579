// @vitest-environment jsdom
/**
 * "Manage booking" on My Training (issue 35, point 3): what the policy allows now decides the
 * buttons (both, transfer only with the note that cancelling is over, a move to another date when
 * the course has one, or the reason alone); offline they are disabled with the house's notice. The
 * dialogs send the change and say the server's refusal in place; the transfer's address and the
 * move's date are checked by the contract's schemas first.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '@contracts/bookings';
import { formatDateTime } from '@pwa/lib/format';
import { NotificationsProvider } from '@pwa/lib/notify';
import { moveOnlyText, type MyBooking } from '../lib/booking-texts';
import { BookingDialogs } from './booking-dialogs';
import { ManageBooking, type BookingAction } from './manage-booking';

const BOOKING: MyBooking = {
  enrollmentId: 'e1',
  courseId: 'c1',
  title: 'Deviation Handling',
  startDate: '2099-12-08T09:00:00.000Z',
  refundCents: 50000,
  canCancel: true,
  refundPercent: 100,
  refundUntil: '2099-12-01T09:00:00.000Z',
  canTransfer: true,
  transferUntil: '2099-12-08T09:00:00.000Z',
  canMove: false,
  moveUntil: null,
  otherSessions: [],
  reason: null,
};

const LATER = '2099-12-15T09:00:00.000Z';
const FULL = '2099-12-22T09:00:00.000Z';
/** Too late to cancel or transfer; two other dates, the second full. */
const MOVE_ONLY: MyBooking = {
  ...BOOKING,
  canCancel: false,
  refundPercent: 0,
  refundCents: 0,
  refundUntil: null,
  canTransfer: false,
  transferUntil: null,
  canMove: true,
  moveUntil: '2099-12-07T09:00:00.000Z',
  otherSessions: [
    { courseId: 'c2', title: 'Deviation Handling', startDate: LATER, location: 'Hôtel Lutetia, Paris', seatsLeft: 4 },
    { courseId: 'c3', title: 'Deviation Handling', startDate: FULL, location: null, seatsLeft: 0 },
  ],
};

function Harness({ booking, online }: { booking: MyBooking; online: boolean }) {
  const [action, setAction] = useState<BookingAction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        My Training
      </h1>
      <h2 id="library-c1">{booking.title}</h2>
      <ManageBooking booking={booking} online={online} onAction={setAction} />
      <BookingDialogs action={action} viewer="token-1" fallbackFocus={heading} onClose={() => setAction(null)} />
    </>
  );
}

type Call = { method: string; url: string; body: unknown };
function show(booking: MyBooking, { online = true, answer }: { online?: boolean; answer?: () => Response | undefined } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer?.() ?? new Response('{}', { status: 200 });
    }),
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <NotificationsProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Harness booking={booking} online={online} />
        </QueryClientProvider>
      </NotificationsProvider>
    </FluentProvider>,
  );
  return calls;
}

const refusal = (status: number, message: string) => () => new Response(JSON.stringify({ message }), { status });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Manage booking', () => {
  it('both allowed: what a cancellation refunds until when, and both buttons', () => {
    show(BOOKING);
    const area = screen.getByRole('region', { name: 'Manage booking Deviation Handling' });
    expect(area.textContent).toContain('Full refund if cancelled before');
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transfer to a colleague' })).toBeTruthy();
  });

  it('transfer only: says cancelling is over, and offers the transfer alone', () => {
    show({ ...BOOKING, canCancel: false, refundPercent: 0, refundCents: 0, refundUntil: null });
    expect(screen.getByText(BOOKING_MESSAGES.noRefundLeft)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Transfer to a colleague' })).toBeTruthy();
  });

  it('neither: the policy’s reason instead of the buttons', () => {
    show({
      ...BOOKING,
      canCancel: false,
      canTransfer: false,
      refundPercent: 0,
      refundCents: 0,
      refundUntil: null,
      transferUntil: null,
      reason: BOOKING_MESSAGES.started,
    });
    expect(screen.getByText(BOOKING_MESSAGES.started)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('offline: the buttons are disabled and the notice says a connection is needed', () => {
    show(BOOKING, { online: false });
    expect(screen.getByTestId('needs-connection').textContent).toContain('Cancelling or transferring a booking needs an internet connection.');
    expect((screen.getByRole('button', { name: 'Cancel booking' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Transfer to a colleague' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancelling: the dialog states the refund; the server’s refusal is said in it; Keep booking sends nothing', async () => {
    const calls = show({ ...BOOKING, refundPercent: 50, refundCents: 25000 }, { answer: refusal(409, BOOKING_MESSAGES.noRefundLeft) });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(dialog.textContent).toContain('You will get a 50\u00a0% refund: $250.00.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel booking', hidden: true }).find((b) => dialog.contains(b))!);
    const alert = await screen.findByRole('alert', { hidden: true });
    expect(alert.textContent).toBe(BOOKING_MESSAGES.noRefundLeft);
    expect(posts(calls)).toEqual([{ method: 'POST', url: '/api/me/enrollments/e1/cancel', body: {} }]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep booking', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(posts(calls)).toHaveLength(1);
  });

  it('transferring: the address is checked first, then sent; the server’s refusal is the field’s message', async () => {
    const calls = show(BOOKING, { answer: refusal(400, BOOKING_MESSAGES.ownAddress) });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer to a colleague' }));
    await screen.findByRole('dialog', { hidden: true });
    const field = screen.getByLabelText(/^Colleague’s e-mail/);
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer seat', hidden: true }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.change(field, { target: { value: ' Me@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer seat', hidden: true }));
    expect(await screen.findByText(BOOKING_MESSAGES.ownAddress)).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', url: '/api/me/enrollments/e1/transfer', body: { email: 'me@example.com' } }]);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Changing the address clears the server's message.
    fireEvent.change(field, { target: { value: 'kim@example.com' } });
    await waitFor(() => expect(screen.queryByText(BOOKING_MESSAGES.ownAddress)).toBeNull());
  });

  it('a move only: the note says so, and "Move to another date" alone; offline it is disabled with its own notice', () => {
    show(MOVE_ONLY, { online: false });
    expect(screen.getByText(moveOnlyText(MOVE_ONLY))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer to a colleague' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Move to another date' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('needs-connection').textContent).toContain('Moving a booking to another date needs an internet connection.');
  });

  it('no other date: no move offered, even when the policy allows one', () => {
    show({ ...BOOKING, canMove: true, moveUntil: MOVE_ONLY.moveUntil });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel booking', 'Transfer to a colleague']);
  });

  it('moving: the dates with their seats (a full one disabled), a date must be chosen, the server’s refusal is the field’s message, then the toast', async () => {
    let answer = refusal(409, 'Deviation Handling is fully booked');
    const calls = show(MOVE_ONLY, { answer: () => (posts(calls).length > 0 ? answer() : undefined) });
    fireEvent.click(screen.getByRole('button', { name: 'Move to another date' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Your seat moves at no charge; what you paid stays with it.');
    const group = screen.getByRole('radiogroup', { name: /^New date/, hidden: true });
    const open = screen.getByRole('radio', { name: `${formatDateTime(LATER)} · Hôtel Lutetia, Paris · 4 seats left`, hidden: true }) as HTMLInputElement;
    const full = screen.getByRole('radio', { name: `${formatDateTime(FULL)} · Fully booked`, hidden: true }) as HTMLInputElement;
    expect(group.contains(open) && group.contains(full)).toBe(true);
    expect(full.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move seat', hidden: true }));
    expect(await screen.findByText('Please choose a date')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'Move seat', hidden: true }));
    expect(await screen.findByText('Deviation Handling is fully booked')).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', url: '/api/me/enrollments/e1/transfer', body: { courseId: 'c2' } }]);

    answer = () =>
      new Response(JSON.stringify({ kind: 'moved', courseId: 'c1', newCourseId: 'c2', refundPercent: null, refundCents: null, refund: null, newHolder: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Move seat', hidden: true }));
    expect(await screen.findByText(`Your seat is now on ${formatDateTime(LATER)}.`)).toBeTruthy();
    expect(screen.getByText('Seat moved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(posts(calls)).toHaveLength(2);
  });
});
