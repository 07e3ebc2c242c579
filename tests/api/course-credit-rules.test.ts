/**
 * Issue 30, point 4: a course's credit rule is one of its fields — set on create and with
 * `PUT /api/courses/:id { creditRules }` by staff only, read back by staff and on the public course
 * (credit types shown to buyers), refused whole when invalid (400 in the course form's words, the
 * course unchanged), removed with null; attendance reads the same stored rule, and none when there
 * is none (no default). On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditRulesOf } from '@api/services/attendance/credit-rules';
import { CREDIT_RULE_MESSAGES } from '@contracts/credits';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  admin = { Authorization: `Bearer ${await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id)}` };
  customer = { Authorization: `Bearer ${await createSession(db.knex, (await createUser(db.knex, { role: 'customer' })).id)}` };
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const WEBINAR = {
  title: 'Ethics Live',
  shortDescription: 'Regulatory ethics for CPAs.',
  instructorName: 'Dr. Ada Lane',
  type: 'live_webinar',
  price: '0',
  startDate: '2027-03-01T15:00:00.000Z',
};
const RULES = { types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }], increment: 0.5, minPollRatio: 0.75 };
const STORED = { ...RULES, minutesPerCredit: 50 };

describe(`credit rules on the course (${testEngine()})`, () => {
  it('are set on create with their defaults, read by staff and the public, and used by attendance', async () => {
    const created = await api.request('POST', '/api/courses', { ...WEBINAR, creditRules: RULES }, admin);
    expect(created.status, created.text).toBe(201);
    expect(created.body.creditRules).toEqual(STORED);
    const id = created.body.id as string;
    expect((await api.get(`/api/courses/${id}?status=all`, admin)).body.creditRules).toEqual(STORED);
    expect((await api.get(`/api/courses/${id}`)).body.creditRules.types).toEqual([{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }]);
    expect(JSON.parse((await db.knex('courses').where({ id }).first()).credit_rules)).toEqual(STORED);
    expect(await creditRulesOf(db.knex, id)).toEqual(STORED);
  });

  it('a course without a rule reads null; PUT sets it, null removes it; a customer may not', async () => {
    const id = (await api.request('POST', '/api/courses', WEBINAR, admin)).body.id as string;
    expect((await api.get(`/api/courses/${id}?status=all`, admin)).body.creditRules).toBeNull();
    expect(await creditRulesOf(db.knex, id)).toBeNull();
    expect((await api.request('PUT', `/api/courses/${id}`, { creditRules: RULES }, customer)).status).toBe(403);
    const set = await api.request('PUT', `/api/courses/${id}`, { creditRules: { types: [{ kind: 'RAC', max: 2 }], increment: 0.2 } }, admin);
    expect(set.status, set.text).toBe(200);
    expect(set.body.creditRules).toEqual({ types: [{ kind: 'RAC', max: 2 }], minutesPerCredit: 50, increment: 0.2, minPollRatio: 0 });
    // Fields left out keep their value: another edit leaves the rule alone.
    expect((await api.request('PUT', `/api/courses/${id}`, { title: 'Ethics Live II' }, admin)).body.creditRules.types).toEqual([{ kind: 'RAC', max: 2 }]);
    const cleared = await api.request('PUT', `/api/courses/${id}`, { creditRules: null }, admin);
    expect(cleared.body.creditRules).toBeNull();
    expect((await db.knex('courses').where({ id }).first()).credit_rules).toBeNull();
    expect(await creditRulesOf(db.knex, id)).toBeNull();
  });

  it.each([
    ['no types', { types: [] }, CREDIT_RULE_MESSAGES.types],
    ['an unknown kind', { types: [{ kind: 'XYZ' }] }, CREDIT_RULE_MESSAGES.kind],
    ['an increment of 0.3', { types: [{ kind: 'CPE' }], increment: 0.3 }, CREDIT_RULE_MESSAGES.increment],
    ['a poll ratio above 1', { types: [{ kind: 'CPE' }], minPollRatio: 1.5 }, CREDIT_RULE_MESSAGES.minPollPercent],
    ['12.5 minutes per credit', { types: [{ kind: 'CPE' }], minutesPerCredit: 12.5 }, CREDIT_RULE_MESSAGES.minutesPerCredit],
    ['a max of 0', { types: [{ kind: 'CPE', max: 0 }] }, CREDIT_RULE_MESSAGES.max],
    ['an 81-character field of study', { types: [{ kind: 'CPE', fieldOfStudy: 'x'.repeat(81) }] }, CREDIT_RULE_MESSAGES.fieldOfStudy],
    ['a type listed twice', { types: [{ kind: 'CPE' }, { kind: 'CPE' }] }, CREDIT_RULE_MESSAGES.listedTwice],
    ['an unknown field', { types: [{ kind: 'CPE' }], bonus: 1 }, undefined],
    ['a string', 'CPE', undefined],
  ])('refuses %s: 400 (in the form’s words) and the course unchanged', async (_, creditRules, message) => {
    const created = await api.request('POST', '/api/courses', { ...WEBINAR, creditRules: RULES }, admin);
    const id = created.body.id as string;
    const refused = await api.request('PUT', `/api/courses/${id}`, { creditRules, title: 'Changed' }, admin);
    expect(refused.status, refused.text).toBe(400);
    if (message) expect(refused.body.message).toBe(message);
    const after = await api.get(`/api/courses/${id}?status=all`, admin);
    expect(after.body).toMatchObject({ title: WEBINAR.title, version: created.body.version, creditRules: STORED });
    expect((await api.request('POST', '/api/courses', { ...WEBINAR, creditRules }, admin)).status).toBe(400);
  });
});
