/** The app over real HTTP on an ephemeral port, with a small fetch helper that keeps cookies. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp, type App } from '../../../api/app';
import type { StripeConfig } from '../../../api/config';
import type { Mailer, MailMessage } from '../../../api/integrations/mail';
import type { Clock } from '../../../api/services/rate-limiter';

export interface TestResponse {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export interface TestServer {
  app: App;
  baseUrl: string;
  /** Mail captured in memory (unless a real mailer was passed). */
  sent: MailMessage[];
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

export const TEST_AUTH_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export async function startTestServer(
  knex: Knex,
  options: { staticRoot?: string; mailer?: Mailer; clock?: Clock; loginLimitPerIp?: number; stripe?: StripeConfig } = {},
): Promise<TestServer> {
  const sent: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? { send: async (message) => void sent.push(message) };
  const app = createApp({ knex, staticRoot: options.staticRoot, mailer, authSecret: TEST_AUTH_SECRET, clock: options.clock, loginLimitPerIp: options.loginLimitPerIp ?? 1000, stripe: options.stripe });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request: TestServer['request'] = async (method, path, body, headers = {}) => {
    const response = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  };
  return {
    app,
    baseUrl,
    sent,
    request,
    get: (path, headers) => request('GET', path, undefined, headers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
