/**
 * Issue 30, point 3, bad input: a report that cannot be taken is refused whole with a clear 4xx —
 * unknown columns (with the columns found and a mapping to send back), more than 50,000 rows
 * (reading stops there), formula cells, unreadable times, a leave before its join, a row outside
 * the session — and nothing is written. Duplicate people are merged, not refused.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { SESSION_START, ZOOM_HEADER, zoomCsv, type Visit } from './support/attendance-reports';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let courseId: string;
let buyer: { email: string };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => new Date('2026-11-26T18:00:00.000Z') });
  admin = { Authorization: `Bearer ${await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id)}` };
  courseId = (await createCourse(db.knex, { type: 'live_webinar', startDate: SESSION_START, duration: 120, timezone: 'America/New_York' })).id;
  buyer = await createUser(db.knex, { role: 'customer' });
  await grantEntitlement(db.knex, { userId: (await db.knex('users').where({ email: buyer.email }).first()).id, courseId });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function upload(body: string | Buffer, query = '', contentType = 'text/csv') {
  const response = await fetch(`${api.baseUrl}/api/admin/courses/${courseId}/attendance/import${query}`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

const good = (overrides: Partial<Visit> = {}): Visit => ({
  name: 'Pat Buyer',
  email: buyer.email,
  join: '11/26/2026 10:05:00 AM',
  leave: '11/26/2026 11:00:00 AM',
  ...overrides,
});

async function written() {
  const counts = await Promise.all(['attendance', 'attendance_unmatched', 'attendance_poll_answers'].map((t) => db.knex(t).count({ n: '*' }).first()));
  return counts.map((c) => Number(c!.n));
}

describe('refused reports change nothing', () => {
  it('unknown columns: 400 with the columns found and a mapping to fill in; sent back, the mapping imports it', async () => {
    const csv = ['Participant,E-mail,Arrived,Departed', `Pat Buyer,${buyer.email},2026-11-26 10:05:00,2026-11-26 11:00:00`].join('\n');
    const refused = await upload(csv);
    expect(refused.status).toBe(400);
    expect(refused.body.columns).toEqual(['Participant', 'E-mail', 'Arrived', 'Departed']);
    expect(refused.body.mapping).toEqual({ email: 'E-mail', name: 'Participant', join: 'Arrived', leave: 'Departed' });
    expect(await written()).toEqual([0, 0, 0]);
    expect((await upload(csv, '?mapping=not-json')).status).toBe(400);
    const mapped = await upload(csv, `?mapping=${encodeURIComponent(JSON.stringify(refused.body.mapping))}`);
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.body).toMatchObject({ format: 'mapped', matched: 1 });
    await db.knex('attendance').delete();
  });

  it('more than 50,000 rows: 413, reading stops at the limit', async () => {
    const row = `Someone,someone@x.test,11/26/2026 10:05:00 AM,11/26/2026 11:00:00 AM,55,No,,No\n`;
    const body = `${ZOOM_HEADER}\n${row.repeat(100_000)}`;
    const started = Date.now();
    const refused = await upload(body);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The report has more than 50,000 rows');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await written()).toEqual([0, 0, 0]);
  });

  it('formula cells are refused per row with their line numbers; the rest of the file is not imported', async () => {
    const csv = zoomCsv([good(), good({ name: '=HYPERLINK("http://evil")' }), good({ email: '@SUM(A1)' }), good({ name: '+cmd' }), good({ name: '-2+3' })]);
    const refused = await upload(csv);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6]);
    expect(refused.body.errors[0].message).toMatch(/formula/);
    expect(refused.body.summary).toEqual({ rows: 5, errors: 4 });
    expect(await written()).toEqual([0, 0, 0]);
  });

  it('an unreadable time, a leave before its join, a row outside the session: each named by line', async () => {
    const cases: Array<[Visit, RegExp]> = [
      [good({ join: '26th of November' }), /Unreadable join time "26th of November"/],
      [good({ leave: '13/45/2026 10:00:00 AM' }), /Unreadable leave time/],
      [good({ join: '11/26/2026 11:00:00 AM', leave: '11/26/2026 10:30:00 AM' }), /leave time is before the join time/],
      [good({ join: '11/26/2026 01:00:00 PM', leave: '11/26/2026 02:00:00 PM' }), /Outside the session/],
      [good({ join: '11/25/2026 10:00:00 AM', leave: '11/25/2026 11:00:00 AM' }), /Outside the session/],
    ];
    for (const [visit, message] of cases) {
      const refused = await upload(zoomCsv([good(), visit]));
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors).toEqual([{ line: 3, message: expect.stringMatching(message) }]);
      expect(await written()).toEqual([0, 0, 0]);
    }
  });

  it('lists the first 100 row errors and counts them all', async () => {
    const refused = await upload(zoomCsv(Array.from({ length: 150 }, () => good({ join: 'soon' }))));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveLength(100);
    expect(refused.body.summary).toEqual({ rows: 150, errors: 150 });
  });

  it('something that is not a CSV upload: 415; a course without a live session: 409; an unknown course: 404', async () => {
    expect((await upload(zoomCsv([good()]), '', 'application/json')).status).toBe(415);
    const recorded = await createCourse(db.knex, { type: 'recorded_course' });
    const response = await fetch(`${api.baseUrl}/api/admin/courses/${recorded.id}/attendance/import`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'text/csv' },
      body: zoomCsv([good()]),
    });
    expect(response.status).toBe(409);
    const unknown = await fetch(`${api.baseUrl}/api/admin/courses/${crypto.randomUUID()}/attendance/import`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'text/csv' },
      body: zoomCsv([good()]),
    });
    expect(unknown.status).toBe(404);
    expect(await written()).toEqual([0, 0, 0]);
  });

  it('duplicate people are merged, not refused', async () => {
    const imported = await upload(
      zoomCsv([good(), good(), good({ email: buyer.email.toUpperCase(), join: '11/26/2026 10:50:00 AM', leave: '11/26/2026 11:30:00 AM' })]),
    );
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ rows: 3, people: 1, matched: 1 });
    const [row] = await db.knex('attendance').where({ course_id: courseId });
    expect(row.seconds).toBe(85 * 60);
  });
});
