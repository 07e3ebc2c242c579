import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { SEND_CODE_FAILED, authFailureMessage, requestLoginCode } from './auth-api';

afterEach(() => vi.unstubAllGlobals());

describe('auth calls', () => {
  it('keep the API error (and its status), and the screen reads the server’s message from it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Too many requests. Try again later.' }), { status: 429 })),
    );
    const error = await requestLoginCode('pat@example.com', false).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect(authFailureMessage(error, SEND_CODE_FAILED)).toBe('Too many requests. Try again later.');
  });

  it('fall back to the spec’s message when the server says nothing usable or cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await requestLoginCode('pat@example.com', false).catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(502);
    expect(authFailureMessage(error, SEND_CODE_FAILED)).toBe(SEND_CODE_FAILED);
    expect(authFailureMessage(new TypeError('Failed to fetch'), SEND_CODE_FAILED)).toBe(SEND_CODE_FAILED);
  });
});
