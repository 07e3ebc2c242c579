/**
 * Issue 27, point 8: an Idempotency-Key's answer is recorded in the same transaction as the write.
 * A process killed between the write and the key's record used to leave the key open with the
 * write done, so the retry after the claim's 60 s wrote a second time. Now a crash there leaves
 * neither (the retry writes once), and a crash after both leaves the answer for the retry.
 *
 * Crashes are real: a child process (`support/crash-server.ts`) SIGKILLs itself at the chosen
 * moment. Every keyed staff write (catalogue, people, contact messages) is checked too, in process,
 * with a failure injected at the same statement. Retries run in another app on the same database whose clock is 61 s ahead (the claim
 * of a request that died is taken over after 60 s).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createSession, createUser } from './support/factories';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let staff: Record<string, string>;
let skewMs = 0;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => new Date(Date.now() + skewMs) });
  const admin = await createUser(db.knex, { role: 'admin' });
  staff = { Authorization: `Bearer ${await createSession(db.knex, admin.id)}` };
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await api?.close();
  await db?.destroy();
});

const WEBINAR = {
  shortDescription: 'The essentials.',
  instructorName: 'Dr. Ada Lane',
  type: 'live_webinar',
  price: '0',
  startDate: '2027-03-01T15:00:00.000Z',
};
const count = async (table: string, where: Record<string, unknown>) => Number((await db.knex(table).where(where).count({ n: '*' }).first())!.n);
const keyed = (key: string) => ({ ...staff, 'Idempotency-Key': key });

/** Starts `crash-server.ts` crashing at `crashAt`, sends it the write, and waits until the process is gone. */
async function writeIntoCrash(crashAt: 'key-record' | 'answer', method: string, path: string, body: unknown, key: string): Promise<void> {
  const port = await freePort();
  const child = await startServerProcess(port, db.url, { CRASH_AT: crashAt }, children, 'tests/api/support/crash-server.ts');
  const gone = new Promise((resolve) => child.once('exit', resolve));
  const sent = fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { ...keyed(key), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await expect(sent).rejects.toThrow();
  await gone;
}

describe('a process killed during a keyed write', () => {
  it('killed as the key is recorded: the retry after the claim’s 60 s makes exactly one course', async () => {
    const body = { ...WEBINAR, title: 'Killed while recording its key' };
    await writeIntoCrash('key-record', 'POST', '/api/courses', body, 'crash-at-key-record');
    skewMs = 61_000;
    const retry = await api.request('POST', '/api/courses', body, keyed('crash-at-key-record'));
    expect(retry.status).toBe(201);
    expect(await count('courses', { title: body.title })).toBe(1);
    const again = await api.request('POST', '/api/courses', body, keyed('crash-at-key-record'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(retry.body.id);
  }, 120_000);

  it('killed as a new contributor’s key is recorded: the retry makes the account once and answers 201, not “already exists”', async () => {
    const body = { name: 'Kit Killed', email: 'kit-killed@lab.test', role: 'contributor' };
    await writeIntoCrash('key-record', 'POST', '/api/admin/contributors', body, 'crash-contributor');
    skewMs = 61_000;
    const retry = await api.request('POST', '/api/admin/contributors', body, keyed('crash-contributor'));
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ email: body.email, welcomeEmailSent: true });
    expect(await count('users', { email: body.email })).toBe(1);
    const again = await api.request('POST', '/api/admin/contributors', body, keyed('crash-contributor'));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    // The stored answer follows what happened after the transaction: the welcome e-mail left.
    expect(again.body).toEqual(retry.body);
  }, 120_000);

  it('killed after the write, before its answer was sent: the retry gets the original answer and writes nothing', async () => {
    const body = { ...WEBINAR, title: 'Killed before answering' };
    await writeIntoCrash('answer', 'POST', '/api/courses', body, 'crash-before-answer');
    const written = await db.knex('courses').where({ title: body.title }).select('id');
    expect(written).toHaveLength(1);
    skewMs = 61_000;
    const retry = await api.request('POST', '/api/courses', body, keyed('crash-before-answer'));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toMatchObject({ id: written[0].id, title: body.title, version: 1 });
    expect(await count('courses', { title: body.title })).toBe(1);
  }, 120_000);
});

describe('every keyed staff write, failing as its key is recorded', () => {
  interface Case {
    name: string;
    /** Makes what the write needs; returns the request and how many times it was carried out. */
    prepare(): Promise<{ method: string; path: string; body?: unknown; status: number; done(): Promise<number>; between?(): Promise<void> }>;
  }
  const course = async (title: string) => (await api.request('POST', '/api/courses', { ...WEBINAR, title }, staff)).body as { id: string; version: number };
  const tier = async (courseId: string, name: string) =>
    (await api.request('POST', `/api/courses/${courseId}/pricing-tier`, { name, price: '10' }, staff)).body as { id: string };
  const instructor = async (name: string) => (await api.request('POST', '/api/instructors', { name }, staff)).body as { id: string };
  const audited = (entityId: string, action: string) => () => count('audit_entries', { entity_id: entityId, action });
  const person = async (role: string) => (await createUser(db.knex, { role })).id;
  const message = async () => {
    const id = crypto.randomUUID();
    await db
      .knex('contact_messages')
      .insert({ id, name: 'Mo Message', email: 'mo@lab.test', message: 'Is there parking?', created_at: new Date().toISOString() });
    return id;
  };

  const cases: Case[] = [
    {
      name: 'POST /api/courses',
      prepare: async () => ({
        method: 'POST',
        path: '/api/courses',
        body: { ...WEBINAR, title: 'Created once' },
        status: 201,
        done: () => count('courses', { title: 'Created once' }),
      }),
    },
    {
      name: 'PUT /api/courses/:id',
      prepare: async () => {
        const c = await course('To rename');
        return { method: 'PUT', path: `/api/courses/${c.id}`, body: { title: 'Renamed once' }, status: 200, done: audited(c.id, 'update') };
      },
    },
    {
      name: 'DELETE /api/courses/:id',
      prepare: async () => {
        const c = await course('To delete');
        return { method: 'DELETE', path: `/api/courses/${c.id}`, status: 200, done: audited(c.id, 'delete') };
      },
    },
    {
      name: 'POST /api/courses/:id/duplicate',
      prepare: async () => {
        const c = await course('Duplicated once');
        return { method: 'POST', path: `/api/courses/${c.id}/duplicate`, status: 201, done: () => count('courses', { title: 'Duplicated once (Copy)' }) };
      },
    },
    {
      name: 'POST /api/courses/:id/pricing-tier',
      prepare: async () => {
        const c = await course('Gets a tier');
        return {
          method: 'POST',
          path: `/api/courses/${c.id}/pricing-tier`,
          body: { name: 'Added once', price: '10' },
          status: 201,
          done: () => count('pricing_tiers', { course_id: c.id, name: 'Added once' }),
        };
      },
    },
    {
      name: 'PUT /api/pricing-tiers/:id',
      prepare: async () => {
        const t = await tier((await course('Tier to change')).id, 'Single');
        return { method: 'PUT', path: `/api/pricing-tiers/${t.id}`, body: { price: '20' }, status: 200, done: audited(t.id, 'update') };
      },
    },
    {
      name: 'DELETE /api/pricing-tiers/:id',
      prepare: async () => {
        const t = await tier((await course('Tier to remove')).id, 'Single');
        return { method: 'DELETE', path: `/api/pricing-tiers/${t.id}`, status: 200, done: audited(t.id, 'delete') };
      },
    },
    {
      name: 'POST /api/instructors',
      prepare: async () => ({
        method: 'POST',
        path: '/api/instructors',
        body: { name: 'Dr. Added Once' },
        status: 201,
        done: () => count('instructors', { name: 'Dr. Added Once' }),
      }),
    },
    {
      name: 'PUT /api/instructors/:id',
      prepare: async () => {
        const i = await instructor('Dr. To Retitle');
        return { method: 'PUT', path: `/api/instructors/${i.id}`, body: { title: 'Retitled once' }, status: 200, done: audited(i.id, 'update') };
      },
    },
    {
      name: 'DELETE /api/instructors/:id',
      prepare: async () => {
        const i = await instructor('Dr. To Remove');
        return { method: 'DELETE', path: `/api/instructors/${i.id}`, status: 200, done: audited(i.id, 'delete') };
      },
    },
    {
      name: 'POST /api/admin/customers',
      prepare: async () => ({
        method: 'POST',
        path: '/api/admin/customers',
        body: { name: 'Cara Customer', email: 'cara-once@lab.test' },
        status: 201,
        done: () => count('users', { email: 'cara-once@lab.test' }),
      }),
    },
    {
      name: 'PUT /api/admin/customers/:id',
      prepare: async () => {
        const id = await person('customer');
        return {
          method: 'PUT',
          path: `/api/admin/customers/${id}`,
          body: { name: 'Renamed Once', email: 'renamed-once@lab.test', membershipType: 'prime' },
          status: 200,
          done: audited(id, 'update'),
        };
      },
    },
    {
      name: 'POST /api/admin/contributors',
      prepare: async () => ({
        method: 'POST',
        path: '/api/admin/contributors',
        body: { name: 'Cole Contributor', email: 'cole-once@lab.test' },
        status: 201,
        done: () => count('users', { email: 'cole-once@lab.test' }),
      }),
    },
    {
      name: 'PUT /api/admin/contributors/:id',
      prepare: async () => {
        const id = await person('contributor');
        return {
          method: 'PUT',
          path: `/api/admin/contributors/${id}`,
          body: { name: 'Promoted Once', email: 'promoted-once@lab.test', role: 'admin' },
          status: 200,
          done: audited(id, 'update'),
        };
      },
    },
    ...(['customers', 'contributors'] as const).map((screen) => ({
      name: `DELETE /api/admin/${screen}/:id`,
      prepare: async () => {
        const id = await person(screen === 'customers' ? 'customer' : 'contributor');
        return { method: 'DELETE', path: `/api/admin/${screen}/${id}`, status: 204, done: audited(id, 'delete') };
      },
    })),
    {
      // Marks are conditional, so only a colleague's change in between shows a second write: the retry must not undo it.
      name: 'PATCH /api/admin/messages/:id',
      prepare: async () => {
        const id = await message();
        const handled = () => count('audit_entries', { entity_id: id, summary: 'Handled message from Mo Message' });
        const between = async () => void expect((await api.request('PATCH', `/api/admin/messages/${id}`, { handled: false }, staff)).status).toBe(200);
        return { method: 'PATCH', path: `/api/admin/messages/${id}`, body: { handled: true }, status: 200, done: handled, between };
      },
    },
  ];

  it.each(cases)('$name: nothing is left half done, and the retry writes exactly once', async ({ name, prepare }) => {
    skewMs = 0;
    const { method, path, body, status, done, between } = await prepare();
    const key = `fail-at-record:${name.replace(/[^\w/:]+/g, '-')}`;
    let armed = true;
    const failAtRecord = (query: { sql: string }) => {
      if (armed && /^\s*update\b[^;]*\bidempotency_keys\b/i.test(query.sql)) {
        armed = false;
        throw new Error('injected: the process stops here');
      }
    };
    db.knex.on('query', failAtRecord);
    try {
      expect((await api.request(method, path, body, keyed(key))).status).toBe(500);
    } finally {
      db.knex.off('query', failAtRecord);
    }
    expect(armed).toBe(false);
    await between?.();
    skewMs = 61_000;
    const retry = await api.request(method, path, body, keyed(key));
    expect(retry.status, JSON.stringify(retry.body)).toBe(status);
    expect(await done()).toBe(1);
    const again = await api.request(method, path, body, keyed(key));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([status, 'true']);
    expect(again.body).toEqual(retry.body);
    expect(await done()).toBe(1);
  });
});
