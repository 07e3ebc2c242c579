/**
 * Browser-side defences on every response (hardening issue, point 6): a strict
 * Content-Security-Policy, HSTS on https only, frame, opener and permissions policies, nosniff and
 * the referrer policy — on API answers, on unknown /api paths and on the PWA's pages alike. Stripe's
 * origins are allowed only while Stripe is the payment processor.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import type { StripeConfig } from '../../api/config';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { TEST_AUTH_SECRET, startTestServer, type TestServer } from './support/test-server';

const STRIPE: StripeConfig = {
  secretKey: 'sk_test_headers',
  publishableKey: 'pk_test_headers',
  webhookSecret: undefined,
  prices: { price_prime_monthly: undefined, price_business_yearly: undefined },
  // Nothing here talks to Stripe; should anything try, it reaches a closed local port.
  api: { host: '127.0.0.1', port: 9, protocol: 'http' },
};

/**
 * The kinds of response the app gives: PWA pages (streamed files), an API answer and an API 404.
 * The pages come first so that no file stream is still finishing when a server is closed.
 */
const RESPONSES = [
  { name: 'the app shell', path: '/', status: 200, type: /text\/html/ },
  { name: 'a deep link', path: '/courses/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc', status: 200, type: /text\/html/ },
  { name: 'an API route', path: '/api/courses', status: 200, type: /application\/json/ },
  { name: 'an unknown /api route', path: '/api/no-such-route', status: 404, type: /application\/json/ },
] as const;

interface Server {
  baseUrl: string;
  close(): Promise<void>;
}

function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  const directives = new Map<string, string[]>();
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `directive ${name} appears once`).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

async function fetchHeaders(server: Server, requestPath: string, expected: { status: number; type: RegExp }): Promise<Headers> {
  const response = await fetch(server.baseUrl + requestPath);
  await response.arrayBuffer();
  expect(response.status, `GET ${requestPath}`).toBe(expected.status);
  expect(response.headers.get('content-type')).toMatch(expected.type);
  return response.headers;
}

/** The headers every response carries whatever the configuration. */
function expectCommonHeaders(headers: Headers): Map<string, string[]> {
  const csp = parseCsp(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('worker-src')).toEqual(["'self'"]);
  expect(csp.get('manifest-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toContain("'self'");
  // Scripts: the app's own files (and Stripe's, when active) only; never inline code or eval.
  const scripts = csp.get('script-src') ?? [];
  expect(scripts[0]).toBe("'self'");
  for (const source of scripts) expect(source).toMatch(/^('self'|https:\/\/([\w*-]+\.)*stripe\.com)$/);
  for (const sources of csp.values()) {
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain('*');
  }
  expect([...csp.entries()].filter(([, sources]) => sources.includes("'unsafe-inline'")).map(([name]) => name)).toEqual(['style-src']);

  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-embedder-policy')).toBeNull();
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('same-origin');
  expect(headers.get('x-powered-by')).toBeNull();
  const permissions = (headers.get('permissions-policy') ?? '').split(',').map((entry) => entry.trim());
  for (const feature of ['microphone', 'geolocation', 'usb', 'display-capture']) expect(permissions).toContain(`${feature}=()`);
  // The check-in scanner's camera: the app's own pages only, never a frame.
  expect(permissions).toContain('camera=(self)');
  return csp;
}

function expectNoStripe(headers: Headers, csp: Map<string, string[]>): void {
  expect(headers.get('content-security-policy')).not.toMatch(/stripe/i);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('frame-src') ?? ["'self'"]).toEqual(["'self'"]);
  expect(headers.get('permissions-policy')).toContain('payment=()');
  expect(headers.get('permissions-policy')).not.toMatch(/stripe/);
}

function expectStripe(headers: Headers, csp: Map<string, string[]>): void {
  expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
  expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
  expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  expect(headers.get('permissions-policy')).not.toContain('payment=()');
}

function expectHsts(headers: Headers, https: boolean): void {
  if (https) {
    const hsts = headers.get('strict-transport-security') ?? '';
    expect(hsts).toMatch(/(^|;\s*)max-age=31536000(;|$)/);
    expect(hsts).toMatch(/includeSubDomains/);
  } else {
    expect(headers.get('strict-transport-security')).toBeNull();
  }
}

let db: TestDatabase;
let staticRoot: string;

beforeAll(async () => {
  db = await createTestDatabase();
  staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'training-headers-'));
  fs.writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>shell</title><script type="module" src="/assets/app.js"></script>');
  fs.mkdirSync(path.join(staticRoot, 'assets'));
  fs.writeFileSync(path.join(staticRoot, 'assets', 'app-Ab12Cd34.js'), 'export const app = 1;\n');
  fs.writeFileSync(path.join(staticRoot, 'assets', 'sync-worker-Ef56Gh78.js'), 'self.onmessage = () => undefined;\n');
});

afterAll(async () => {
  await db?.destroy();
  if (staticRoot) fs.rmSync(staticRoot, { recursive: true, force: true });
});

/** The app as the test harness builds it: http://localhost:3000 and the built-in test processor. */
describe('security headers on http with the test processor', () => {
  let api: TestServer;

  beforeAll(async () => {
    api = await startTestServer(db.knex, { staticRoot });
  });

  afterAll(async () => {
    await api?.close();
  });

  it('a worker’s script carries the strict policy too: it is the worker’s own', async () => {
    const headers = await fetchHeaders(api, '/assets/sync-worker-Ef56Gh78.js', { status: 200, type: /javascript/ });
    expectNoStripe(headers, expectCommonHeaders(headers));
  });

  it('an address under /assets/ that is not a build file (the app shell answers it) keeps the strict policy', async () => {
    for (const path of ['/assets/no-such-page', '/assets/..%2findex.html', '/assets/app-Ab12Cd34.js/'])
      expectCommonHeaders((await fetch(api.baseUrl + path).then(async (response) => (await response.arrayBuffer(), response))).headers);
  });

  it('a module of the build carries only what protects a subresource (nosniff, CORP, referrer policy)', async () => {
    const headers = await fetchHeaders(api, '/assets/app-Ab12Cd34.js', { status: 200, type: /javascript/ });
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ])
      expect(headers.get(name), name).toBeNull();
  });

  for (const response of RESPONSES) {
    it(`${response.name} carries the strict policy, no HSTS and no Stripe origin`, async () => {
      const headers = await fetchHeaders(api, response.path, response);
      const csp = expectCommonHeaders(headers);
      expectNoStripe(headers, csp);
      expectHsts(headers, false);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
    });
  }
});

/** The other configurations, built the way test-server.ts builds the app. */
const VARIANTS = [
  { name: 'https with the test processor', publicUrl: 'https://training.example.com', stripe: undefined },
  { name: 'http with Stripe', publicUrl: 'http://localhost:3000', stripe: STRIPE },
  { name: 'https with Stripe', publicUrl: 'https://training.example.com', stripe: STRIPE },
] as const;

for (const variant of VARIANTS) {
  describe(`security headers on ${variant.name}`, () => {
    let server: Server;
    const https = variant.publicUrl.startsWith('https://');

    beforeAll(async () => {
      const app = createApp({
        knex: db.knex,
        mailer: { send: async () => undefined },
        authSecret: TEST_AUTH_SECRET,
        publicUrl: variant.publicUrl,
        stripe: variant.stripe,
        staticRoot,
      });
      const listening = http.createServer(app.callback());
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      server = {
        baseUrl: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
        // Graceful: a response whose last bytes the client already read may still be finishing.
        close: () =>
          new Promise<void>((resolve) => {
            const force = setTimeout(() => listening.closeAllConnections(), 2_000);
            listening.close(() => {
              clearTimeout(force);
              resolve();
            });
            listening.closeIdleConnections();
          }),
      };
    });

    afterAll(async () => {
      await server?.close();
    });

    for (const response of RESPONSES) {
      it(`${response.name}: ${https ? 'HSTS' : 'no HSTS'}, ${variant.stripe ? "Stripe's origins allowed" : 'no Stripe origin'}`, async () => {
        const headers = await fetchHeaders(server, response.path, response);
        const csp = expectCommonHeaders(headers);
        if (variant.stripe) expectStripe(headers, csp);
        else expectNoStripe(headers, csp);
        expectHsts(headers, https);
        expect(csp.has('upgrade-insecure-requests')).toBe(https);
      });
    }

    it(`a module of the build keeps HSTS ${https ? 'on https' : 'off on http'}`, async () => {
      expectHsts(await fetchHeaders(server, '/assets/app-Ab12Cd34.js', { status: 200, type: /javascript/ }), https);
    });
  });
}

describe('security headers with uploads going to an S3 bucket', () => {
  it('lets the page connect to the bucket’s origin and nowhere else new', async () => {
    const db = await createTestDatabase();
    const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: TEST_AUTH_SECRET, uploadOrigin: 'https://files.example.com' });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/courses`);
      const csp = new Map(
        (response.headers.get('content-security-policy') ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://files.example.com']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    } finally {
      server.close();
      await db.destroy();
    }
  });
});
