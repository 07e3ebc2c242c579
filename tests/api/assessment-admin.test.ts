/**
 * Issue 31, point 2: assessments, staff side. Review questions belong to a lesson of their course,
 * a final exam to the course (one per course); an assessment draws no more questions than its pool
 * (its own questions, and for a final exam the course's bank too); deleting one with attempts keeps
 * them. Keyed, audited writes; bad input changes nothing. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES } from '@contracts/assessments';
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

const write = (method: string, url: string, body?: unknown, headers = admin, key = `admin-${++keys}`) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': key });

const trueFalse = (text: string) => ({
  text,
  kind: 'true_false',
  options: [
    { text: 'True', correct: true },
    { text: 'False', correct: false },
  ],
});
const settings = { passMarkPercent: 70, shuffleQuestions: true, shuffleOptions: false, showAnswers: 'after_last_attempt' };
const final = (extra: Record<string, unknown> = {}) => ({ title: 'Final exam', kind: 'final', ...settings, ...extra });

async function courseWithLesson() {
  const course = await createCourse(db.knex, { title: `Exam ${crypto.randomBytes(3).toString('hex')}`, type: 'recorded_course' });
  const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Lesson 1', kind: 'text', body: '<p>x</p>' });
  expect(lesson.status, lesson.text).toBe(201);
  return { course, lessonId: lesson.body.id as string };
}

async function addBank(courseId: string, count: number) {
  for (let i = 0; i < count; i++) expect((await write('POST', `/api/courses/${courseId}/questions`, trueFalse(`Bank ${i}`))).status).toBe(201);
}

async function attemptOf(assessmentId: string, courseId: string) {
  const user = await createUser(db.knex);
  await db.knex('assessment_attempts').insert({
    id: crypto.randomUUID(),
    assessment_id: assessmentId,
    course_id: courseId,
    user_id: user.id,
    number: 1,
    status: 'submitted',
    open_key: null,
    questions: '[]',
    answers: '{}',
    started_at: '2026-11-26T09:00:00.000Z',
    submitted_at: '2026-11-26T09:10:00.000Z',
    score_percent: 80,
    passed: true,
  });
}

describe('assessments', () => {
  it('creates review questions on a lesson and a final exam drawing from the bank, and lists them with their pools', async () => {
    const { course, lessonId } = await courseWithLesson();
    await addBank(course.id, 4);
    const review = await write('POST', `/api/courses/${course.id}/assessments`, {
      title: 'Check your understanding',
      kind: 'review',
      lessonId,
      ...settings,
      passMarkPercent: 0,
      showAnswers: 'never',
      questions: [trueFalse('<p>Inline <em>one</em></p><script>x()</script>'), trueFalse('Inline two')],
    });
    expect(review.status, review.text).toBe(201);
    expect(review.body).toEqual({
      id: expect.any(String),
      courseId: course.id,
      lessonId,
      title: 'Check your understanding',
      kind: 'review',
      drawCount: null,
      passMarkPercent: 0,
      maxAttempts: null,
      timeLimitMinutes: null,
      shuffleQuestions: true,
      shuffleOptions: false,
      showAnswers: 'never',
      poolSize: 2,
      updatedAt: expect.any(String),
    });
    const own = (await api.get(`/api/courses/${course.id}/questions?assessmentId=${review.body.id}`, admin)).body;
    expect(own.map((q: { text: string; assessmentId: string }) => [q.text, q.assessmentId])).toEqual([
      ['<p>Inline <em>one</em></p>', review.body.id],
      ['Inline two', review.body.id],
    ]);

    // The final draws 5 from its own 2 questions and the course's 4 untied ones.
    const exam = await write(
      'POST',
      `/api/courses/${course.id}/assessments`,
      final({ drawCount: 5, maxAttempts: 3, timeLimitMinutes: 30, questions: [trueFalse('A'), trueFalse('B')] }),
    );
    expect(exam.status, exam.text).toBe(201);
    expect(exam.body).toMatchObject({ kind: 'final', lessonId: null, drawCount: 5, maxAttempts: 3, timeLimitMinutes: 30, poolSize: 6 });

    const listed = await api.get(`/api/courses/${course.id}/assessments`, admin);
    expect(listed.body.map((a: { id: string; poolSize: number }) => [a.id, a.poolSize])).toEqual([
      [exam.body.id, 6],
      [review.body.id, 2],
    ]);
    expect((await api.get(`/api/assessments/${exam.body.id}`, admin)).body).toEqual(exam.body);
    expect((await db.knex('audit_entries').where({ entity: 'assessment', entity_id: exam.body.id })).map((e) => [e.action, e.summary])).toEqual([
      ['create', 'Added final exam "Final exam"'],
    ]);
  });

  it('enforces the rules on create and update with a 4xx that changes nothing', async () => {
    const { course, lessonId } = await courseWithLesson();
    const other = await courseWithLesson();
    const url = `/api/courses/${course.id}/assessments`;
    const review = (extra: Record<string, unknown>) => ({ title: 'Review', kind: 'review', ...settings, ...extra });
    const refused = async (body: unknown, status = 400) => {
      const response = await write('POST', url, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      return response.body.message as string;
    };
    expect(await refused(review({}))).toBe(ASSESSMENT_MESSAGES.lessonRequired);
    expect(await refused(review({ lessonId: other.lessonId }))).toBe(ASSESSMENT_MESSAGES.lessonElsewhere);
    expect(await refused(review({ lessonId: crypto.randomUUID() }))).toBe(ASSESSMENT_MESSAGES.lessonNotFound);
    expect(await refused(final({ lessonId }))).toBe(ASSESSMENT_MESSAGES.finalHasNoLesson);
    expect(await refused(final({ drawCount: 3, questions: [trueFalse('Only one')] }))).toBe(ASSESSMENT_MESSAGES.drawTooMany);
    expect(await refused(final({ extra: 1 }))).toMatch(/extra/);
    expect(await refused(final({ passMarkPercent: 101 }))).toBeTruthy();
    expect(await refused(final({ showAnswers: 'always' }))).toBeTruthy();
    expect(await refused(final({ kind: 'quiz' }))).toBeTruthy();
    expect(
      await refused(
        final({
          questions: [
            {
              ...trueFalse('Bad'),
              kind: 'single',
              options: [
                { text: 'A', correct: true },
                { text: 'B', correct: true },
              ],
            },
          ],
        }),
      ),
    ).toBe(ASSESSMENT_MESSAGES.singleNeedsOne);
    // Ten thousand inline questions: refused before anything is read into the database.
    const flood = await write('POST', url, final({ questions: Array.from({ length: 10_000 }, (_, i) => trueFalse(`Q${i}`)) }));
    expect([400, 413]).toContain(flood.status);
    expect((await api.get(url, admin)).body).toEqual([]);
    expect((await api.get(`/api/courses/${course.id}/questions`, admin)).body).toEqual([]);

    const exam = await write('POST', url, final({ questions: [trueFalse('One'), trueFalse('Two')] }));
    expect(exam.status).toBe(201);
    // One final exam per course.
    expect(await refused(final({ title: 'Second final' }), 409)).toBe(ASSESSMENT_MESSAGES.oneFinal);

    // Updates: the same rules; the kind stays.
    const put = (body: unknown) => write('PUT', `/api/assessments/${exam.body.id}`, body);
    expect((await put({ drawCount: 3 })).body.message).toBe(ASSESSMENT_MESSAGES.drawTooMany);
    expect((await put({ lessonId })).body.message).toBe(ASSESSMENT_MESSAGES.finalHasNoLesson);
    expect((await put({ kind: 'review' })).status).toBe(400);
    expect((await put({ maxAttempts: 0 })).status).toBe(400);
    const changed = await put({ title: 'GMP final', drawCount: 2, maxAttempts: 3, timeLimitMinutes: 30, passMarkPercent: 80 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ title: 'GMP final', drawCount: 2, maxAttempts: 3, timeLimitMinutes: 30, passMarkPercent: 80, poolSize: 2 });
    const unlimited = await put({ maxAttempts: null, drawCount: null });
    expect(unlimited.body).toMatchObject({ maxAttempts: null, drawCount: null, title: 'GMP final' });
    expect((await api.get(`/api/assessments/${exam.body.id}`, admin)).body).toEqual(unlimited.body);
    const audit = await db.knex('audit_entries').where({ entity: 'assessment', entity_id: exam.body.id, action: 'update' }).orderBy('created_at');
    expect(audit.map((e) => e.summary)).toEqual(['Edited final exam "GMP final"', 'Edited final exam "GMP final"']);
    const changes = typeof audit[0].changes === 'string' ? JSON.parse(audit[0].changes) : audit[0].changes;
    expect(changes.title).toEqual(['Final exam', 'GMP final']);

    const reviewRow = await write('POST', url, review({ lessonId }));
    expect(reviewRow.status).toBe(201);
    expect((await write('PUT', `/api/assessments/${reviewRow.body.id}`, { lessonId: null })).body.message).toBe(ASSESSMENT_MESSAGES.lessonRequired);
    expect((await write('PUT', `/api/assessments/${reviewRow.body.id}`, { lessonId: other.lessonId })).body.message).toBe(ASSESSMENT_MESSAGES.lessonElsewhere);
    expect((await api.get(`/api/assessments/${reviewRow.body.id}`, admin)).body.lessonId).toBe(lessonId);
    expect((await write('PUT', `/api/assessments/${crypto.randomUUID()}`, { title: 'x' })).status).toBe(404);
  });

  it('deletes an assessment without attempts with its questions, and only hides one with attempts', async () => {
    const { course } = await courseWithLesson();
    const url = `/api/courses/${course.id}/assessments`;
    const unused = await write('POST', url, final({ questions: [trueFalse('Gone')] }));
    expect((await write('DELETE', `/api/assessments/${unused.body.id}`)).status).toBe(204);
    expect((await api.get(`/api/assessments/${unused.body.id}`, admin)).status).toBe(404);
    expect(await db.knex('assessments').where({ id: unused.body.id })).toEqual([]);
    expect(await db.knex('questions').where({ assessment_id: unused.body.id })).toEqual([]);

    const sat = await write('POST', url, final({ questions: [trueFalse('Kept')] }));
    expect(sat.status, sat.text).toBe(201);
    await attemptOf(sat.body.id, course.id);
    expect((await write('DELETE', `/api/assessments/${sat.body.id}`)).status).toBe(204);
    expect((await api.get(`/api/assessments/${sat.body.id}`, admin)).status).toBe(404);
    expect((await api.get(url, admin)).body).toEqual([]);
    expect((await db.knex('assessments').where({ id: sat.body.id }).first()).deleted_at).toEqual(expect.any(String));
    expect(await db.knex('questions').where({ assessment_id: sat.body.id })).toHaveLength(1);
    expect(await db.knex('assessment_attempts').where({ assessment_id: sat.body.id })).toHaveLength(1);
    // Its questions leave the bank's list, and a new final exam may be made.
    expect((await api.get(`/api/courses/${course.id}/questions`, admin)).body).toEqual([]);
    expect((await write('POST', url, final({ title: 'New final' }))).status).toBe(201);
    expect((await write('DELETE', `/api/assessments/${sat.body.id}`)).status).toBe(404);
    expect((await db.knex('audit_entries').where({ entity: 'assessment', entity_id: sat.body.id, action: 'delete' })).map((e) => e.summary)).toEqual([
      'Deleted final exam "Final exam" (its attempts are kept)',
    ]);
  });

  it('refuses to delete a lesson while review questions belong to it (409, nothing deleted); once they are deleted, the lesson goes', async () => {
    const { course, lessonId } = await courseWithLesson();
    const reviewed = await write('POST', `/api/courses/${course.id}/assessments`, {
      title: 'Check yourself',
      kind: 'review',
      lessonId,
      ...settings,
      questions: [trueFalse('Q')],
    });
    expect(reviewed.status, reviewed.text).toBe(201);
    const refused = await write('DELETE', `/api/lessons/${lessonId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ASSESSMENT_MESSAGES.lessonHasReview);
    expect(await db.knex('lessons').where({ id: lessonId })).toHaveLength(1);
    expect(await db.knex('audit_entries').where({ entity: 'lesson', entity_id: lessonId, action: 'delete' })).toEqual([]);
    await attemptOf(reviewed.body.id, course.id);
    expect((await write('DELETE', `/api/assessments/${reviewed.body.id}`)).status).toBe(204);
    expect((await write('DELETE', `/api/lessons/${lessonId}`)).status).toBe(204);
    expect(await db.knex('lessons').where({ id: lessonId })).toEqual([]);
  });

  it('refuses a bank change that would leave an assessment drawing more than its pool', async () => {
    const { course, lessonId } = await courseWithLesson();
    await addBank(course.id, 2);
    const exam = await write('POST', `/api/courses/${course.id}/assessments`, final({ drawCount: 3, questions: [trueFalse('Own')] }));
    expect(exam.body.poolSize).toBe(3);
    const review = await write('POST', `/api/courses/${course.id}/assessments`, { title: 'R', kind: 'review', lessonId, ...settings });
    const bank = (await api.get(`/api/courses/${course.id}/questions`, admin)).body as Array<{ id: string; text: string; assessmentId: string | null }>;
    const untied = bank.find((q) => q.assessmentId === null)!;
    const deleted = await write('DELETE', `/api/questions/${untied.id}`);
    expect([deleted.status, deleted.body.message]).toEqual([409, ASSESSMENT_MESSAGES.poolBelowDraw]);
    const moved = await write('PUT', `/api/questions/${untied.id}`, { ...trueFalse(untied.text), assessmentId: review.body.id });
    expect([moved.status, moved.body.message]).toEqual([409, ASSESSMENT_MESSAGES.poolBelowDraw]);
    expect((await api.get(`/api/assessments/${exam.body.id}`, admin)).body.poolSize).toBe(3);
    // Drawing fewer first, the same deletion is allowed.
    expect((await write('PUT', `/api/assessments/${exam.body.id}`, { drawCount: 2 })).status).toBe(200);
    expect((await write('DELETE', `/api/questions/${untied.id}`)).status).toBe(204);
    expect((await api.get(`/api/assessments/${exam.body.id}`, admin)).body.poolSize).toBe(2);
  });

  it('makes one final exam of five sent at once', async () => {
    const { course } = await courseWithLesson();
    const sent = await Promise.all(Array.from({ length: 5 }, (_, i) => write('POST', `/api/courses/${course.id}/assessments`, final({ title: `Final ${i}` }))));
    expect(sent.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await api.get(`/api/courses/${course.id}/assessments`, admin)).body).toHaveLength(1);
  });

  it('answers a replayed create once, and lets only course managers in', async () => {
    const { course } = await courseWithLesson();
    const url = `/api/courses/${course.id}/assessments`;
    const first = await write('POST', url, final(), admin, 'final-once');
    const again = await write('POST', url, final(), admin, 'final-once');
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await api.get(url, admin)).body).toHaveLength(1);

    const customer = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await api.get(url, customer)).status).toBe(403);
    expect((await api.get(url)).status).toBe(401);
    expect((await api.get(`/api/assessments/${first.body.id}`, customer)).status).toBe(403);
    expect((await write('PUT', `/api/assessments/${first.body.id}`, { title: 'Mine' }, customer)).status).toBe(403);
    expect((await write('DELETE', `/api/assessments/${first.body.id}`, undefined, customer)).status).toBe(403);
    expect((await api.request('POST', url, final({ title: 'Anon' }))).status).toBe(401);
    expect((await api.get(`/api/assessments/${first.body.id}`, admin)).body.title).toBe('Final exam');
  });

  it('lists assessments with their pools in a fixed number of queries, however many there are', async () => {
    const { course, lessonId } = await courseWithLesson();
    await addBank(course.id, 3);
    await write('POST', `/api/courses/${course.id}/assessments`, final({ questions: [trueFalse('F')] }));
    const queriesOfList = async () => {
      let count = 0;
      const count1 = () => void count++;
      db.knex.on('query', count1);
      const listed = await api.get(`/api/courses/${course.id}/assessments`, admin);
      db.knex.off('query', count1);
      return { count, listed: listed.body as Array<{ kind: string; poolSize: number }> };
    };
    const few = await queriesOfList();
    for (let i = 0; i < 8; i++)
      await write('POST', `/api/courses/${course.id}/assessments`, { title: `R${i}`, kind: 'review', lessonId, ...settings, questions: [trueFalse(`R${i}`)] });
    const many = await queriesOfList();
    expect(many.listed).toHaveLength(9);
    expect(many.listed.map((a) => a.poolSize)).toEqual([4, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(many.count).toBe(few.count);
  });
});
