// @vitest-environment jsdom
/** My Training's card (issue 31): "Completed 26 Nov 2026" once complete, else the progress and what is left. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItem } from '@contracts/learning';
import { makeLibraryItem } from '@pwa/test-support/library-fixture';
import { LibraryCard } from './library-card';

const ITEM: LibraryItem = makeLibraryItem();

function renderCard(item: LibraryItem & { completedAt?: string | null; leftText?: string }) {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <div role="list">
            <LibraryCard item={item} viewer="token-1" />
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

afterEach(cleanup);

describe('Library card', () => {
  it('complete: the day it was completed, and no progress bar', () => {
    renderCard({ ...ITEM, progressPercent: 100, completedAt: '2026-11-26T12:00:00.000Z', leftText: '' });
    expect(screen.getByText('Completed 26 Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('not yet: the progress and what is left', () => {
    renderCard({ ...ITEM, completedAt: null, leftText: '2 lessons to watch, final exam not passed' });
    expect(screen.getByText('50% complete')).toBeTruthy();
    expect(screen.getByText('2 lessons to watch, final exam not passed')).toBeTruthy();
    expect(screen.queryByText(/^Completed/)).toBeNull();
  });

  it('a server without completion yet: the progress alone', () => {
    renderCard(ITEM);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByText(/^Completed/)).toBeNull();
  });
});
