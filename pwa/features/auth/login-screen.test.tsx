// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_FORMAT_MESSAGE, CODE_REQUIRED_MESSAGE, EMAIL_MESSAGE } from '@contracts/auth';
import { setAuthToken } from '../../session/auth-token';
import { LoginScreen } from './login-screen';

function renderLogin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LoginScreen variant="customer" />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** /login?returnTo=… with the API answering a customer's sign-in; where the screen goes once signed in. */
async function signInReturningTo(returnTo: string): Promise<string | null> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/verify'
        ? new Response(JSON.stringify({ token: 'token-1', role: 'customer', message: 'Login successful!' }), { status: 200 })
        : new Response('{}', { status: url === '/api/auth/login' ? 200 : 401 }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/login?returnTo=${encodeURIComponent(returnTo)}`]}>
          <Routes>
            <Route path="/login" element={<LoginScreen variant="customer" />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'pat@example.com' } });
  await click('Sign in or Create an Account');
  fireEvent.change(screen.getByRole('textbox', { name: /Verification code/ }), { target: { value: '123456' } });
  await click('Verify & Sign In');
  const where = screen.getByTestId('where').textContent;
  cleanup();
  setAuthToken(null);
  return where;
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginScreen', () => {
  it('refuses an invalid e-mail with the contract’s message and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'not-an-address' } });
    await click('Sign in or Create an Account');
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Please enter your email' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the trimmed address, then checks the code: digits only, required, six of them', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: '  Pat@Example.com ' } });
    await click('Sign in or Create an Account');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ email: 'Pat@Example.com', isAdmin: false });
    expect(screen.getByText('Pat@Example.com')).toBeTruthy();

    const code = screen.getByRole('textbox', { name: /Verification code/ }) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12ab3456789' } });
    expect(code.value).toBe('123456');
    fireEvent.change(code, { target: { value: '' } });
    await click('Verify & Sign In');
    expect(screen.getByText(CODE_REQUIRED_MESSAGE)).toBeTruthy();
    fireEvent.change(code, { target: { value: '123' } });
    await click('Verify & Sign In');
    expect(screen.getByText(CODE_FORMAT_MESSAGE)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '← Back to email' })));
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe('');
  });

  it('goes back to the page that asked for the sign-in, only when it is a page of this app', async () => {
    expect(await signInReturningTo('/courses/c1')).toBe('/courses/c1');
    expect(await signInReturningTo('//evil.example/courses')).toBe('/profile');
  });
});
