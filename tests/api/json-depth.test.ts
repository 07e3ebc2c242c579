/**
 * Issue 27, point 9 (second part): ~40 KB of deeply nested JSON on a staff write with an
 * Idempotency-Key was a 500 (the key's hash ran JSON.stringify into a stack overflow). Every JSON
 * body the API parses is now bounded in depth: a pathological one is a 400 that says why, before
 * any route (or the key's hash) walks it, and nothing is written or claimed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let staff: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  const admin = await createUser(db.knex, { role: 'admin' });
  staff = { Authorization: `Bearer ${await createSession(db.knex, admin.id)}` };
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const MESSAGE = 'The request body is nested too deeply: at most 32 levels of objects and arrays';
const WEBINAR = {
  shortDescription: 'The essentials.',
  instructorName: 'Dr. Ada Lane',
  type: 'live_webinar',
  price: '0',
  startDate: '2027-03-01T15:00:00.000Z',
};
/** `{"title":"…","tags":[[[…]]]}` nested `depth` arrays deep (2 bytes a level: 20,000 levels ≈ 40 KB). */
const nested = (depth: number, title = 'Deep') => `{"title":"${title}","tags":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())!.n);

describe('deeply nested JSON bodies', () => {
  it('a staff write with an Idempotency-Key and 40 KB of nesting is a 400 that says why; nothing is written or claimed', async () => {
    const body = nested(20_000);
    expect(body.length).toBeGreaterThan(40_000);
    const [courses, keys] = [await count('courses'), await count('idempotency_keys')];
    const answer = await api.request('POST', '/api/courses', body, { ...staff, 'Idempotency-Key': 'deep-1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: MESSAGE });
    expect([await count('courses'), await count('idempotency_keys')]).toEqual([courses, keys]);
    // The key is still free for a real request.
    const real = await api.request('POST', '/api/courses', { ...WEBINAR, title: 'After the deep one' }, { ...staff, 'Idempotency-Key': 'deep-1' });
    expect(real.status).toBe(201);
  });

  it.each([
    ['PUT', '/api/courses/00000000-0000-4000-8000-000000000000', true],
    ['POST', '/api/instructors', true],
    ['POST', '/api/contact', false],
    ['POST', '/api/auth/login', false],
  ] as const)('%s %s answers the same 400 to a pathological body, with or without a key', async (method, path, signedIn) => {
    const headers = signedIn ? staff : {};
    for (const extra of [{}, { 'Idempotency-Key': `deep-${method}-${path}` }] as Record<string, string>[]) {
      const answer = await api.request(method, path, nested(20_000), { ...headers, ...extra });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGE);
    }
  });

  it('the bound is 32 levels: 32 are parsed as usual, 33 are refused', async () => {
    // The object and 31 arrays: within the bound, so the contract answers (it refuses the odd tags).
    const within = await api.request('POST', '/api/courses', nested(31, 'Nested but bounded'), staff);
    expect(within.status).toBe(400);
    expect(within.body.message).not.toBe(MESSAGE);
    expect((await api.request('POST', '/api/courses', nested(32, 'One level too deep'), staff)).body.message).toBe(MESSAGE);
  });
});
