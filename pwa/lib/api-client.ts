/**
 * The one way the PWA talks to the API (storefront spec §7): credentials included, a bearer token
 * from localStorage `auth_token` when present, JSON bodies, and any non-OK answer thrown as
 * `"<status>: <body or status text>"`.
 */
export const AUTH_TOKEN_KEY = 'auth_token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** `Authorization: Bearer …` when a token is stored (the outbox sends its writes with it too). */
export function authHeader(): Record<string, string> {
  try {
    const token = globalThis.localStorage?.getItem(AUTH_TOKEN_KEY);
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

/** Throws a non-OK answer as an `ApiError` (also used for answers fetched before the app ran). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

export interface RequestOptions {
  /** Extra headers, e.g. `Idempotency-Key` or `If-Match` on back-office writes. */
  headers?: Record<string, string>;
}

export async function apiRequest(method: string, url: string, data?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...authHeader(), ...options.headers };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

/** True for failures that mean "the network or the server is unavailable", not "the answer is no". */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}
