/**
 * Issue 30, point 3: a poll report in a format the server does not know is read through a column
 * mapping — the e-mail, (name,) the question and, optionally, the answer column, one row per
 * answer as in Zoom's poll report; with an answer column a row whose answer is empty is not an
 * answer. A mapping must name columns the report has (400 naming the missing ones), a poll report's
 * must name its question column, and an attendance report's cannot name poll columns (nor a poll
 * report's join or leave); each refusal writes nothing. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES } from '@contracts/attendance';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { SESSION_START, zoomCsv } from './support/attendance-reports';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => new Date('2026-11-26T18:00:00.000Z') });
  admin = { Authorization: `Bearer ${await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id)}` };
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function setup() {
  const course = await createCourse(db.knex, { type: 'live_webinar', startDate: SESSION_START, duration: 120, timezone: 'America/New_York' });
  const buyers = [];
  for (const name of ['Buyer X', 'Buyer Y']) {
    const user = await createUser(db.knex, { role: 'customer', name });
    await grantEntitlement(db.knex, { userId: user.id, courseId: course.id });
    buyers.push(user);
  }
  return { courseId: course.id, x: buyers[0]!, y: buyers[1]! };
}

async function upload(courseId: string, body: string, query: { report?: string; mapping?: unknown } = {}) {
  const params = new URLSearchParams({ report: query.report ?? 'polls' });
  if (query.mapping) params.set('mapping', JSON.stringify(query.mapping));
  const response = await fetch(`${api.baseUrl}/api/admin/courses/${courseId}/attendance/import?${params}`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'text/csv' },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

/** Another provider's poll export: X answers polls 1–3 and leaves 4 blank, Y answers poll 4. */
function webexPolls(x: string, y: string): string {
  const rows = [
    ['Buyer X', x, 'Poll 1: Which rule applies?', 'A'],
    ['Buyer X', x, 'Poll 2: Is this a CAPA?', 'Yes'],
    ['Buyer X', x, 'Poll 3: Who signs?', 'QA'],
    ['Buyer X', x, 'Poll 4: When?', ''],
    ['Buyer Y', y, 'Poll 4: When?', 'Now'],
  ];
  return ['Attendee,Attendee Email,Poll Item,Response', ...rows.map((r) => r.join(','))].join('\n');
}

const written = async (courseId: string) => ({
  answers: await db.knex('attendance_poll_answers').where({ course_id: courseId }).orderBy(['email', 'question_hash']),
  attendance: await db.knex('attendance').where({ course_id: courseId }).orderBy('email'),
});

describe('a poll report in another format', () => {
  it('is refused with its columns and a suggested mapping; with the question and answer columns mapped, blank answers do not count', async () => {
    const { courseId, x, y } = await setup();
    const attendance = zoomCsv([
      { name: 'Buyer X', email: x.email, join: '11/26/2026 10:00:00 AM', leave: '11/26/2026 11:00:00 AM' },
      { name: 'Buyer Y', email: y.email, join: '11/26/2026 10:00:00 AM', leave: '11/26/2026 10:30:00 AM' },
    ]);
    expect((await upload(courseId, attendance, { report: 'attendance' })).status).toBe(200);
    const csv = webexPolls(x.email, y.email);
    const refused = await upload(courseId, csv);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: ATTENDANCE_MESSAGES.unknownPollColumns,
      columns: ['Attendee', 'Attendee Email', 'Poll Item', 'Response'],
      mapping: { email: 'Attendee Email', name: 'Attendee', question: 'Poll Item', answer: 'Response' },
    });
    expect((await written(courseId)).answers).toEqual([]);

    const mapping = { email: 'Attendee Email', name: 'Attendee', question: 'Poll Item', answer: 'Response' };
    const imported = await upload(courseId, csv, { mapping });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ report: 'polls', format: 'mapped', rows: 5, people: 2, pollsAsked: 4 });
    const rows = (await api.get(`/api/admin/courses/${courseId}/attendance`, admin)).body as Array<{ name: string; pollsAnswered: number; pollsAsked: number }>;
    expect(rows.map((r) => `${r.name}: ${r.pollsAnswered} / ${r.pollsAsked}`).sort()).toEqual(['Buyer X: 3 / 4', 'Buyer Y: 1 / 4']);

    // Without the answer column every row is an answer: X's blank one counts too.
    const { answer: _answer, ...withoutAnswer } = mapping;
    expect((await upload(courseId, csv, { mapping: withoutAnswer })).status).toBe(200);
    const again = (await api.get(`/api/admin/courses/${courseId}/attendance`, admin)).body as Array<{ name: string; pollsAnswered: number }>;
    expect(again.find((r) => r.name === 'Buyer X')!.pollsAnswered).toBe(4);
  });

  it('a mapping naming a column the report does not have: 400 naming it, with the report’s columns; nothing written', async () => {
    const { courseId, x, y } = await setup();
    const csv = webexPolls(x.email, y.email);
    const refused = await upload(courseId, csv, { mapping: { email: 'Attendee Email', question: 'Poll Item', answer: 'Answer Text' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The report has no column “Answer Text”: choose among its columns');
    expect(refused.body).toMatchObject({ missing: ['Answer Text'], columns: ['Attendee', 'Attendee Email', 'Poll Item', 'Response'] });
    const twoMissing = await upload(courseId, csv, { mapping: { email: 'Mail', question: 'Poll Item', name: 'Who' } });
    expect(twoMissing.body.message).toBe('The report has no column “Mail”, “Who”: choose among its columns');
    const attendance = await upload(courseId, 'Participant,E-mail,Arrived,Departed\nPat,pat@x.test,2026-11-26 10:05:00,2026-11-26 11:00:00', {
      report: 'attendance',
      mapping: { email: 'E-mail', join: 'Arrived', leave: 'Left' },
    });
    expect(attendance.status).toBe(400);
    expect(attendance.body.message).toBe('The report has no column “Left”: choose among its columns');
    expect(await written(courseId)).toEqual({ answers: [], attendance: [] });
  });

  it('a poll mapping needs its question column; join and leave are an attendance report’s, question and answer a poll report’s', async () => {
    const { courseId, x, y } = await setup();
    const csv = webexPolls(x.email, y.email);
    const noQuestion = await upload(courseId, csv, { mapping: { email: 'Attendee Email', answer: 'Response' } });
    expect(noQuestion.status).toBe(400);
    expect(noQuestion.body.message).toContain(ATTENDANCE_MESSAGES.questionColumn);
    const joinInPolls = await upload(courseId, csv, { mapping: { email: 'Attendee Email', question: 'Poll Item', join: 'Response' } });
    expect(joinInPolls.status).toBe(400);
    expect(joinInPolls.body.message).toContain('A poll report’s mapping cannot name join');
    const answerInAttendance = await upload(courseId, csv, {
      report: 'attendance',
      mapping: { email: 'Attendee Email', question: 'Poll Item', answer: 'Response' },
    });
    expect(answerInAttendance.status).toBe(400);
    expect(answerInAttendance.body.message).toContain('An attendance report’s mapping cannot name question, answer');
    expect(await written(courseId)).toEqual({ answers: [], attendance: [] });
  });
});
