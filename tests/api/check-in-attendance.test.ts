/**
 * Issue 30, point 5: check-in and check-out times at the venue become the seminar's attendance,
 * and its credits by the course's rule. X is checked in, out for a break and in again (85 minutes
 * present), Y leaves after 20 minutes, Z is checked in and never out (nothing counted yet); a scan
 * replayed queues nothing new. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInAttendanceJob } from '@api/jobs/check-in-attendance';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
/** The seminar started three hours ago; `minutes` after its start, as ISO. */
const start = now.getTime() - 3 * 60 * 60_000;
const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
let admin: Record<string, string>;
let seminar: { id: string };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
  seminar = await createCourse(db.knex, {
    title: 'GMP Auditing in Person',
    type: 'live_seminar',
    priceCents: 50_000,
    startDate: at(0),
    duration: 480,
    location: 'Hotel Adlon',
  });
  await db
    .knex('courses')
    .where({ id: seminar.id })
    .update({ credit_rules: JSON.stringify({ types: [{ kind: 'CPE', fieldOfStudy: 'Auditing' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 }) });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

/** A seat holder and their ticket's code (as their My Training shows it). */
async function holder(name: string) {
  const user = await createUser(db.knex, { name });
  await grantEntitlement(db.knex, { userId: user.id, courseId: seminar.id, startsAt: at(-30 * 24 * 60) });
  const ticket = await api.request('GET', `/api/me/courses/${seminar.id}/ticket`, undefined, auth(await createSession(db.knex, user.id)));
  expect(ticket.status, ticket.text).toBe(200);
  return { email: user.email as string, code: ticket.body.code as string };
}

let keys = 0;
async function scan(ticket: string, kind: 'in' | 'out', minutes: number) {
  const answer = await api.request(
    'POST',
    `/api/admin/courses/${seminar.id}/check-ins`,
    { ticket, kind, at: at(minutes) },
    { ...admin, 'Idempotency-Key': `scan-${++keys}` },
  );
  expect([200, 201], answer.text).toContain(answer.status);
}

const jobs = () => db.knex('queued_jobs').where({ name: 'check-in-attendance' });
const runner = () =>
  new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => now, queued: [checkInAttendanceJob(db.knex, api.app.services.attendance)] });
/** Runs the queued check-in jobs until none is left (a tick takes what its concurrency allows). */
async function runJobs() {
  const jobsRunner = runner();
  for (let round = 0; round < 20 && (await jobs().whereIn('status', ['queued', 'running'])).length > 0; round += 1) await jobsRunner.tick();
  expect(await jobs().whereNot('status', 'done')).toEqual([]);
}

describe('check-ins become attendance', () => {
  it('pairs each seat’s ins and outs into minutes present and credits by the course’s rule', async () => {
    const x = await holder('Xena Present');
    const y = await holder('Yuri Early');
    const z = await holder('Zoe Forgot');
    await scan(x.code, 'in', 0);
    await scan(x.code, 'out', 40);
    await scan(x.code, 'in', 50);
    await scan(x.code, 'out', 95);
    await scan(y.code, 'in', 0);
    await scan(y.code, 'out', 20);
    await scan(z.code, 'in', 5);
    // The door's phone sends a scan again: the same check-in, nothing new queued.
    const queued = (await jobs()).length;
    await scan(x.code, 'in', 0);
    expect(await jobs()).toHaveLength(queued);
    expect(queued).toBe(7);

    await runJobs();
    const table = await api.request('GET', `/api/admin/courses/${seminar.id}/attendance`, undefined, admin);
    expect(table.status, table.text).toBe(200);
    const row = (email: string) => (table.body as Array<Record<string, unknown>>).find((r) => r.email === email);
    expect(row(x.email)).toMatchObject({ minutes: 85, credits: [{ kind: 'CPE', amount: 1.5 }], status: 'earned', reason: null });
    expect(row(y.email)).toMatchObject({ minutes: 20, credits: [{ kind: 'CPE', amount: 0 }], status: 'short', reason: '20 min < 50 min' });
    expect(row(z.email)).toBeUndefined();

    // Z is checked out at last: the next run counts them.
    await scan(z.code, 'out', 65);
    await runJobs();
    const again = await api.request('GET', `/api/admin/courses/${seminar.id}/attendance`, undefined, admin);
    expect((again.body as Array<Record<string, unknown>>).find((r) => r.email === z.email)).toMatchObject({
      minutes: 60,
      credits: [{ kind: 'CPE', amount: 1 }],
    });
    expect((again.body as Array<Record<string, unknown>>).find((r) => r.email === x.email)).toMatchObject({ minutes: 85 });
  });
});
