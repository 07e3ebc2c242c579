/**
 * Issue 30, point 3: an unmatched report row is matched to one of the course's attendees. Staff
 * read the attendees to pick from (GET …/attendance/attendees: a live entitlement, name and
 * e-mail; customers 403, anonymous 401, an unknown course 404); a match to someone without a live
 * entitlement — no entitlement, a revoked or an ended one, by id or by e-mail — is refused (422)
 * and changes nothing; a pick from the list is taken. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES } from '@contracts/attendance';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { SESSION_START, outcomeVisits, zoomCsv } from './support/attendance-reports';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let keys = 0;
const now = new Date('2026-11-26T18:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function person(courseId: string, name: string, entitlement: { revokedAt?: string; endsAt?: string } | null = {}) {
  const user = await createUser(db.knex, {
    role: 'customer',
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}-${crypto.randomUUID().slice(0, 8)}@buyers.test`,
  });
  if (entitlement) await grantEntitlement(db.knex, { userId: user.id, courseId, revokedAt: entitlement.revokedAt ?? null, endsAt: entitlement.endsAt ?? null });
  return user;
}

/** A live webinar whose Zoom report has X, Y and a walk-in nobody bought with. */
async function courseWithWalkIn() {
  const course = await createCourse(db.knex, { type: 'live_webinar', startDate: SESSION_START, duration: 120, timezone: 'America/New_York' });
  const x = await person(course.id, 'Zed Buyer');
  const y = await person(course.id, 'Amy Buyer');
  const response = await fetch(`${api.baseUrl}/api/admin/courses/${course.id}/attendance/import`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'text/csv' },
    body: zoomCsv(outcomeVisits(x.email, y.email)),
  });
  expect(response.status, await response.text()).toBe(200);
  const unmatched = (await api.get(`/api/admin/courses/${course.id}/attendance/unmatched`, admin)).body as Array<{ id: string; email: string }>;
  expect(unmatched.map((u) => u.email)).toEqual(['stranger@elsewhere.test']);
  return { course, x, y, walkIn: unmatched[0]! };
}

async function state(courseId: string) {
  return {
    attendance: await db.knex('attendance').where({ course_id: courseId }).orderBy('email'),
    unmatched: await db.knex('attendance_unmatched').where({ course_id: courseId }).orderBy('id'),
    audits: (await db.knex('audit_entries').where({ entity: 'attendance' })).length,
  };
}

describe('the attendees to match an unmatched row to', () => {
  it('lists the people with a live entitlement, by name, with their e-mails; not the revoked, ended, future or other courses’', async () => {
    const { course, x, y } = await courseWithWalkIn();
    const colleague = await person(course.id, 'Colleague Late');
    await person(course.id, 'Revoked Buyer', { revokedAt: '2026-11-20T00:00:00.000Z' });
    await person(course.id, 'Ended Buyer', { endsAt: '2026-11-25T00:00:00.000Z' });
    await person(course.id, 'Nobody Buyer', null);
    const future = await person(course.id, 'Future Buyer', null);
    await grantEntitlement(db.knex, { userId: future.id, courseId: course.id, startsAt: '2026-12-01T00:00:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' });
    const other = await createCourse(db.knex, { type: 'live_webinar', startDate: SESSION_START, duration: 120 });
    await person(other.id, 'Other Course Buyer');
    const listed = await api.get(`/api/admin/courses/${course.id}/attendance/attendees`, admin);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([
      { userId: y.id, name: 'Amy Buyer', email: y.email },
      { userId: colleague.id, name: 'Colleague Late', email: colleague.email },
      { userId: x.id, name: 'Zed Buyer', email: x.email },
    ]);
  });

  it('is for staff who manage courses: a customer 403, anonymous 401, an unknown course 404', async () => {
    const { course, x } = await courseWithWalkIn();
    const path = `/api/admin/courses/${course.id}/attendance/attendees`;
    expect((await api.get(path, auth(await createSession(db.knex, x.id)))).status).toBe(403);
    expect((await api.get(path)).status).toBe(401);
    expect((await api.get(`/api/admin/courses/${crypto.randomUUID()}/attendance/attendees`, admin)).status).toBe(404);
  });
});

describe('matching an unmatched row', () => {
  it('refuses anyone without a live entitlement (422) and changes nothing; a pick from the list is taken', async () => {
    const { course, walkIn } = await courseWithWalkIn();
    const url = `/api/admin/courses/${course.id}/attendance/unmatched/${walkIn.id}/match`;
    const outsider = await person(course.id, 'Outsider', null);
    const revoked = await person(course.id, 'Revoked Later', { revokedAt: '2026-11-26T16:00:00.000Z' });
    const ended = await person(course.id, 'Ended Before', { endsAt: '2026-11-26T17:59:59.000Z' });
    const before = await state(course.id);
    for (const body of [{ userId: outsider.id }, { email: outsider.email }, { userId: revoked.id }, { email: ended.email }]) {
      const refused = await api.request('POST', url, body, { ...admin, 'Idempotency-Key': `refused-${++keys}` });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.message).toBe(ATTENDANCE_MESSAGES.notEntitled);
      expect(await state(course.id)).toEqual(before);
    }

    const attendees = (await api.get(`/api/admin/courses/${course.id}/attendance/attendees`, admin)).body as Array<{ userId: string; name: string }>;
    expect(attendees.map((a) => a.name)).not.toContain('Outsider');
    const colleague = await person(course.id, 'Colleague');
    const picked = ((await api.get(`/api/admin/courses/${course.id}/attendance/attendees`, admin)).body as Array<{ userId: string; email: string }>).find(
      (a) => a.email === colleague.email,
    )!;
    const matched = await api.request('POST', url, { userId: picked.userId }, { ...admin, 'Idempotency-Key': `match-${++keys}` });
    expect(matched.status, matched.text).toBe(200);
    expect(matched.body).toMatchObject({ id: walkIn.id, resolvedUserId: colleague.id });
    const rows = (await api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body as Array<{ email: string; userId: string; minutes: number }>;
    expect(rows.find((r) => r.email === 'stranger@elsewhere.test')).toMatchObject({ userId: colleague.id, minutes: 60 });
  });

  it('matches a row to someone whose only row came from the join log (kept once staff adjusted it): the report’s row takes its place', async () => {
    const { course, walkIn } = await courseWithWalkIn();
    const linked = await person(course.id, 'Wes Linkjoin');
    await db.knex('attendance').insert({
      id: crypto.randomUUID(),
      course_id: course.id,
      user_id: linked.id,
      email: linked.email,
      name: linked.name,
      intervals: '[]',
      seconds: 0,
      first_joined_at: SESSION_START,
      last_left_at: null,
      polls_answered: 0,
      polls_asked: 0,
      source: 'join_log',
      imported_at: now.toISOString(),
    });
    const url = `/api/admin/courses/${course.id}/attendance/unmatched/${walkIn.id}/match`;
    const matched = await api.request('POST', url, { userId: linked.id }, { ...admin, 'Idempotency-Key': `match-${++keys}` });
    expect(matched.status, matched.text).toBe(200);
    const rows = (await api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body as Array<{ email: string; userId: string; minutes: number }>;
    expect(rows.filter((r) => r.userId === linked.id)).toEqual([expect.objectContaining({ email: 'stranger@elsewhere.test', minutes: 60 })]);
  });
});
