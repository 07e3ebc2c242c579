/**
 * Issue 31, point 3, over time and change: answers count only until the time limit (plus
 * ATTEMPT_GRACE_SECONDS); an attempt whose time ran out is graded as it stood — lazily when it is
 * read, saved, submitted or another is started, and by the `grade-expired-attempts` job; editing
 * the bank leaves open attempts as drawn. And the outcome: a 20-of-40 final at 70 %, failed
 * with 60 % (2 attempts left, nothing revealed), passed with 85 % at the second (the review shown).
 * The server's clock is a fake one here. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiredAttemptGradingJob } from '@api/jobs/grade-expired-attempts';
import { createLogger } from '@api/logger';
import { ASSESSMENT_MESSAGES, ATTEMPT_GRACE_SECONDS } from '@contracts/assessments';
import { createAssessment, createQuestions, rightOptions, wrongOption } from './support/attempt-fixtures';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let now = new Date('2026-11-26T09:00:00.000Z');
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function setUp(settings: Record<string, unknown>, bank: number) {
  const course = await createCourse(db.knex, { type: 'recorded_course' });
  const assessment = await createAssessment(db.knex, { courseId: course.id, ...settings });
  const questions = await createQuestions(db.knex, { courseId: course.id, count: bank });
  return { course, assessment, questions, learner: await learnerOf(course.id) };
}

async function learnerOf(courseId: string) {
  const user = await createUser(db.knex);
  await grantEntitlement(db.knex, { userId: user.id, courseId });
  return auth(await createSession(db.knex, user.id));
}

type Drawn = { id: string };
const start = (id: string, headers: Record<string, string>) => api.request('POST', `/api/assessments/${id}/attempts`, undefined, headers);
const save = (id: string, body: unknown, headers: Record<string, string>) => api.request('PUT', `/api/attempts/${id}/answers`, body, headers);
const submit = (id: string, body: unknown, headers: Record<string, string>) => api.request('POST', `/api/attempts/${id}/submit`, body, headers);
const row = (id: string) => db.knex('assessment_attempts').where({ id }).first();
/** Answers to `questions`: the first `right` of them right, the rest wrong. */
const answersTo = (bank: Parameters<typeof rightOptions>[0], questions: Drawn[], right: number) =>
  questions.map((q, i) => ({ questionId: q.id, optionIds: i < right ? rightOptions(bank, q.id) : [wrongOption(bank, q.id)] }));

describe('the time limit', () => {
  it('counts answers saved up to the limit and its grace; a later save is 409 and the attempt is graded as it stood', async () => {
    const { assessment, questions, learner } = await setUp({ timeLimitMinutes: 30, passMarkPercent: 50, maxAttempts: 2 }, 4);
    const attempt = (await start(assessment.id, learner)).body;
    const [q1, q2, q3, q4] = attempt.questions as Drawn[];
    later(29 * 60);
    expect((await save(attempt.attemptId, { answers: answersTo(questions, [q1!], 1) }, learner)).status).toBe(200);
    later(60 + ATTEMPT_GRACE_SECONDS - 5); // past the limit, within the grace
    expect((await save(attempt.attemptId, { answers: answersTo(questions, [q2!], 1) }, learner)).status).toBe(200);
    later(10); // past the grace
    const late = await save(attempt.attemptId, { answers: answersTo(questions, [q3!, q4!], 2) }, learner);
    expect(late).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.timeUp } });
    expect(await row(attempt.attemptId)).toMatchObject({ status: 'submitted', score_percent: 50, submitted_at: attempt.expiresAt, open_key: null });
    // A submit now, with answers, gets the result as it stood.
    const result = await submit(attempt.attemptId, { answers: answersTo(questions, [q3!, q4!], 2) }, learner);
    expect(result.body).toMatchObject({ scorePercent: 50, passed: true, attemptsLeft: 0, submittedAt: attempt.expiresAt });
  });

  it('ignores the answers a late submit brings, and grades an expired attempt when it is read', async () => {
    const { assessment, questions, learner } = await setUp({ timeLimitMinutes: 10, maxAttempts: 3 }, 2);
    const attempt = (await start(assessment.id, learner)).body;
    later(10 * 60 + ATTEMPT_GRACE_SECONDS + 1);
    const result = await submit(attempt.attemptId, { answers: answersTo(questions, attempt.questions, 2) }, learner);
    expect(result.body).toMatchObject({ scorePercent: 0, passed: false, attemptsLeft: 2 });
    expect(JSON.parse((await row(attempt.attemptId)).answers)).toEqual({});

    const second = (await start(assessment.id, learner)).body;
    await save(second.attemptId, { answers: answersTo(questions, second.questions, 2) }, learner);
    later(11 * 60);
    const read = await api.get(`/api/attempts/${second.attemptId}`, learner);
    expect(read.body).toMatchObject({ status: 'submitted', result: { scorePercent: 100, passed: true, attemptsLeft: 0 } });
  });

  it('grades the expired open attempt before starting another', async () => {
    const { assessment, learner } = await setUp({ timeLimitMinutes: 5, maxAttempts: 2 }, 2);
    const first = (await start(assessment.id, learner)).body;
    later(4 * 60);
    expect((await start(assessment.id, learner)).body.openAttemptId).toBe(first.attemptId);
    later(2 * 60);
    const second = await start(assessment.id, learner);
    expect(second.status).toBe(201);
    expect(second.body.number).toBe(2);
    expect(await row(first.attemptId)).toMatchObject({ status: 'submitted', score_percent: 0 });
    const list = (await api.get(`/api/me/courses/${assessment.courseId}/assessments`, learner)).body;
    expect(list[0]).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, openAttemptId: second.body.attemptId });
  });

  it('the grade-expired-attempts job grades each expired attempt once and leaves those with time left', async () => {
    const { assessment, questions, learner } = await setUp({ timeLimitMinutes: 15 }, 3);
    const other = await learnerOf(assessment.courseId);
    const a = (await start(assessment.id, learner)).body;
    await save(a.attemptId, { answers: answersTo(questions, a.questions, 3) }, learner);
    later(10 * 60);
    const b = (await start(assessment.id, other)).body;
    later(5 * 60 + ATTEMPT_GRACE_SECONDS + 1);
    const job = expiredAttemptGradingJob(api.app.services);
    const run = () => job.run({ now, signal: new AbortController().signal, logger: createLogger('silent') });
    await Promise.all([run(), run()]);
    expect(await row(a.attemptId)).toMatchObject({ status: 'submitted', score_percent: 100, submitted_at: a.expiresAt });
    expect(await row(b.attemptId)).toMatchObject({ status: 'open', score_percent: null });
    // The job's grading feeds the completion verdict too (the type's default rule: the final exam among its conditions).
    expect(await db.knex('course_completions').where({ course_id: assessment.courseId })).toHaveLength(1);
    const expired = await db.knex('assessment_attempts').where({ assessment_id: assessment.id, status: 'submitted' });
    expect(expired).toHaveLength(1);
  });
});

describe('editing the bank while an attempt is open', () => {
  it('leaves the attempt as drawn: its texts, options and grading', async () => {
    const { assessment, questions, learner } = await setUp({ passMarkPercent: 100 }, 3);
    const attempt = (await start(assessment.id, learner)).body;
    const [first, second] = questions;
    // Staff rewrite the first question (the right option moves) and delete the second.
    const flipped = first!.options.map((o) => ({ ...o, text: `${o.text} (edited)`, correct: !o.correct && o === first!.options[1] }));
    await db
      .knex('questions')
      .where({ id: first!.id })
      .update({ text: '<p>Edited</p>', options: JSON.stringify(flipped), explanation: 'New' });
    await db.knex('questions').where({ id: second!.id }).delete();
    const resumed = (await api.get(`/api/attempts/${attempt.attemptId}`, learner)).body;
    expect(resumed.questions).toEqual(attempt.questions);
    const result = await submit(attempt.attemptId, { answers: answersTo(questions, attempt.questions, 3) }, learner);
    expect(result.body).toMatchObject({ scorePercent: 100, passed: true });
  });
});

describe('the outcome', () => {
  it('a 20-of-40 final: failed with 60 % (2 left, nothing revealed), passed with 85 % at the second (review shown), then closed', async () => {
    const settings = {
      drawCount: 20,
      passMarkPercent: 70,
      maxAttempts: 3,
      timeLimitMinutes: 30,
      shuffleQuestions: true,
      shuffleOptions: true,
      showAnswers: 'after_last_attempt',
    };
    const { course, assessment, questions, learner } = await setUp(settings, 40);
    // The course is complete once its final exam is passed (the completion domain's verdict).
    const rule = await api.request(
      'PUT',
      `/api/courses/${course.id}/completion-rule`,
      { finalExamPassed: true },
      { ...admin, 'Idempotency-Key': `rule-${course.id}` },
    );
    expect(rule.status).toBe(200);
    const completedAt = async () => (await api.get('/api/me/library', learner)).body.find((e: { courseId: string }) => e.courseId === course.id)?.completedAt;
    const started = await start(assessment.id, learner);
    expect(started.text).not.toMatch(/"correct|explanation/);
    const first = started.body;
    expect(first.questions).toHaveLength(20);
    later(20 * 60);
    const failed = await submit(first.attemptId, { answers: answersTo(questions, first.questions, 12) }, learner);
    expect(failed.body).toEqual({ attemptId: first.attemptId, scorePercent: 60, passed: false, attemptsLeft: 2, submittedAt: now.toISOString() });
    expect(failed.text).not.toMatch(/review|correct|explanation/);
    expect((await api.get(`/api/attempts/${first.attemptId}`, learner)).text).not.toMatch(/"correct|explanation/);
    expect(await completedAt()).toBeNull();

    later(60 * 60);
    const second = (await start(assessment.id, learner)).body;
    expect(second.number).toBe(2);
    const passed = await submit(second.attemptId, { answers: answersTo(questions, second.questions, 17) }, learner);
    expect(passed.body).toMatchObject({ scorePercent: 85, passed: true, attemptsLeft: 0 });
    expect(passed.body.review).toHaveLength(20);
    expect(passed.body.review.filter((r: { correct: boolean }) => r.correct)).toHaveLength(17);
    expect(await completedAt()).toBe(passed.body.submittedAt);
    expect(await start(assessment.id, learner)).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.noAttemptsLeft } });
    const list = (await api.get(`/api/me/courses/${assessment.courseId}/assessments`, learner)).body;
    expect(list[0]).toMatchObject({ questionCount: 20, attemptsUsed: 2, attemptsLeft: 0, best: { scorePercent: 85, passed: true }, openAttemptId: null });
  });
});
