/**
 * Issue 31, point 1: a course's question bank (staff). Questions are added, replaced and deleted
 * through keyed, audited writes; rich text is sanitised; bad input is a 4xx that changes nothing;
 * the bank's size is bounded. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES } from '@contracts/assessments';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let keys = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const write = (method: string, url: string, body?: unknown, headers = admin, key = `bank-${++keys}`) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': key });

const single = (text = '<p>Which temperature?</p>') => ({
  text,
  kind: 'single',
  options: [
    { text: '2–8 °C', correct: true },
    { text: '25 °C', correct: false },
  ],
  explanation: '<p>Cold chain</p>',
});

async function courseWithAdmin() {
  return createCourse(db.knex, { title: `Bank ${crypto.randomBytes(3).toString('hex')}`, type: 'recorded_course' });
}

const bankOf = async (courseId: string) => (await api.get(`/api/courses/${courseId}/questions`, admin)).body as Array<Record<string, any>>;
const auditOf = async (id: string) =>
  db.knex('audit_entries').where({ entity_id: id }).orderBy('created_at').orderBy('action').select('entity', 'action', 'summary', 'actor_email');

describe('the question bank', () => {
  it('adds, lists in order, replaces and deletes questions, each audited, with the right answers shown to staff', async () => {
    const course = await courseWithAdmin();
    const first = await write('POST', `/api/courses/${course.id}/questions`, single());
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      courseId: course.id,
      assessmentId: null,
      kind: 'single',
      text: '<p>Which temperature?</p>',
      explanation: '<p>Cold chain</p>',
      position: 0,
    });
    expect(first.body.options).toEqual([
      { id: expect.any(String), text: '2–8 °C', correct: true },
      { id: expect.any(String), text: '25 °C', correct: false },
    ]);
    const second = await write('POST', `/api/courses/${course.id}/questions`, {
      text: 'GMP applies to packaging',
      kind: 'true_false',
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    });
    const third = await write('POST', `/api/courses/${course.id}/questions`, {
      text: 'Which are records?',
      kind: 'multiple',
      options: [
        { text: 'Batch record', correct: true },
        { text: 'Logbook', correct: true },
        { text: 'Rumour', correct: false },
      ],
    });
    expect([second.status, third.status]).toEqual([201, 201]);
    expect((await bankOf(course.id)).map((q) => [q.position, q.kind])).toEqual([
      [0, 'single'],
      [1, 'true_false'],
      [2, 'multiple'],
    ]);

    const replaced = await write('PUT', `/api/questions/${first.body.id}`, {
      text: '<p>Store insulin at?</p>',
      kind: 'multiple',
      options: [
        { text: 'Fridge', correct: true },
        { text: 'Cool box', correct: true },
        { text: 'Sunny window', correct: false },
      ],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ id: first.body.id, kind: 'multiple', text: '<p>Store insulin at?</p>', explanation: null, position: 0 });
    // Options are replaced whole: none keeps an old id.
    const oldIds = new Set(first.body.options.map((o: { id: string }) => o.id));
    expect(replaced.body.options.some((o: { id: string }) => oldIds.has(o.id))).toBe(false);
    expect((await bankOf(course.id))[0]).toEqual(replaced.body);

    expect((await write('DELETE', `/api/questions/${second.body.id}`)).status).toBe(204);
    expect((await bankOf(course.id)).map((q) => q.id)).toEqual([first.body.id, third.body.id]);
    expect((await write('DELETE', `/api/questions/${second.body.id}`)).status).toBe(404);

    expect(await auditOf(first.body.id)).toEqual([
      expect.objectContaining({ entity: 'question', action: 'create', summary: 'Added question "Which temperature?"' }),
      expect.objectContaining({ entity: 'question', action: 'update', summary: 'Edited question "Store insulin at?"' }),
    ]);
    expect((await auditOf(second.body.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('sanitises the rich text of a question and its explanation on write', async () => {
    const course = await courseWithAdmin();
    const created = await write('POST', `/api/courses/${course.id}/questions`, {
      ...single('<p>Pick <strong>one</strong></p><script>alert(1)</script><img src=x onerror=alert(2)>'),
      explanation: '<p onclick="steal()">Because</p><iframe src="https://evil.test"></iframe>',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.text).toBe('<p>Pick <strong>one</strong></p>');
    expect(created.body.explanation).toBe('<p>Because</p>');
    const replaced = await write('PUT', `/api/questions/${created.body.id}`, single('<p>Again</p><a href="javascript:alert(1)">x</a>'));
    expect(replaced.body.text).not.toMatch(/javascript|script/);
    // A text that is nothing but unsafe HTML is no text at all.
    const empty = await write('POST', `/api/courses/${course.id}/questions`, single('<script>alert(1)</script>'));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ASSESSMENT_MESSAGES.emptyText);
    // Nor are spaces, even non-breaking ones (the back office's form says so too: contracts/rich-text.ts).
    for (const blank of ['<p>&nbsp;</p>', '<p> </p><p><br></p>']) {
      const refused = await write('POST', `/api/courses/${course.id}/questions`, single(blank));
      expect(refused.status, blank).toBe(400);
      expect(refused.body.message).toBe(ASSESSMENT_MESSAGES.emptyText);
      const unchanged = await write('PUT', `/api/questions/${created.body.id}`, single(blank));
      expect(unchanged.status, blank).toBe(400);
    }
    expect(await bankOf(course.id)).toHaveLength(1);
    expect((await bankOf(course.id))[0]!.text).toBe(replaced.body.text);
  });

  it('refuses bad questions with a 400 and writes nothing', async () => {
    const course = await courseWithAdmin();
    const url = `/api/courses/${course.id}/questions`;
    const refused = async (body: unknown) => {
      const response = await write('POST', url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      return response.body.message as string;
    };
    expect(await refused({ ...single(), extra: true })).toMatch(/extra/);
    expect(
      await refused({
        ...single(),
        options: [
          { text: 'A', correct: true, weight: 2 },
          { text: 'B', correct: false },
        ],
      }),
    ).toMatch(/weight/);
    expect(await refused({ ...single(), kind: 'essay' })).toBeTruthy();
    expect(
      await refused({
        ...single(),
        options: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      }),
    ).toBe(ASSESSMENT_MESSAGES.singleNeedsOne);
    expect(await refused({ ...single(), kind: 'multiple', options: single().options.map((o) => ({ ...o, correct: false })) })).toBe(
      ASSESSMENT_MESSAGES.multipleNeedsOne,
    );
    expect(
      await refused({
        ...single(),
        kind: 'true_false',
        options: [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
          { text: 'Maybe', correct: false },
        ],
      }),
    ).toBe(ASSESSMENT_MESSAGES.trueFalseShape);
    await refused({ ...single(), options: [{ text: 'Only', correct: true }] });
    await refused({ ...single(), options: Array.from({ length: 11 }, (_, i) => ({ text: `O${i}`, correct: i === 0 })) });
    await refused({ ...single(), text: '' });
    await refused({ ...single(), text: 'x'.repeat(ASSESSMENT_LIMITS.questionTextMax + 1) });
    await refused({
      ...single(),
      options: [
        { text: 'A', correct: 'yes' },
        { text: 'B', correct: false },
      ],
    });
    // A tie to an assessment that is not one of this course's.
    expect(await refused({ ...single(), assessmentId: crypto.randomUUID() })).toBe(ASSESSMENT_MESSAGES.notFound);
    const other = await courseWithAdmin();
    const foreign = await write('POST', `/api/courses/${other.id}/assessments`, {
      title: 'Other final',
      kind: 'final',
      passMarkPercent: 70,
      shuffleQuestions: false,
      shuffleOptions: false,
      showAnswers: 'never',
    });
    expect(foreign.status, foreign.text).toBe(201);
    expect(await refused({ ...single(), assessmentId: foreign.body.id })).toBe(ASSESSMENT_MESSAGES.assessmentElsewhere);
    expect(await bankOf(course.id)).toEqual([]);
    expect(
      await db.knex('audit_entries').where({ entity: 'question' }).whereIn('entity_id', db.knex('questions').where('course_id', course.id).select('id')),
    ).toEqual([]);

    // A question or course that does not exist.
    expect((await write('PUT', `/api/questions/${crypto.randomUUID()}`, single())).status).toBe(404);
    expect((await write('POST', `/api/courses/${crypto.randomUUID()}/questions`, single())).status).toBe(404);
    expect((await api.get(`/api/courses/${crypto.randomUUID()}/questions`, admin)).status).toBe(404);
  });

  it('answers a replayed write with its first answer and writes once', async () => {
    const course = await courseWithAdmin();
    const first = await write('POST', `/api/courses/${course.id}/questions`, single(), admin, 'replay-create');
    const again = await write('POST', `/api/courses/${course.id}/questions`, single(), admin, 'replay-create');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await bankOf(course.id)).toHaveLength(1);
    // The same key on another body is refused.
    expect((await write('POST', `/api/courses/${course.id}/questions`, single('<p>Other</p>'), admin, 'replay-create')).status).toBe(422);
    expect((await write('DELETE', `/api/questions/${first.body.id}`, undefined, admin, 'replay-delete')).status).toBe(204);
    expect((await write('DELETE', `/api/questions/${first.body.id}`, undefined, admin, 'replay-delete')).status).toBe(204);
    expect((await auditOf(first.body.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('lets only course managers near the bank: a customer gets 403, a signed-out caller 401', async () => {
    const course = await courseWithAdmin();
    const created = await write('POST', `/api/courses/${course.id}/questions`, single());
    const customer = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    const manager = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'contributor' })).id));
    expect((await api.get(`/api/courses/${course.id}/questions`, customer)).status).toBe(403);
    expect((await api.get(`/api/courses/${course.id}/questions`)).status).toBe(401);
    expect((await write('POST', `/api/courses/${course.id}/questions`, single(), customer)).status).toBe(403);
    expect((await write('PUT', `/api/questions/${created.body.id}`, single('<p>Mine</p>'), customer)).status).toBe(403);
    expect((await write('DELETE', `/api/questions/${created.body.id}`, undefined, customer)).status).toBe(403);
    expect((await api.request('POST', `/api/courses/${course.id}/questions`, single())).status).toBe(401);
    expect((await api.get(`/api/courses/${course.id}/questions.csv`, customer)).status).toBe(403);
    // A contributor with the course permission (the default) manages it.
    expect((await api.get(`/api/courses/${course.id}/questions`, manager)).body).toHaveLength(1);
    expect((await bankOf(course.id))[0]!.text).toBe('<p>Which temperature?</p>');
  });

  it('holds at most the bank limit of questions (409, nothing added)', async () => {
    const course = await courseWithAdmin();
    const now = new Date().toISOString();
    const rows = Array.from({ length: ASSESSMENT_LIMITS.bankMax }, (_, i) => ({
      id: crypto.randomUUID(),
      course_id: course.id,
      assessment_id: null,
      kind: 'true_false',
      text: `<p>Q${i}</p>`,
      options: JSON.stringify([
        { id: crypto.randomUUID(), text: 'True', correct: true },
        { id: crypto.randomUUID(), text: 'False', correct: false },
      ]),
      explanation: null,
      position: i,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.knex('questions').insert(rows.slice(i, i + 200));
    const full = await write('POST', `/api/courses/${course.id}/questions`, single());
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ASSESSMENT_MESSAGES.bankFull);
    expect(await db.knex('questions').where('course_id', course.id).count({ n: '*' })).toEqual([{ n: ASSESSMENT_LIMITS.bankMax }]);
  });
});
