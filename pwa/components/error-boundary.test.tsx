// @vitest-environment jsdom
/**
 * A part whose code (or query) fails shows an alert in its place, with "Try again", while the rest
 * of the screen stays; "Try again" really asks again — the chunk for a `preloadable` part and for a
 * `retryableLazy` one (React.lazy alone would keep the failure), the query for a query that threw —
 * and the part shows once that answer arrives. A change of address clears the failure too.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { preloadable, useLoaded } from '../lib/preloadable';
import { retryableLazy } from '../lib/retryable-lazy';

/** What Chromium says when a chunk's request fails. */
const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/featured-courses-section-x1.js');

/** A module loader that fails `failures` times, then answers; counts the requests. */
function flakyLoader<T>(module: T, failures = 1) {
  const loader = { requests: 0, load: () => Promise.resolve(module) };
  loader.load = () => {
    loader.requests += 1;
    return loader.requests <= failures ? Promise.reject(chunkFailure()) : Promise.resolve(module);
  };
  return loader;
}

function Featured() {
  return <h2>Featured Courses</h2>;
}

function Screen({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <header>
          <button type="button">Courses</button>
        </header>
        <main>{children}</main>
      </QueryClientProvider>
    </FluentProvider>
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  // React reports each caught error on the console; the boundary logs it too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows a failed preloadable part as an alert, keeps the rest, and loads it on "Try again"', async () => {
    const loader = flakyLoader(Featured);
    const part = preloadable<ComponentType>(loader.load);
    function Section() {
      const Loaded = useLoaded(part, { throwOnError: true });
      return Loaded ? <Loaded /> : null;
    }
    render(
      <Screen>
        <ErrorBoundary title="The featured courses could not be loaded">
          <Section />
        </ErrorBoundary>
      </Screen>,
    );

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'The featured courses could not be loaded' })).toBeTruthy();
    expect(alert.textContent).toContain('Check your connection and try again.');
    // The rest of the screen is still there and usable.
    expect(screen.getByRole('button', { name: 'Courses' })).toBeTruthy();
    expect(loader.requests).toBe(1);

    const retry = within(alert).getByRole('button', { name: 'Try again' });
    retry.focus();
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Featured Courses' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loader.requests).toBe(2);
    // The focus, which was on "Try again", is on the part's heading now, not lost to <body>.
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Featured Courses' }));
  });

  it('asks again for a React.lazy part through retryableLazy, and keeps asking while it fails', async () => {
    const loader = flakyLoader({ default: Featured }, 2);
    const Lazy = retryableLazy(loader.load);
    render(
      <Screen>
        <ErrorBoundary title="This screen could not be loaded" headingLevel="h1">
          <Suspense fallback={<p>Loading…</p>}>
            <Lazy />
          </Suspense>
        </ErrorBoundary>
      </Screen>,
    );

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'This screen could not be loaded' })).toBeTruthy();
    await settle();
    // One request per attempt: the failure is shown, not retried behind the visitor's back.
    expect(loader.requests).toBe(1);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await settle();
    expect(loader.requests).toBe(2);

    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Featured Courses' })).toBeTruthy();
    expect(loader.requests).toBe(3);
  });

  it('fetches a query that threw to the boundary again on "Try again"', async () => {
    let requests = 0;
    const fetchCourses = () => {
      requests += 1;
      return requests === 1 ? Promise.reject(new Error('500: Internal Server Error')) : Promise.resolve(['GMP Basics']);
    };
    function Courses() {
      const { data } = useQuery({ queryKey: ['courses'], queryFn: fetchCourses, throwOnError: true });
      return data ? <p>{data.join(', ')}</p> : <p>Loading…</p>;
    }
    render(
      <Screen>
        <ErrorBoundary title="The courses could not be loaded">
          <Courses />
        </ErrorBoundary>
      </Screen>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('GMP Basics')).toBeTruthy();
    expect(requests).toBe(2);
  });

  it('clears the failure when its reset key changes (another page opened)', async () => {
    const loader = flakyLoader(Featured);
    const part = preloadable<ComponentType>(loader.load);
    function Page() {
      const Loaded = useLoaded(part, { throwOnError: true });
      return Loaded ? <Loaded /> : null;
    }
    const view = (path: string) => (
      <Screen>
        <ErrorBoundary title="This page could not be loaded" headingLevel="h1" resetKeys={[path]}>
          <Page />
        </ErrorBoundary>
      </Screen>
    );
    const { rerender } = render(view('/about'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    rerender(view('/courses'));
    expect(await screen.findByRole('heading', { name: 'Featured Courses' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a part that failed in the background again when it is wanted, without showing that failure', async () => {
    const loader = flakyLoader(Featured);
    const part = preloadable<ComponentType>(loader.load);
    function Panel({ open }: { open: boolean }) {
      const Loaded = useLoaded(part, { now: open, throwOnError: open });
      return Loaded && open ? <Loaded /> : null;
    }
    const view = (open: boolean) => (
      <Screen>
        <ErrorBoundary title="Your cart could not be opened" resetKeys={[open]} onDismiss={() => undefined}>
          <Panel open={open} />
        </ErrorBoundary>
      </Screen>
    );
    const { rerender } = render(view(false));
    // Not wanted yet: loaded once the page has settled, and its failure kept quiet.
    await vi.waitFor(() => expect(loader.requests).toBe(1));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(view(true));
    expect(await screen.findByRole('heading', { name: 'Featured Courses' })).toBeTruthy();
    expect(loader.requests).toBe(2);
  });
});
