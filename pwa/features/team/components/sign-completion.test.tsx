// @vitest-environment jsdom
/**
 * Signing a completed course on its My Training page (issue 33, point 5): nothing when the course
 * does not ask; a note before completion; after it, a code by e-mail and the signature with the
 * meaning; the server's refusal of a wrong code shown; once signed, who signed what and when.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ACKNOWLEDGEMENT_MEANING, SIGNATURE_MESSAGES, type SignatureStatus } from '@contracts/orgs';
import { SignCompletion } from './sign-completion';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SIGNED = {
  courseId: 'c1',
  printedName: 'Sia Signer',
  meaning: ACKNOWLEDGEMENT_MEANING,
  signedAt: '2026-11-28T10:00:00.000Z',
  recordHash: 'a'.repeat(64),
};

function show(initial: SignatureStatus) {
  let status = initial;
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/signature-code')) return json({ message: SIGNATURE_MESSAGES.codeSent }, 202);
      if (method === 'POST') {
        if ((body as { code: string }).code !== '123456') return json({ message: SIGNATURE_MESSAGES.badCode }, 400);
        status = { ...status, signature: SIGNED };
        return json(SIGNED, 201);
      }
      return json(status);
    }),
  );
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SignCompletion courseId="c1" viewer="token-1" />
      </QueryClientProvider>
    </FluentProvider>,
  );
  return { calls, view };
}

it('says nothing when the course does not ask for a signature, and asks only after completion', async () => {
  const { calls, view } = show({ required: false, completed: true, signature: null });
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(view.container.textContent).toBe('');
  cleanup();
  show({ required: true, completed: false, signature: null });
  expect(await screen.findByText('Once you complete this course, you sign it here for your training record.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'E-mail me a code' })).toBeNull();
});

it('signs with the code from the e-mail: a wrong code is refused, the right one signs and shows the signature', async () => {
  const { calls } = show({ required: true, completed: true, signature: null });
  fireEvent.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
  expect((await screen.findByRole('status')).textContent).toBe(SIGNATURE_MESSAGES.codeSent);
  const input = screen.getByLabelText('Code from the e-mail');
  fireEvent.change(input, { target: { value: '000000' } });
  fireEvent.click(screen.getByRole('button', { name: `Sign: ${ACKNOWLEDGEMENT_MEANING}` }));
  expect((await screen.findByRole('alert')).textContent).toBe(SIGNATURE_MESSAGES.badCode);
  fireEvent.change(input, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: `Sign: ${ACKNOWLEDGEMENT_MEANING}` }));
  expect(await screen.findByText(/^Signed by Sia Signer on .+: “I have read and understood”\.$/)).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/me/courses/c1/signature').map((c) => c.body)).toEqual([
    { code: '000000', meaning: ACKNOWLEDGEMENT_MEANING },
    { code: '123456', meaning: ACKNOWLEDGEMENT_MEANING },
  ]);
  expect(screen.queryByRole('button', { name: 'E-mail me a code' })).toBeNull();
});
