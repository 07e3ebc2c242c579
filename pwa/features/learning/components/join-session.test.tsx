// @vitest-environment jsdom
/**
 * "Join session" says what the join view says, in the contract's words (`JOIN_MESSAGES`): before
 * the window, the server's "Opens …" note beside a disabled button; after the end, that the
 * session has ended; inside the window, a link to the person's own join address.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOIN_MESSAGES, type JoinView } from '@contracts/join-links';
import { JoinSession } from './join-session';

const JOIN_URL = 'https://training.example.com/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const VIEW: JoinView = {
  joinUrl: JOIN_URL,
  opensAt: '2099-03-01T13:30:00.000Z',
  endsAt: '2099-03-01T15:30:00.000Z',
  status: 'open',
  message: JOIN_MESSAGES.open,
};

function renderJoin(view: JoinView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) !== '/api/courses/c1/join') throw new Error(`Unexpected request: ${String(input)}`);
      return new Response(JSON.stringify(view), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <JoinSession courseId="c1" viewer="u1" title="Live GMP" />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Join session', () => {
  it('before the window: a disabled button and the server’s "Opens …" note', async () => {
    const message = JOIN_MESSAGES.notYet('Thursday, March 1, 2099 at 8:30 AM EST');
    renderJoin({ ...VIEW, status: 'not_yet', message });
    const note = await screen.findByText(message);
    expect(note.textContent).toMatch(/^Opens /);
    const button = screen.getByRole('button', { name: 'Join session: Live GMP' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('after the end: the contract’s words, and no button', async () => {
    renderJoin({ ...VIEW, status: 'ended', message: JOIN_MESSAGES.ended });
    expect(await screen.findByText(JOIN_MESSAGES.ended)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('while preparing, the contract’s words; when open, a link to the person’s join address', async () => {
    renderJoin({ ...VIEW, status: 'preparing', message: JOIN_MESSAGES.preparing });
    expect(await screen.findByText(JOIN_MESSAGES.preparing)).toBeTruthy();
    cleanup();
    renderJoin(VIEW);
    expect((await screen.findByRole('link', { name: 'Join session: Live GMP' })).getAttribute('href')).toBe(JOIN_URL);
  });
});
