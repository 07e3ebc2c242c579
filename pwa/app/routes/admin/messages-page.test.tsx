// @vitest-environment jsdom
/**
 * A back-office list screen (here /admin/messages, a paged list) over `AdminList`, with the API
 * answered at `fetch`: its rows in the table, the load error with "Try Again" that asks again, the
 * empty state, and "Load more messages" that fetches the `Link` header's next page and adds it.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMessage } from '@contracts/admin-messages';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import MessagesPage from './messages-page';

const FIRST_PAGE = '/api/admin/messages?state=open';
const NEXT_PAGE = '/api/admin/messages?state=open&cursor=c2';

const message = (n: number): AdminMessage => ({
  id: `m${n}`,
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: null,
  message: `Question number ${n}`,
  createdAt: `2026-03-0${n}T10:00:00.000Z`,
  readAt: null,
  handledAt: null,
  handledBy: null,
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** `fetch` answering each address from `routes` (a function of the call count), recording the addresses asked for. */
function stubApi(routes: Record<string, (call: number) => Response>) {
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const route = routes[url];
    if (!route) throw new Error(`Unexpected request: ${url}`);
    return route(asked.filter((u) => u === url).length);
  });
  vi.stubGlobal('fetch', fetch);
  return asked;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MessagesPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

/** The names in the table's rows, once its rows (not the loading skeleton) are there. */
async function rowNames(): Promise<Array<string | null>> {
  const table = await screen.findByRole('table', { name: 'Messages' });
  await within(table).findAllByRole('cell');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? null);
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('an admin list screen', () => {
  it('shows the rows of the first page, and "Load more" adds the next page from the Link header', async () => {
    const asked = stubApi({
      [FIRST_PAGE]: () => json([message(1), message(2)], 200, { Link: `<${NEXT_PAGE}>; rel="next"` }),
      [NEXT_PAGE]: () => json([message(3)]),
    });
    renderPage();
    expect(await rowNames()).toEqual(['Visitor 1', 'Visitor 2']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more messages' })));
    await screen.findByText('Visitor 3');
    expect(asked).toEqual([FIRST_PAGE, NEXT_PAGE]);
    expect(await rowNames()).toEqual(['Visitor 1', 'Visitor 2', 'Visitor 3']);
    // The last page has no next: no more "Load more".
    expect(screen.queryByRole('button', { name: 'Load more messages' })).toBeNull();
  });

  it('shows the load error with "Try Again", which asks again and then shows the rows', async () => {
    const asked = stubApi({ [FIRST_PAGE]: (call) => (call === 1 ? json({ message: 'Internal error' }, 500) : json([message(1)])) });
    renderPage();
    expect(await screen.findByRole('heading', { name: "We couldn't load the messages" })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try Again' })));
    expect(await rowNames()).toEqual(['Visitor 1']);
    expect(asked).toEqual([FIRST_PAGE, FIRST_PAGE]);
  });

  it('shows the empty state when there are no rows, and no "Load more"', async () => {
    stubApi({ [FIRST_PAGE]: () => json([]) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No open messages' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more messages' })).toBeNull();
  });
});
