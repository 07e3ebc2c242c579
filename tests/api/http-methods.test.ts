/**
 * Methods a path does not serve (issue 27, point 9): 405 Method Not Allowed with `Allow` listing
 * what the path does serve — the router's methods on an API route, GET and HEAD on the PWA's
 * files and pages — for unknown methods (TRACE, PROPFIND, …) as for known ones. They were 501 on
 * every path. A path with no route at all stays 404.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let apiOnly: TestServer;
let root: string;

beforeAll(async () => {
  db = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'training-methods-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  api = await startTestServer(db.knex, { staticRoot: root });
  apiOnly = await startTestServer(db.knex);
});

afterAll(async () => {
  await api?.close();
  await apiOnly?.close();
  await db?.destroy();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Any method, TRACE included (fetch refuses to send it). */
function send(server: TestServer, method: string, target: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}${target}`, { method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, allow: response.headers.allow, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

const methodsOf = (allow: string | undefined) =>
  (allow ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();

describe('a method the path does not serve', () => {
  it('is 405 with the route’s methods in Allow on API paths', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['TRACE', '/api/courses', ['GET', 'HEAD', 'POST']],
      ['PROPFIND', '/api/courses', ['GET', 'HEAD', 'POST']],
      ['TRACE', '/api/push/subscriptions', ['DELETE', 'GET', 'HEAD', 'POST']],
      ['MKCOL', '/api/push/subscriptions/renew', ['POST']],
      ['PATCH', '/api/push/public-key', ['GET', 'HEAD']],
      ['PUT', '/api/contact', ['POST']],
      ['SEARCH', '/api/courses/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc', ['DELETE', 'GET', 'HEAD', 'PUT']],
      ['LOCK', '/api/admin/orders.csv', ['GET', 'HEAD']],
    ];
    for (const server of [api, apiOnly]) {
      for (const [method, target, allowed] of cases) {
        const response = await send(server, method, target);
        expect(response.status, `${method} ${target}`).toBe(405);
        expect(methodsOf(response.allow), `${method} ${target}`).toEqual(allowed);
        expect(JSON.parse(response.body), `${method} ${target}`).toEqual({ message: `${method} is not allowed on ${target}` });
      }
    }
  });

  it('is 405 with GET, HEAD on the PWA’s pages and files', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const target of ['/', '/courses', '/no/such/page', '/assets/app-abc123.js', '/index.html']) {
        const response = await send(api, method, target);
        expect(response.status, `${method} ${target}`).toBe(405);
        expect(methodsOf(response.allow), `${method} ${target}`).toEqual(['GET', 'HEAD']);
        expect(response.body, `${method} ${target}`).not.toContain('shell');
      }
    }
    const options = await send(api, 'OPTIONS', '/courses');
    expect(options.status).toBe(204);
    expect(methodsOf(options.allow)).toEqual(['GET', 'HEAD']);
    // The methods it serves are unchanged.
    expect((await send(api, 'GET', '/assets/app-abc123.js')).status).toBe(200);
    expect((await send(api, 'GET', '/')).status).toBe(200);
    expect((await send(api, 'HEAD', '/assets/app-abc123.js')).status).not.toBe(405);
  });

  it('keeps 404 for a path nothing serves, and OPTIONS on an API route lists its methods', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'GET', 'POST']) {
      const missing = await send(api, method, '/api/no-such-route');
      expect(missing.status, method).toBe(404);
      expect(JSON.parse(missing.body)).toEqual({ message: `No API route for ${method} /api/no-such-route` });
      // Without the PWA nothing is served outside /api.
      expect((await send(apiOnly, method, '/courses')).status, method).toBe(404);
    }
    const options = await send(api, 'OPTIONS', '/api/courses');
    expect(options.status).toBe(200);
    expect(methodsOf(options.allow)).toEqual(['GET', 'HEAD', 'POST']);
  });
});
