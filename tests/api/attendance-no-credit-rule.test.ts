/**
 * Issue 30, point 4: a course with no credit rule awards no credit — a CPE sponsor must accredit a
 * session, so no default rule is assumed. Its attendance is still recorded (minutes, polls) and
 * reads "This session awards no credits" with no credits, for staff (the table and its CSV) and for
 * the attendee; a rule switched off through `PUT /api/courses/:id { creditRules: null }` takes the
 * credits away the same way. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CREDIT_RULE_REASON } from '@contracts/credits';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { SESSION_START, outcomeVisits, zoomCsv, zoomPollCsv } from './support/attendance-reports';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const RULES = { types: [{ kind: 'CPE' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 };

let db: TestDatabase;
let api: TestServer;
const now = new Date('2026-11-26T18:00:00.000Z');
let admin: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function upload(courseId: string, body: string, query = '') {
  const response = await fetch(`${api.baseUrl}/api/admin/courses/${courseId}/attendance/import${query}`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'text/csv' },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function entitle(courseId: string, name: string) {
  const user = await createUser(db.knex, { role: 'customer', name });
  await grantEntitlement(db.knex, { userId: user.id, courseId });
  return { user, email: user.email.toLowerCase(), headers: auth(await createSession(db.knex, user.id)) };
}

/** A live webinar without a credit rule, X and Y entitled, and the outcome's Zoom reports imported (X: 85 min, 5 of 6 polls; Y: 20 min). */
async function heldWebinar(rules?: typeof RULES) {
  const course = await createCourse(db.knex, {
    type: 'live_webinar',
    startDate: SESSION_START,
    duration: 120,
    timezone: 'America/New_York',
    instructorName: 'Dr. Ada Lane',
  });
  if (rules) {
    const set = await api.request('PUT', `/api/courses/${course.id}`, { creditRules: rules }, admin);
    expect(set.status, set.text).toBe(200);
  }
  const x = await entitle(course.id, 'Buyer X');
  const y = await entitle(course.id, 'Buyer Y');
  await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
  await upload(course.id, zoomPollCsv(x.user.email, y.user.email), '?report=polls');
  return { course, x, y };
}

async function staffRows(courseId: string) {
  const list = await api.get(`/api/admin/courses/${courseId}/attendance`, admin);
  expect(list.status, list.text).toBe(200);
  return Object.fromEntries((list.body as Array<Record<string, unknown>>).map((row) => [row.email, row]));
}

const uncredited = (minutes: number, pollsAnswered: number) => ({
  minutes,
  pollsAnswered,
  pollsAsked: 6,
  credits: [],
  status: 'no_credit_rule',
  reason: NO_CREDIT_RULE_REASON,
});

describe(`a course without a credit rule awards no credit (${testEngine()})`, () => {
  it('records minutes and polls but no credits, and says why, in the staff table, its CSV and the attendee’s own row', async () => {
    const { course, x, y } = await heldWebinar();
    const rows = await staffRows(course.id);
    expect(rows[x.email]).toMatchObject(uncredited(85, 5));
    expect(rows[y.email]).toMatchObject(uncredited(20, 1));

    const csv = await fetch(`${api.baseUrl}/api/admin/courses/${course.id}/attendance?format=csv`, { headers: admin });
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toContain(`${x.email},Buyer X,2026-11-26T15:00:00.000Z,2026-11-26T16:25:00.000Z,85,5,6,,no_credit_rule,${NO_CREDIT_RULE_REASON}`);
    expect(lines).toContain(`${y.email},Buyer Y,2026-11-26T15:10:00.000Z,2026-11-26T15:30:00.000Z,20,1,6,,no_credit_rule,${NO_CREDIT_RULE_REASON}`);

    const mine = await api.get(`/api/me/courses/${course.id}/attendance`, x.headers);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toMatchObject(uncredited(85, 5));
  });

  it('a rule switched off with PUT { creditRules: null } takes the credits away; switched on again, they come back', async () => {
    const { course, x } = await heldWebinar(RULES);
    expect((await staffRows(course.id))[x.email]).toMatchObject({ credits: [{ kind: 'CPE', amount: 1.5 }], status: 'earned', reason: null });

    const off = await api.request('PUT', `/api/courses/${course.id}`, { creditRules: null }, admin);
    expect(off.status, off.text).toBe(200);
    expect(off.body.creditRules).toBeNull();
    expect((await staffRows(course.id))[x.email]).toMatchObject(uncredited(85, 5));
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, x.headers)).body).toMatchObject(uncredited(85, 5));

    expect((await api.request('PUT', `/api/courses/${course.id}`, { creditRules: RULES }, admin)).status).toBe(200);
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, x.headers)).body).toMatchObject({
      credits: [{ kind: 'CPE', amount: 1.5 }],
      status: 'earned',
    });
  });
});
