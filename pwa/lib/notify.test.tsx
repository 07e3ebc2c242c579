// @vitest-environment jsdom
/**
 * A toast asked for in the very commit in which the Toaster first becomes ready (a page that
 * notifies as it mounts, e.g. checkout's "Cart is Empty", rendered together with the Toaster whose
 * code just arrived) is shown, not handed to a Toaster that is then replaced and takes it along.
 * The Toaster's code is held back here until the test lets it arrive in that same commit.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Notification } from './notification';
import { NotificationsProvider, useNotify } from './notify';

const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
});

vi.mock('./toaster-host', async () => {
  await gate.opened;
  return {
    /** A Toaster that shows each toast it is given, for as long as it is mounted. */
    default: function FakeHost({ onReady }: { onReady: (show: (notification: Notification) => void) => void }) {
      const [shown, setShown] = useState<string[]>([]);
      useEffect(() => onReady((notification) => setShown((list) => [...list, notification.title])), [onReady]);
      return (
        <>
          {shown.map((title) => (
            <div role="status" key={title}>
              {title}
            </div>
          ))}
        </>
      );
    },
  };
});

vi.mock('./after-first-paint', () => ({ afterFirstPaint: () => Promise.resolve() }));

afterEach(cleanup);

function NotifiesOnMount() {
  const notify = useNotify();
  useEffect(() => notify({ title: 'Cart is Empty', variant: 'info' }), [notify]);
  return null;
}

it('shows a toast asked for in the commit that makes the Toaster ready', async () => {
  let mountPage!: () => void;
  function App() {
    const [page, setPage] = useState(false);
    mountPage = () => setPage(true);
    return <NotificationsProvider>{page ? <NotifiesOnMount /> : null}</NotificationsProvider>;
  }
  render(<App />);
  // The Toaster is being loaded; its code and the page arrive together, and render in one commit.
  await act(async () => {
    gate.open();
    await gate.opened;
    await new Promise((resolve) => setTimeout(resolve, 0));
    mountPage();
  });
  expect((await screen.findByRole('status')).textContent).toBe('Cart is Empty');
});
