/** The app over real HTTP on an ephemeral port, with a small fetch helper that keeps cookies. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp, type App, type AppOptions } from '@api/app';
import type { Limits, LogLevel, StripeConfig } from '@api/config';
import { createLogger } from '@api/logger';
import type { Mailer, MailMessage } from '@api/integrations/mail';
import type { Clock } from '@api/lib/clock';
import { createLocalObjectStore, type ObjectStore } from '@api/integrations/object-store';
import { createLocalMediaStore, type MediaStore } from '@api/integrations/media-store';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

export const GENEROUS_LIMITS: Partial<Limits> = {
  loginPerIp: 1000,
  loginCooldownSeconds: 0,
  loginPerDomain: 100_000,
  loginGlobal: 100_000,
  registerPerIp: 1000,
  checkoutPerIp: 100_000,
  checkoutPerEmail: 100_000,
};

export const TEST_AUTH_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export async function startTestServer(
  knex: Knex,
  options: {
    staticRoot?: string;
    mailer?: Mailer;
    clock?: Clock;
    loginLimitPerIp?: number;
    limits?: Partial<Limits>;
    trustProxy?: number;
    publicUrl?: string;
    stripe?: StripeConfig;
    objectStore?: ObjectStore;
    mediaStore?: MediaStore;
    push?: AppOptions['push'];
    catalogueCache?: AppOptions['catalogueCache'];
    zoom?: AppOptions['zoom'];
    certificateSigning?: AppOptions['certificateSigning'];
  } = {},
): Promise<TestServer> {
  const sent: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? { send: async (message) => void sent.push(message) };
  // Generous limits unless a test is about them: API tests make many requests from one address.
  const limits: Partial<Limits> = { ...GENEROUS_LIMITS, loginPerIp: options.loginLimitPerIp ?? GENEROUS_LIMITS.loginPerIp, ...options.limits };
  const app = createApp({
    knex,
    staticRoot: options.staticRoot,
    mailer,
    authSecret: TEST_AUTH_SECRET,
    clock: options.clock,
    limits,
    trustProxy: options.trustProxy,
    publicUrl: options.publicUrl,
    stripe: options.stripe,
    push: options.push,
    catalogueCache: options.catalogueCache,
    zoom: options.zoom,
    certificateSigning: options.certificateSigning,
    // Uploads go to a folder of this test's own (removed with the process's temp files).
    objectStore: options.objectStore ?? createLocalObjectStore(fs.mkdtempSync(path.join(os.tmpdir(), 'training-uploads-'))),
    mediaStore: options.mediaStore ?? createLocalMediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'training-media-'))),
    // TEST_API_LOG=error shows the server's own log (unexpected 500s) while debugging a test.
    logger: process.env.TEST_API_LOG ? createLogger(process.env.TEST_API_LOG as LogLevel) : undefined,
  });
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
