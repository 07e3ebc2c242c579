// @vitest-environment jsdom
/**
 * The back office's waitlist of a live course (issue 35), the API answered at `fetch`: offers first,
 * then who waits with "Move up" / "Move down" (none past either end); a move sends every waiting
 * entry in the new order; a list changed meanwhile (409) says the server's message and is read again.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, type StaffWaitlist } from '@contracts/waitlists';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { stubResizeObserver } from '@pwa/test-support/dom';
import { STAFF_WAITLIST_TEXTS } from '../lib/waitlist-texts';
import { WaitlistEntries } from './waitlist-entries';

type Entry = StaffWaitlist['entries'][number];
const entry = (id: string, name: string, fields: Partial<Entry> = {}): Entry => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  status: 'waiting',
  position: null,
  joinedAt: '2026-11-20T10:00:00.000Z',
  offerExpiresAt: null,
  ...fields,
});
const listOf = (...entries: Entry[]): StaffWaitlist => {
  let position = 0;
  return {
    courseId: 'c1',
    title: 'GMP Audit Seminar',
    offerMinutes: 1440,
    entries: entries.map((e) => (e.status === 'waiting' ? { ...e, position: ++position } : e)),
  };
};
const OFFERED = entry('o', 'Olga', { status: 'offered', offerExpiresAt: '2026-11-22T10:00:00.000Z' });

function stubApi(lists: StaffWaitlist[], put: (body: { entryIds: string[] }) => Response) {
  const sent: Array<{ method: string; body?: { entryIds: string[] } }> = [];
  let current = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      expect(url).toBe('/api/admin/courses/c1/waitlist');
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        sent.push({ method });
        return new Response(JSON.stringify(lists[Math.min(current++, lists.length - 1)]), { status: 200 });
      }
      const body = JSON.parse(init.body as string) as { entryIds: string[] };
      sent.push({ method, body });
      return put(body);
    }),
  );
  return sent;
}

function renderEntries() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <WaitlistEntries courseId="c1" />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const names = () =>
  within(screen.getByRole('list', { name: STAFF_WAITLIST_TEXTS.listLabel('GMP Audit Seminar') }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const button = (name: string) => screen.getByRole('button', { name });
const inactive = (name: string) => button(name).getAttribute('aria-disabled') === 'true';

beforeEach(() => stubResizeObserver());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('the waitlist dialog', () => {
  it('says when no one is waiting', async () => {
    stubApi([listOf()], () => new Response('{}', { status: 500 }));
    renderEntries();
    expect(await screen.findByText(STAFF_WAITLIST_TEXTS.empty)).toBeTruthy();
  });

  it('lists offers first, then who waits; a move sends the whole new order and shows it', async () => {
    const [a, b, c] = [entry('a', 'Ann'), entry('b', 'Ben'), entry('c', 'Cid')];
    const sent = stubApi([listOf(OFFERED, a, b, c)], ({ entryIds }) => {
      const byId = new Map([a, b, c].map((e) => [e.id, e]));
      return new Response(JSON.stringify(listOf(OFFERED, ...entryIds.map((id) => byId.get(id)!))), { status: 200 });
    });
    renderEntries();
    await screen.findByRole('button', { name: 'Move up Ben' });
    expect(names()[0]).toContain('Seat held until');
    expect(screen.queryByRole('button', { name: 'Move up Olga' })).toBeNull();
    expect(inactive('Move up Ann')).toBe(true);
    expect(inactive('Move down Cid')).toBe(true);

    await act(async () => fireEvent.click(button('Move up Ben')));
    expect(sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([{ entryIds: ['b', 'a', 'c'] }]);
    expect(
      names()
        .slice(1)
        .map((text) => ['Ann', 'Ben', 'Cid'].find((name) => text?.startsWith(name))),
    ).toEqual(['Ben', 'Ann', 'Cid']);
    expect(screen.getByRole('status').textContent).toBe(STAFF_WAITLIST_TEXTS.moved('Ben', 1));
    expect(document.activeElement).toBe(button('Move up Ben'));
  });

  it('says the list changed when the server refuses the order, and reads it again', async () => {
    const [a, b] = [entry('a', 'Ann'), entry('b', 'Ben')];
    const sent = stubApi(
      [listOf(a, b), listOf(a, b, entry('c', 'Cid'))],
      () => new Response(JSON.stringify({ message: WAITLIST_MESSAGES.listChanged }), { status: 409 }),
    );
    renderEntries();
    await screen.findByRole('button', { name: 'Move down Ann' });
    await act(async () => fireEvent.click(button('Move down Ann')));
    expect((await screen.findByRole('alert')).textContent).toBe(WAITLIST_MESSAGES.listChanged);
    expect(await screen.findByRole('button', { name: 'Move up Cid' })).toBeTruthy();
    expect(sent.map((s) => s.method)).toEqual(['GET', 'PUT', 'GET']);
  });
});
