/**
 * Issue 31, point 5: the staff results table of a course — per person and assessment their
 * submitted attempts, best and last score, passed, the last submission and the course's completion
 * — as JSON and CSV (formula-like names neutralised), in a fixed number of queries. Attempts and
 * completions are written as the attempts and completion services store them. On SQLite and
 * (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { ASSESSMENT_RESULT_CSV_COLUMNS } from '@contracts/assessments';
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

const write = (method: string, url: string, body?: unknown) => api.request(method, url, body, { ...admin, 'Idempotency-Key': `results-${++keys}` });
const settings = { passMarkPercent: 70, shuffleQuestions: false, shuffleOptions: false, showAnswers: 'never' };

async function attempt(a: {
  assessmentId: string;
  courseId: string;
  userId: string;
  number: number;
  score?: number;
  passed?: boolean;
  at?: string;
  open?: boolean;
}) {
  await db.knex('assessment_attempts').insert({
    id: crypto.randomUUID(),
    assessment_id: a.assessmentId,
    course_id: a.courseId,
    user_id: a.userId,
    number: a.number,
    status: a.open ? 'open' : 'submitted',
    open_key: a.open ? `${a.assessmentId}:${a.userId}` : null,
    questions: '[]',
    answers: '{}',
    started_at: '2026-11-26T09:00:00.000Z',
    submitted_at: a.open ? null : (a.at ?? null),
    score_percent: a.open ? null : (a.score ?? null),
    passed: a.open ? null : (a.passed ?? null),
  });
}

async function examCourse() {
  const course = await createCourse(db.knex, { title: `Results ${crypto.randomBytes(3).toString('hex')}`, type: 'recorded_course' });
  const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'L1', kind: 'text', body: '<p>x</p>' });
  const exam = await write('POST', `/api/courses/${course.id}/assessments`, { title: 'Final exam', kind: 'final', ...settings });
  const review = await write('POST', `/api/courses/${course.id}/assessments`, { title: 'Review 1', kind: 'review', lessonId: lesson.body.id, ...settings });
  expect([exam.status, review.status]).toEqual([201, 201]);
  return { course, examId: exam.body.id as string, reviewId: review.body.id as string };
}

describe('the results table', () => {
  it('gives each person and assessment their attempts, best and last score, pass and completion, as JSON and as CSV', async () => {
    const { course, examId, reviewId } = await examCourse();
    const ada = await createUser(db.knex, { name: 'Ada Lovelace', email: `ada-${keys}@academy.test` });
    const bob = await createUser(db.knex, { name: '=HYPERLINK("http://evil")', email: `bob-${keys}@academy.test` });
    const idle = await createUser(db.knex, { name: 'Idle Ivy' });
    const c = course.id;
    await attempt({ assessmentId: examId, courseId: c, userId: ada.id, number: 1, score: 60, passed: false, at: '2026-11-26T10:00:00.000Z' });
    await attempt({ assessmentId: examId, courseId: c, userId: ada.id, number: 2, score: 85, passed: true, at: '2026-11-26T11:00:00.000Z' });
    await attempt({ assessmentId: reviewId, courseId: c, userId: ada.id, number: 1, score: 100, passed: true, at: '2026-11-26T09:30:00.000Z' });
    await attempt({ assessmentId: examId, courseId: c, userId: bob.id, number: 1, score: 90, passed: true, at: '2026-11-25T10:00:00.000Z' });
    await attempt({ assessmentId: examId, courseId: c, userId: bob.id, number: 2, score: 40, passed: false, at: '2026-11-25T12:00:00.000Z' });
    await attempt({ assessmentId: examId, courseId: c, userId: bob.id, number: 3, open: true });
    // Only an open attempt: not a row yet.
    await attempt({ assessmentId: examId, courseId: c, userId: idle.id, number: 1, open: true });
    await db
      .knex('course_completions')
      .insert({ user_id: ada.id, course_id: c, completed_at: '2026-11-26T11:00:00.000Z', left: '[]', checked_at: '2026-11-26T11:00:00.000Z' });
    await db
      .knex('course_completions')
      .insert({ user_id: bob.id, course_id: c, completed_at: null, left: '[{"kind":"videos","count":2}]', checked_at: '2026-11-26T11:00:00.000Z' });

    const rows = await api.get(`/api/courses/${c}/assessment-results`, admin);
    expect(rows.status, rows.text).toBe(200);
    expect(rows.body).toEqual([
      {
        userId: bob.id,
        name: '=HYPERLINK("http://evil")',
        email: bob.email,
        assessmentId: examId,
        assessmentTitle: 'Final exam',
        attempts: 2,
        bestScorePercent: 90,
        lastScorePercent: 40,
        passed: true,
        lastSubmittedAt: '2026-11-25T12:00:00.000Z',
        completedAt: null,
      },
      {
        userId: ada.id,
        name: 'Ada Lovelace',
        email: ada.email,
        assessmentId: examId,
        assessmentTitle: 'Final exam',
        attempts: 2,
        bestScorePercent: 85,
        lastScorePercent: 85,
        passed: true,
        lastSubmittedAt: '2026-11-26T11:00:00.000Z',
        completedAt: '2026-11-26T11:00:00.000Z',
      },
      expect.objectContaining({ userId: ada.id, assessmentId: reviewId, assessmentTitle: 'Review 1', attempts: 1, bestScorePercent: 100 }),
    ]);

    const csv = await fetch(`${api.baseUrl}/api/courses/${c}/assessment-results.csv`, { headers: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...lines] = parse(Buffer.from(await csv.arrayBuffer()).toString('utf8'), { bom: true }) as string[][];
    expect(header).toEqual([...ASSESSMENT_RESULT_CSV_COLUMNS]);
    expect(lines).toEqual([
      [`'=HYPERLINK("http://evil")`, bob.email, 'Final exam', '2', '90', '40', 'yes', '2026-11-25T12:00:00.000Z', ''],
      ['Ada Lovelace', ada.email, 'Final exam', '2', '85', '85', 'yes', '2026-11-26T11:00:00.000Z', '2026-11-26T11:00:00.000Z'],
      ['Ada Lovelace', ada.email, 'Review 1', '1', '100', '100', 'yes', '2026-11-26T09:30:00.000Z', '2026-11-26T11:00:00.000Z'],
    ]);
  });

  it('answers in the same number of queries for 2 people as for 30', async () => {
    const { course, examId } = await examCourse();
    const queries = async () => {
      let count = 0;
      const counted = () => void count++;
      db.knex.on('query', counted);
      const response = await api.get(`/api/courses/${course.id}/assessment-results`, admin);
      const csv = await fetch(`${api.baseUrl}/api/courses/${course.id}/assessment-results.csv`, { headers: admin });
      await csv.arrayBuffer();
      db.knex.off('query', counted);
      return { count, rows: response.body.length as number };
    };
    const addPeople = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const user = await createUser(db.knex);
        await attempt({
          assessmentId: examId,
          courseId: course.id,
          userId: user.id,
          number: 1,
          score: 50 + i,
          passed: i % 2 === 0,
          at: '2026-11-26T10:00:00.000Z',
        });
      }
    };
    await addPeople(2);
    const few = await queries();
    await addPeople(28);
    const many = await queries();
    expect([few.rows, many.rows]).toEqual([2, 30]);
    expect(many.count).toBe(few.count);
  });

  it('is for course managers only, and a course that does not exist is a 404', async () => {
    const { course } = await examCourse();
    const customer = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await api.get(`/api/courses/${course.id}/assessment-results`, customer)).status).toBe(403);
    expect((await api.get(`/api/courses/${course.id}/assessment-results.csv`, customer)).status).toBe(403);
    expect((await api.get(`/api/courses/${course.id}/assessment-results`)).status).toBe(401);
    expect((await api.get(`/api/courses/${crypto.randomUUID()}/assessment-results`, admin)).status).toBe(404);
    expect((await api.get(`/api/courses/${course.id}/assessment-results`, admin)).body).toEqual([]);
  });
});
