// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { RequireRole, type Guard } from './route-guard';

function signedInAs(role: string | null, permissions?: string[]) {
  localStorage.clear();
  if (!role) return;
  localStorage.setItem(AUTH_TOKEN_KEY, `token-for-${role}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ id: 'u1', name: 'Pat', email: 'pat@example.com', role, membershipType: null, createdAt: '2026-01-01T00:00:00.000Z', permissions }),
          { status: 200 },
        ),
    ),
  );
}

function renderGuarded(guard: Guard) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RequireRole guard={guard}>
            <p>Secret page</p>
          </RequireRole>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RequireRole', () => {
  it('shows the sign-in screen of the guard to a signed-out visitor', async () => {
    signedInAs(null);
    renderGuarded('admin');
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
    expect(screen.queryByText('Secret page')).toBeNull();
  });

  it('refuses a role the rule does not admit, and admits the ones it does', async () => {
    signedInAs('customer');
    renderGuarded('staff');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByText('Secret page')).toBeNull();
    cleanup();

    signedInAs('contributor');
    renderGuarded('staff');
    expect(await screen.findByText('Secret page')).toBeTruthy();
    cleanup();

    signedInAs('admin');
    renderGuarded('customer');
    expect(await screen.findByRole('heading', { name: 'Customer Access Required' })).toBeTruthy();
  });

  it('opens a permission’s screen to admins and the contributors who hold it, and tells the others which it takes', async () => {
    signedInAs('contributor', ['order-management']);
    renderGuarded('course-management');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('This page needs the Course Management permission, which an administrator can grant you.')).toBeTruthy();
    expect(screen.queryByText('Secret page')).toBeNull();
    cleanup();

    signedInAs('contributor', ['order-management']);
    renderGuarded('order-management');
    expect(await screen.findByText('Secret page')).toBeTruthy();
    cleanup();

    signedInAs('admin', ['course-management', 'instructor-management', 'order-management']);
    renderGuarded('order-management');
    expect(await screen.findByText('Secret page')).toBeTruthy();
    cleanup();

    signedInAs('customer', []);
    renderGuarded('course-management');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByText(/permission, which/)).toBeNull();
  });
});
