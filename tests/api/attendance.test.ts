/**
 * Issue 30, point 3: attendance from an uploaded report. The outcome's buyers X (85 minutes over a
 * leave and a rejoin, 5 of 6 polls → 1.5 CPE at 0.5 increments) and Y (20 minutes → 0, "20 min <
 * 50 min; polls 17 % < 75 %") through Zoom's CSVs and the read APIs; a Teams report; re-importing
 * changes nothing; unmatched people are kept and matched by staff; adjustments are audited; who
 * may read what. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { SESSION_START, outcomeVisits, teamsReport, zoomCsv, zoomPollCsv } from './support/attendance-reports';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const RULES = { types: [{ kind: 'CPE' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 };

let db: TestDatabase;
let api: TestServer;
const now = new Date('2026-11-26T18:00:00.000Z');
let admin: Record<string, string>;
let keys = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function upload(courseId: string, body: string | Buffer, query = '', headers = admin, contentType = 'text/csv') {
  const response = await fetch(`${api.baseUrl}/api/admin/courses/${courseId}/attendance/import${query}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

async function entitle(courseId: string, name: string) {
  const user = await createUser(db.knex, { role: 'customer', name });
  await grantEntitlement(db.knex, { userId: user.id, courseId });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function liveCourse() {
  const course = await createCourse(db.knex, { type: 'live_webinar', startDate: SESSION_START, duration: 120, timezone: 'America/New_York' });
  await db
    .knex('courses')
    .where({ id: course.id })
    .update({ credit_rules: JSON.stringify(RULES) });
  const x = await entitle(course.id, 'Buyer X');
  const y = await entitle(course.id, 'Buyer Y');
  return { course, x, y };
}

const table = async (courseId: string) => (await db.knex('attendance').where({ course_id: courseId }).orderBy('email')) as Array<Record<string, unknown>>;

describe('the outcome: X and Y from Zoom’s participant and poll reports', () => {
  it('merges rejoins, clips to the session, counts polls and computes credits; both see it; re-import changes nothing', async () => {
    const { course, x, y } = await liveCourse();
    const first = await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ report: 'attendance', format: 'zoom', rows: 5, people: 3, matched: 2, unmatched: 1 });
    const polls = await upload(course.id, zoomPollCsv(x.user.email, y.user.email), '?report=polls');
    expect(polls.status, polls.text).toBe(200);
    expect(polls.body).toMatchObject({ report: 'polls', format: 'zoom_polls', pollsAsked: 6 });

    const list = await api.get(`/api/admin/courses/${course.id}/attendance`, admin);
    expect(list.status).toBe(200);
    const rows = list.body as Array<Record<string, unknown>>;
    const rowX = rows.find((r) => r.email === x.user.email.toLowerCase());
    const rowY = rows.find((r) => r.email === y.user.email.toLowerCase());
    expect(rowX).toMatchObject({
      name: 'Buyer X',
      joinedAt: '2026-11-26T15:00:00.000Z',
      leftAt: '2026-11-26T16:25:00.000Z',
      minutes: 85,
      pollsAnswered: 5,
      pollsAsked: 6,
      credits: [{ kind: 'CPE', amount: 1.5 }],
      status: 'earned',
      reason: null,
    });
    expect(rowY).toMatchObject({ minutes: 20, pollsAnswered: 1, pollsAsked: 6, credits: [{ kind: 'CPE', amount: 0 }], status: 'short' });
    expect(rowY!.reason).toBe('20 min < 50 min; polls 17 % < 75 %');
    expect(rows).toHaveLength(2);

    const mineX = await api.get(`/api/me/courses/${course.id}/attendance`, x.headers);
    expect(mineX.status).toBe(200);
    expect(mineX.body).toMatchObject({ email: x.user.email.toLowerCase(), minutes: 85, credits: [{ kind: 'CPE', amount: 1.5 }] });
    const mineY = await api.get(`/api/me/courses/${course.id}/attendance`, y.headers);
    expect(mineY.body).toMatchObject({ minutes: 20, reason: '20 min < 50 min; polls 17 % < 75 %' });

    const before = await table(course.id);
    const audits = (await db.knex('audit_entries').where({ entity: 'attendance', entity_id: course.id })).length;
    const again = await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    const pollsAgain = await upload(course.id, zoomPollCsv(x.user.email, y.user.email), '?report=polls');
    expect([again.body.changed, pollsAgain.body.changed]).toEqual([0, 0]);
    expect(await table(course.id)).toEqual(before);
    expect((await db.knex('audit_entries').where({ entity: 'attendance', entity_id: course.id })).length).toBe(audits);

    const csv = await fetch(`${api.baseUrl}/api/admin/courses/${course.id}/attendance?format=csv`, { headers: admin });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('email,name,joinedAt,leftAt,minutes,pollsAnswered,pollsAsked,credits,status,reason');
    expect(lines).toContain(`${x.user.email.toLowerCase()},Buyer X,2026-11-26T15:00:00.000Z,2026-11-26T16:25:00.000Z,85,5,6,1.5 CPE,earned,`);
    expect(lines).toContain(
      `${y.user.email.toLowerCase()},Buyer Y,2026-11-26T15:10:00.000Z,2026-11-26T15:30:00.000Z,20,1,6,0 CPE,short,20 min < 50 min; polls 17 % < 75 %`,
    );
  });

  it('a changed report replaces the source’s rows: a person no longer in it is removed, another updated', async () => {
    const { course, x, y } = await liveCourse();
    expect((await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)))).status).toBe(200);
    const onlyY = outcomeVisits(x.user.email, y.user.email).filter((v) => v.name === 'Buyer Y');
    onlyY[0]!.leave = '11/26/2026 11:10:00 AM';
    const second = await upload(course.id, zoomCsv(onlyY));
    expect(second.status).toBe(200);
    const rows = (await api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.name, r.minutes])).toEqual([['Buyer Y', 60]]);
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, x.headers)).status).toBe(404);
  });
});

describe('Microsoft Teams', () => {
  it('reads the In-Meeting Activities of a UTF-16 tab-separated report in the course’s time zone', async () => {
    const { course, x, y } = await liveCourse();
    const report = teamsReport([
      { name: 'Buyer X', email: x.user.email, join: '11/26/26, 9:58:12 AM', leave: '11/26/26, 10:40:00 AM' },
      { name: 'Buyer X', email: x.user.email, join: '11/26/26, 10:35:00 AM', leave: '11/26/26, 11:25:00 AM' },
      { name: 'Buyer Y', email: y.user.email, join: '11/26/26, 10:10:00 AM', leave: '11/26/26, 10:30:00 AM' },
    ]);
    const result = await upload(course.id, report);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ format: 'teams', rows: 3, matched: 2, unmatched: 0 });
    const rows = (await api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.name, r.minutes, r.pollsAsked]).sort()).toEqual([
      ['Buyer X', 85, 0],
      ['Buyer Y', 20, 0],
    ]);
  });

  it('a timeZone reads the same local times as another zone', async () => {
    const { course, x } = await liveCourse();
    // 16:00–17:00 in London is 11:00–12:00 in New York: inside the session.
    const csv = zoomCsv([{ name: 'Buyer X', email: x.user.email, join: '11/26/2026 04:00:00 PM', leave: '11/26/2026 05:00:00 PM' }]);
    expect((await upload(course.id, csv, '?timeZone=Europe/London')).status).toBe(200);
    const rows = (await api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({ joinedAt: '2026-11-26T16:00:00.000Z', minutes: 60 });
    expect((await upload(course.id, csv, '?timeZone=Mars/Olympus')).status).toBe(400);
  });
});

describe('unmatched rows and adjustments', () => {
  it('keeps a stranger for staff, who match them to an attendee; the match holds on re-import', async () => {
    const { course, x, y } = await liveCourse();
    await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    const unmatched = await api.get(`/api/admin/courses/${course.id}/attendance/unmatched`, admin);
    expect(unmatched.body).toEqual([expect.objectContaining({ email: 'stranger@elsewhere.test', name: 'Walk In', minutes: 60, resolvedUserId: null })]);
    const { user: colleague } = await entitle(course.id, 'Colleague');
    const url = `/api/admin/courses/${course.id}/attendance/unmatched/${unmatched.body[0].id}/match`;
    const matched = await api.request('POST', url, { email: colleague.email }, { ...admin, 'Idempotency-Key': `match-${++keys}` });
    expect(matched.status, matched.text).toBe(200);
    expect(matched.body).toMatchObject({ resolvedUserId: colleague.id });
    expect((await api.request('POST', url, { userId: colleague.id }, admin)).status).toBe(409);
    const before = await table(course.id);
    expect(before.map((r) => r.email)).toContain('stranger@elsewhere.test');
    const again = await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    expect(again.body).toMatchObject({ matched: 3, unmatched: 0, changed: 0 });
    expect(await table(course.id)).toEqual(before);
    expect((await db.knex('audit_entries').where({ entity: 'attendance', entity_id: unmatched.body[0].id })).length).toBe(1);
  });

  it('an adjustment wins over the computed credits, is audited, and survives a re-import', async () => {
    const { course, x, y } = await liveCourse();
    await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    const rowY = ((await api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body as Array<Record<string, unknown>>).find(
      (r) => r.name === 'Buyer Y',
    )!;
    const url = `/api/admin/courses/${course.id}/attendance/${rowY.id}/adjust`;
    expect((await api.request('POST', url, { credits: [{ kind: 'CPE', amount: 1 }], reason: '' }, admin)).status).toBe(400);
    const adjusted = await api.request(
      'POST',
      url,
      { credits: [{ kind: 'CPE', amount: 1 }], reason: 'Attended by phone' },
      { ...admin, 'Idempotency-Key': `adj-${++keys}` },
    );
    expect(adjusted.status, adjusted.text).toBe(200);
    expect(adjusted.body).toMatchObject({ credits: [{ kind: 'CPE', amount: 1 }], status: 'adjusted', reason: 'Attended by phone' });
    const audit = await db.knex('audit_entries').where({ entity: 'attendance', entity_id: rowY.id }).first();
    expect(audit.summary).toContain('Attended by phone');
    await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, y.headers)).body).toMatchObject({
      credits: [{ kind: 'CPE', amount: 1 }],
      status: 'adjusted',
    });
    expect(
      (await api.request('POST', `/api/admin/courses/${course.id}/attendance/${crypto.randomUUID()}/adjust`, { credits: [], reason: 'none' }, admin)).status,
    ).toBe(404);
    // A reason that reads like a formula is neutralised in the CSV download.
    await api.request('POST', url, { credits: [], reason: '=HYPERLINK("http://x")' }, { ...admin, 'Idempotency-Key': `adj-${++keys}` });
    const csv = await (await fetch(`${api.baseUrl}/api/admin/courses/${course.id}/attendance?format=csv`, { headers: admin })).text();
    expect(csv).toContain(`,adjusted,"'=HYPERLINK(""http://x"")"`);
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, y.headers)).body).toMatchObject({ credits: [], reason: '=HYPERLINK("http://x")' });
  });
});

describe('who may read and write attendance', () => {
  it('customers are refused staff routes (403), anonymous callers 401; an attendee reads only their own row', async () => {
    const { course, x, y } = await liveCourse();
    await upload(course.id, zoomCsv(outcomeVisits(x.user.email, y.user.email)));
    const outsider = await createUser(db.knex, { role: 'customer' });
    const outsiderHeaders = auth(await createSession(db.knex, outsider.id));
    const staffRoutes: Array<[string, string]> = [
      ['GET', `/api/admin/courses/${course.id}/attendance`],
      ['GET', `/api/admin/courses/${course.id}/attendance?format=csv`],
      ['GET', `/api/admin/courses/${course.id}/attendance/unmatched`],
      ['POST', `/api/admin/courses/${course.id}/attendance/${crypto.randomUUID()}/adjust`],
      ['POST', `/api/admin/courses/${course.id}/attendance/unmatched/${crypto.randomUUID()}/match`],
    ];
    for (const [method, path] of staffRoutes) {
      expect((await api.request(method, path, method === 'POST' ? {} : undefined, x.headers)).status, path).toBe(403);
      expect((await api.request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(401);
    }
    expect((await upload(course.id, zoomCsv([]), '', x.headers)).status).toBe(403);
    expect((await upload(course.id, zoomCsv([]), '', {})).status).toBe(401);
    expect((await api.get(`/api/me/courses/${course.id}/attendance`)).status).toBe(401);
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, outsiderHeaders)).status).toBe(403);
    const mine = await api.get(`/api/me/courses/${course.id}/attendance`, y.headers);
    expect(mine.body.email).toBe(y.user.email.toLowerCase());
    const silent = await entitle(course.id, 'Absent Buyer');
    expect((await api.get(`/api/me/courses/${course.id}/attendance`, silent.headers)).status).toBe(404);
  });
});
