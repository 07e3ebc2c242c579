/** A client that keeps cookies between calls (like a browser) and signs in through real mail. */
import { expect } from 'vitest';
import type { TestResponse, TestServer } from './test-server';
import { codeFrom, type SmtpCapture } from './smtp-capture';

export class CookieClient {
  private cookies = new Map<string, string>();
  constructor(private readonly api: TestServer) {}

  private remember(response: TestResponse) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  cookieHeader(): Record<string, string> {
    return this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
    const response = await this.api.request('POST', path, body, { ...this.cookieHeader(), ...headers });
    this.remember(response);
    return response;
  }
}

/** Full sign-in through the SMTP capture; returns the bearer token and role. */
export async function signIn(api: TestServer, smtp: SmtpCapture, email: string, isAdmin = false) {
  const client = new CookieClient(api);
  const before = smtp.messages.filter((m) => m.to.includes(email)).length;
  const login = await client.post('/api/auth/login', { email, isAdmin });
  expect(login.status).toBe(200);
  const code = codeFrom(await smtp.latestTo(email, before + 1));
  const verify = await client.post('/api/auth/verify', { token: code });
  expect(verify.status).toBe(200);
  return verify.body as { token: string; role: string; message: string };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
