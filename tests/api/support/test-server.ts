/** The app over real HTTP on an ephemeral port, with a tiny fetch helper. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from '../../../api/app';

export interface TestServer {
  baseUrl: string;
  get(path: string): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  close(): Promise<void>;
}

export async function startTestServer(knex: Knex, options: { staticRoot?: string } = {}): Promise<TestServer> {
  const app = createApp({ knex, staticRoot: options.staticRoot });
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
    baseUrl,
    request,
    get: (path) => request('GET', path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
