/**
 * Issue 27, point 14: versions and caches, with two real API processes on one database.
 * - A staff read of a course sends its version as a strong ETag ("N"); a client that sends back
 *   the ETag it read in `If-Match` succeeds, in any process.
 * - An `If-Match` that does not match is 412 Precondition Failed (RFC 9110) with the current copy;
 *   a stale body `version` stays 409 with `current`.
 * - A staff read (`status=all`) is never older than the last write of any process, even where the
 *   storefront's reads trust a catalogue version for a minute (CATALOGUE_CACHE_WINDOW_MS=60000):
 *   an editor no longer opens a stale copy and meets a false 409.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createUser } from './support/factories';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let db: TestDatabase;
let staff: Record<string, string>;
const children = new Set<ChildProcess>();
const servers: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  db = await createTestDatabase();
  const admin = await createUser(db.knex, { role: 'admin' });
  staff = { Authorization: `Bearer ${await createSession(db.knex, admin.id)}` };
  for (const name of ['a', 'b'] as const) {
    const port = await freePort();
    await startServerProcess(port, db.url, { CATALOGUE_CACHE_WINDOW_MS: '60000' }, children);
    servers[name] = `http://127.0.0.1:${port}`;
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
});

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(base + path, {
    method,
    headers: { ...staff, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const WEBINAR = {
  shortDescription: 'The essentials.',
  instructorName: 'Dr. Ada Lane',
  type: 'live_webinar',
  price: '0',
  startDate: '2027-03-01T15:00:00.000Z',
};
const newCourse = async (title: string) => (await call(servers.a, 'POST', '/api/courses', { ...WEBINAR, title })).body as { id: string; version: number };
const staffRead = (base: string, id: string, headers: Record<string, string> = {}) => call(base, 'GET', `/api/courses/${id}?status=all`, undefined, headers);

describe('course versions across two processes', () => {
  it('a staff read sends the version as a strong ETag, and sending it back in If-Match succeeds in either process', async () => {
    const { id } = await newCourse('Edited in two places');
    const first = await staffRead(servers.a, id);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"1"');
    expect(first.body.version).toBe(1);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    // Another process writes with the ETag process A sent.
    const written = await call(servers.b, 'PUT', `/api/courses/${id}`, { title: 'Saved in B' }, { 'If-Match': first.headers.get('etag')! });
    expect(written.status).toBe(200);
    expect(written.headers.get('etag')).toBe('"2"');

    // Process A read version 1 a moment ago and trusts catalogue versions for a minute: its staff
    // read still shows B's write at once.
    const reopened = await staffRead(servers.a, id);
    expect(reopened.headers.get('etag')).toBe('"2"');
    expect(reopened.body).toMatchObject({ version: 2, title: 'Saved in B' });
    const staffList = await call(servers.a, 'GET', '/api/courses?status=all');
    expect(staffList.body.find((c: { id: string }) => c.id === id)).toMatchObject({ title: 'Saved in B' });

    // The editor saves from what it just opened: no false conflict.
    const saved = await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'Saved in A' }, { 'If-Match': reopened.headers.get('etag')! });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(3);
    const fromBody = await call(servers.b, 'PUT', `/api/courses/${id}`, { title: 'Saved in B again', version: (await staffRead(servers.b, id)).body.version });
    expect(fromBody.status).toBe(200);
    expect(fromBody.body.version).toBe(4);
  });

  it('an If-Match that does not match is 412 with the current copy; a stale body version is 409 with it; nothing is written', async () => {
    const { id } = await newCourse('Guarded');
    const read = await staffRead(servers.a, id);
    await call(servers.b, 'PUT', `/api/courses/${id}`, { title: 'Moved on' }, { 'If-Match': read.headers.get('etag')! });

    const stale = await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'Lost update' }, { 'If-Match': read.headers.get('etag')! });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/If-Match/);
    expect(stale.body.current).toMatchObject({ id, version: 2, title: 'Moved on' });

    // A weak validator never matches (RFC 9110 §13.1.1 compares strongly): the storefront's ETag is one.
    const storefrontEtag = (await call(servers.a, 'GET', `/api/courses/${id}`)).headers.get('etag')!;
    expect(storefrontEtag).toMatch(/^W\//);
    expect((await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'Lost update' }, { 'If-Match': storefrontEtag })).status).toBe(412);

    const staleBody = await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'Lost update', version: 1 });
    expect(staleBody.status).toBe(409);
    expect(staleBody.body.current).toMatchObject({ id, version: 2, title: 'Moved on' });

    expect((await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'x' }, { 'If-Match': 'nonsense' })).status).toBe(400);
    expect((await staffRead(servers.b, id)).body).toMatchObject({ version: 2, title: 'Moved on' });

    // Any current tag in a list matches, and so does *.
    expect((await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'From a list' }, { 'If-Match': '"1", "2"' })).status).toBe(200);
    expect((await call(servers.a, 'PUT', `/api/courses/${id}`, { title: 'Whatever the version' }, { 'If-Match': '*' })).body.version).toBe(4);
  });

  it('DELETE honours If-Match the same way', async () => {
    const { id } = await newCourse('To delete with a version');
    const read = await staffRead(servers.a, id);
    await call(servers.b, 'PUT', `/api/courses/${id}`, { title: 'Changed before the delete' });
    const refused = await call(servers.a, 'DELETE', `/api/courses/${id}`, undefined, { 'If-Match': read.headers.get('etag')! });
    expect(refused.status).toBe(412);
    expect(refused.body.current).toMatchObject({ id, version: 2 });
    const current = await staffRead(servers.a, id);
    expect((await call(servers.a, 'DELETE', `/api/courses/${id}`, undefined, { 'If-Match': current.headers.get('etag')! })).status).toBe(200);
    expect((await staffRead(servers.b, id)).status).toBe(404);
  });

  it('a staff read is always sent in full; the storefront read still answers 304 to its own ETag', async () => {
    const { id } = await newCourse('Revalidated');
    const read = await staffRead(servers.a, id);
    // As a browser revalidates its cached copy (fetch() would add Cache-Control: no-cache, which forbids a 304).
    const again = await rawGet(`${servers.a}/api/courses/${id}?status=all`, { ...staff, 'If-None-Match': read.headers.get('etag')! });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ id, version: 1 });
    const storefront = await call(servers.b, 'GET', `/api/courses/${id}`);
    expect((await rawGet(`${servers.b}/api/courses/${id}`, { 'If-None-Match': storefront.headers.get('etag')! })).status).toBe(304);
  });
});

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}
