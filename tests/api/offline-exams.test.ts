/**
 * Issue 34, point 2 (server): an exam taken offline. The paper carries no correct flag; asked for
 * again it is the same draw; handed in, it is graded against its stored questions, answers after
 * the time limit plus OFFLINE_EXAM_TOLERANCE_SECONDS (the device's clock within the attempt) not
 * counting; sent twice (or by two requests at once) it is graded once and answers the same
 * result; handed in after the attempts ran out online on another device, 409 and nothing
 * recorded. Bad input is 400, another person's paper 403. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES } from '@contracts/assessments';
import { OFFLINE_EXAM_TOLERANCE_SECONDS } from '@contracts/offline-learning';
import { createAssessment, createQuestions, rightOptions, wrongOption } from './support/attempt-fixtures';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
const now = new Date('2026-11-26T09:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function setUp(settings: Record<string, unknown>, bank: number) {
  const course = await createCourse(db.knex, { type: 'recorded_course' });
  const assessment = await createAssessment(db.knex, { courseId: course.id, ...settings });
  const questions = await createQuestions(db.knex, { courseId: course.id, count: bank });
  const user = await createUser(db.knex);
  await grantEntitlement(db.knex, { userId: user.id, courseId: course.id });
  return { course, assessment, questions, user, learner: auth(await createSession(db.knex, user.id)) };
}

const paperOf = (id: string, headers: Record<string, string>) => api.request('POST', `/api/assessments/${id}/offline-paper`, undefined, headers);
const handIn = (id: string, body: unknown, headers: Record<string, string>) => api.request('POST', `/api/offline-papers/${id}/submit`, body, headers);
type Bank = Parameters<typeof rightOptions>[0];
const answer = (bank: Bank, questionId: string, right: boolean, atSeconds: number) => ({
  questionId,
  optionIds: right ? rightOptions(bank, questionId) : [wrongOption(bank, questionId)],
  atSeconds,
});

describe('an exam taken offline', () => {
  it('gives a paper without correct flags (the same draw when asked again) and grades it once when it arrives', async () => {
    const { assessment, questions, learner, user } = await setUp({ passMarkPercent: 80, maxAttempts: 3 }, 4);
    const paper = await paperOf(assessment.id, learner);
    expect(paper.status, paper.text).toBe(200);
    expect(paper.text).not.toContain('correct');
    expect(paper.body).toMatchObject({ assessmentId: assessment.id, kind: 'final', passMarkPercent: 80, timeLimitMinutes: null });
    expect(paper.body.questions).toHaveLength(4);
    expect((await paperOf(assessment.id, learner)).body.paperId).toBe(paper.body.paperId);
    // Asked for at once by two tabs of another learner: one draw for both.
    const other = await setUp({ passMarkPercent: 80 }, 4);
    const [a, b] = await Promise.all([paperOf(other.assessment.id, other.learner), paperOf(other.assessment.id, other.learner)]);
    expect(a.body.paperId).toBe(b.body.paperId);
    expect(await db.knex('offline_papers').where({ assessment_id: other.assessment.id })).toHaveLength(1);

    const ids = (paper.body.questions as Array<{ id: string }>).map((q) => q.id);
    const body = {
      startedAt: '2026-11-26T08:40:00.000Z',
      elapsedSeconds: 600,
      answers: [answer(questions, ids[0]!, true, 60), answer(questions, ids[1]!, true, 120), answer(questions, ids[2]!, false, 200)],
    };
    // Two deliveries at once (two tabs coming online): one grading.
    const [first, second] = await Promise.all([handIn(paper.body.paperId, body, learner), handIn(paper.body.paperId, body, learner)]);
    expect(first.status, first.text).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ scorePercent: 50, passed: false, attemptsLeft: 2 });
    const again = await handIn(paper.body.paperId, body, learner);
    expect(again.body).toEqual(first.body);
    const attempts = await db.knex('assessment_attempts').where({ assessment_id: assessment.id, user_id: user.id });
    expect(attempts).toHaveLength(1);
    // The paper's time on the device: started when the device says (after the paper), handed in 600 s later.
    expect(attempts[0]).toMatchObject({ status: 'submitted', number: 1, open_key: null });
    expect(new Date(attempts[0].started_at).toISOString()).toBe('2026-11-26T09:00:00.000Z');
    // A used paper is not given again: a new one is drawn.
    expect((await paperOf(assessment.id, learner)).body.paperId).not.toBe(paper.body.paperId);
  });

  it('does not count answers given after the time limit and its tolerance', async () => {
    const { assessment, questions, learner } = await setUp({ passMarkPercent: 50, timeLimitMinutes: 10 }, 4);
    const paper = (await paperOf(assessment.id, learner)).body;
    const ids = (paper.questions as Array<{ id: string }>).map((q) => q.id);
    const limit = 10 * 60 + OFFLINE_EXAM_TOLERANCE_SECONDS;
    const result = await handIn(
      paper.paperId,
      {
        startedAt: now.toISOString(),
        elapsedSeconds: limit + 120,
        answers: [
          answer(questions, ids[0]!, true, 30),
          answer(questions, ids[1]!, true, limit),
          answer(questions, ids[2]!, true, limit + 1),
          answer(questions, ids[3]!, true, limit + 100),
        ],
      },
      learner,
    );
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ scorePercent: 50, passed: true });
  });

  it('refuses with 409, recording nothing, a paper handed in after the attempts ran out online', async () => {
    const { assessment, questions, learner, user } = await setUp({ passMarkPercent: 100, maxAttempts: 1 }, 2);
    const paper = (await paperOf(assessment.id, learner)).body;
    // Meanwhile, on another device, online: the one attempt is used.
    const online = await api.request('POST', `/api/assessments/${assessment.id}/attempts`, undefined, learner);
    expect(online.status).toBe(201);
    expect((await api.request('POST', `/api/attempts/${online.body.attemptId}/submit`, {}, learner)).status).toBe(200);

    const ids = (paper.questions as Array<{ id: string }>).map((q) => q.id);
    const late = await handIn(paper.paperId, { startedAt: now.toISOString(), elapsedSeconds: 60, answers: [answer(questions, ids[0]!, true, 10)] }, learner);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ASSESSMENT_MESSAGES.noAttemptsLeft);
    expect(await db.knex('assessment_attempts').where({ assessment_id: assessment.id, user_id: user.id })).toHaveLength(1);
    expect((await db.knex('offline_papers').where({ id: paper.paperId }).first()).attempt_id).toBeNull();
    // And no new paper while none are left.
    expect((await paperOf(assessment.id, learner)).status).toBe(409);
  });

  it('answers 400 to bad input, 403 to another person and to the not entitled, 404 to an unknown paper', async () => {
    const { assessment, questions, learner } = await setUp({ passMarkPercent: 50 }, 2);
    const paper = (await paperOf(assessment.id, learner)).body;
    const ids = (paper.questions as Array<{ id: string }>).map((q) => q.id);
    const good = { startedAt: now.toISOString(), elapsedSeconds: 60, answers: [answer(questions, ids[0]!, true, 10)] };
    for (const bad of [
      {},
      { ...good, startedAt: 'yesterday' },
      { ...good, elapsedSeconds: -1 },
      { ...good, answers: [{ ...good.answers[0], atSeconds: 61 }] },
      { ...good, answers: [{ questionId: 'not-on-the-paper', optionIds: [], atSeconds: 1 }] },
      { ...good, extra: true },
    ]) {
      const refused = await handIn(paper.paperId, bad, learner);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const stranger = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await handIn(paper.paperId, good, stranger)).status).toBe(403);
    expect((await paperOf(assessment.id, stranger)).status).toBe(403);
    expect((await handIn('0d3c7e2a-8d1b-4c8e-9b0a-123456789abc', good, learner)).status).toBe(404);
    expect(await db.knex('assessment_attempts').where({ assessment_id: assessment.id })).toHaveLength(0);
    expect((await handIn(paper.paperId, good, learner)).status).toBe(200);
  });
});
