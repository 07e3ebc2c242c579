/**
 * Issue 31, point 4, live side: an imported attendance report completes a live webinar for whom the
 * rule holds (attended ≥ 30 minutes), at the import's moment; a rule of credits (by the course's
 * credit rule) leaves someone short until staff adjust their credits, which completes them, and a
 * row staff match to an entitled person completes them. An
 * in-person seminar (the default rule: checked in) is complete once the holder's ticket is scanned
 * in and the check-in job has run, even before they are scanned out.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCompletionRuleJob } from '@api/jobs/apply-completion-rule';
import { checkInAttendanceJob } from '@api/jobs/check-in-attendance';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { SESSION_START, outcomeVisits, zoomCsv } from './support/attendance-reports';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let now = new Date('2026-11-26T18:00:00.000Z');
let courseId: string;
let keys = 0;
const people: Record<'x' | 'y', { id: string; email: string; headers: Record<string, string> }> = {} as never;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
  courseId = (await createCourse(db.knex, { title: 'GMP Live', type: 'live_webinar', startDate: SESSION_START, duration: 120, timezone: 'America/New_York' }))
    .id;
  await db
    .knex('courses')
    .where({ id: courseId })
    .update({ credit_rules: JSON.stringify({ types: [{ kind: 'CPE', fieldOfStudy: 'Auditing' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 }) });
  for (const key of ['x', 'y'] as const) {
    const user = await createUser(db.knex, { name: `Buyer ${key.toUpperCase()}` });
    await grantEntitlement(db.knex, { userId: user.id, courseId });
    people[key] = { id: user.id, email: user.email, headers: auth(await createSession(db.knex, user.id)) };
  }
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const write = (method: string, url: string, body?: unknown) => api.request(method, url, body, { ...admin, 'Idempotency-Key': `live-completion-${++keys}` });

async function entry(who: 'x' | 'y') {
  const library = await api.get('/api/me/library', people[who].headers);
  return library.body.find((item: { courseId: string }) => item.courseId === courseId);
}

async function runRuleJobs() {
  const jobs = () => db.knex('queued_jobs').where({ name: 'apply-completion-rule' }).whereIn('status', ['queued', 'running']);
  const runner = new JobRunner({
    knex: db.knex,
    logger: createLogger('silent'),
    clock: () => now,
    queued: [applyCompletionRuleJob(api.app.services.completions)],
  });
  for (let round = 0; round < 10 && (await jobs()).length > 0; round += 1) await runner.tick();
  expect(await jobs()).toEqual([]);
}

describe('attendance completes a live course', () => {
  it('an imported report completes those who attended long enough, at the import', async () => {
    expect((await write('PUT', `/api/courses/${courseId}/completion-rule`, { minAttendanceMinutes: 30 })).status).toBe(200);
    await runRuleJobs();
    expect(await entry('x')).toMatchObject({ completedAt: null, leftText: '30 min of attendance to go' });
    now = new Date('2026-11-26T18:05:00.000Z');
    const response = await fetch(`${api.baseUrl}/api/admin/courses/${courseId}/attendance/import`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'text/csv' },
      body: zoomCsv(outcomeVisits(people.x.email, people.y.email)),
    });
    expect(response.status, await response.text()).toBe(200);
    expect(await entry('x')).toMatchObject({ completedAt: '2026-11-26T18:05:00.000Z', left: [], leftText: '' });
    expect(await entry('y')).toMatchObject({ completedAt: null, left: [{ kind: 'attendance', minutesLeft: 10 }], leftText: '10 min of attendance to go' });
  });

  it('credits by the course’s rule: short until staff adjust them', async () => {
    now = new Date('2026-11-26T18:10:00.000Z');
    expect((await write('PUT', `/api/courses/${courseId}/completion-rule`, { minCredits: 1 })).status).toBe(200);
    await runRuleJobs();
    expect(await entry('y')).toMatchObject({ completedAt: null, leftText: '1 credit to earn' });
    expect((await entry('x')).completedAt).toBe('2026-11-26T18:05:00.000Z');
    const rows = (await api.get(`/api/admin/courses/${courseId}/attendance`, admin)).body;
    const y = (rows.rows ?? rows).find((row: { email: string }) => row.email === people.y.email);
    now = new Date('2026-11-26T18:20:00.000Z');
    const adjusted = await write('POST', `/api/admin/courses/${courseId}/attendance/${y.id}/adjust`, {
      credits: [{ kind: 'CPE', fieldOfStudy: 'Auditing', amount: 1 }],
      reason: 'Stayed on by phone',
    });
    expect(adjusted.status, adjusted.text).toBe(200);
    expect(await entry('y')).toMatchObject({ completedAt: '2026-11-26T18:20:00.000Z', leftText: '' });
  });

  it('a row staff match to an entitled person completes them', async () => {
    const walkIn = await createUser(db.knex, { name: 'Walk In' });
    await grantEntitlement(db.knex, { userId: walkIn.id, courseId });
    const headers = auth(await createSession(db.knex, walkIn.id));
    const mine = async () => (await api.get('/api/me/library', headers)).body.find((item: { courseId: string }) => item.courseId === courseId);
    expect(await mine()).toMatchObject({ completedAt: null, leftText: '1 credit to earn' });
    const unmatched = (await api.get(`/api/admin/courses/${courseId}/attendance/unmatched`, admin)).body as Array<{ id: string; email: string }>;
    const stranger = unmatched.find((row) => row.email === 'stranger@elsewhere.test')!;
    now = new Date('2026-11-26T18:30:00.000Z');
    const matched = await write('POST', `/api/admin/courses/${courseId}/attendance/unmatched/${stranger.id}/match`, { userId: walkIn.id });
    expect(matched.status, matched.text).toBe(200);
    expect(await db.knex('course_completions').where({ course_id: courseId, user_id: walkIn.id }).first()).toMatchObject({
      completed_at: '2026-11-26T18:30:00.000Z',
    });
    expect(await mine()).toMatchObject({ completedAt: '2026-11-26T18:30:00.000Z', leftText: '' });
  });
});

describe('check-in completes an in-person seminar', () => {
  it('by the default rule, once the ticket is scanned in and the check-in job ran', async () => {
    now = new Date('2026-11-26T16:00:00.000Z');
    const seminar = (
      await createCourse(db.knex, { title: 'GMP in Person', type: 'live_seminar', startDate: SESSION_START, duration: 480, location: 'Hotel Adlon' })
    ).id;
    const user = await createUser(db.knex, { name: 'Door Person' });
    await grantEntitlement(db.knex, { userId: user.id, courseId: seminar });
    const headers = auth(await createSession(db.knex, user.id));
    const ticket = await api.request('GET', `/api/me/courses/${seminar}/ticket`, undefined, headers);
    expect(ticket.status, ticket.text).toBe(200);
    const mine = async () => (await api.get('/api/me/library', headers)).body.find((item: { courseId: string }) => item.courseId === seminar);
    expect(await mine()).toMatchObject({ completedAt: null, leftText: 'not checked in' });
    const scan = await write('POST', `/api/admin/courses/${seminar}/check-ins`, { ticket: ticket.body.code, kind: 'in', at: '2026-11-26T15:05:00.000Z' });
    expect(scan.status, scan.text).toBe(201);
    expect(await db.knex('course_completions').where({ course_id: seminar, user_id: user.id }).whereNotNull('completed_at')).toEqual([]);
    const jobs = () => db.knex('queued_jobs').where({ name: 'check-in-attendance' }).whereIn('status', ['queued', 'running']);
    const runner = new JobRunner({
      knex: db.knex,
      logger: createLogger('silent'),
      clock: () => now,
      queued: [checkInAttendanceJob(db.knex, api.app.services.attendance)],
    });
    for (let round = 0; round < 10 && (await jobs()).length > 0; round += 1) await runner.tick();
    expect(await jobs()).toEqual([]);
    // Recorded by the job's recompute (not by reading My Training).
    const stored = await db.knex('course_completions').where({ course_id: seminar, user_id: user.id }).first();
    expect(stored).toMatchObject({ completed_at: '2026-11-26T16:00:00.000Z' });
    expect(await mine()).toMatchObject({ completedAt: '2026-11-26T16:00:00.000Z', left: [], leftText: '' });
  });
});
