/**
 * Issue 31, point 3: a learner's attempts through HTTP — started only by the entitled, the draw
 * stored with the attempt and never a correct flag or explanation before submission; answers saved
 * idempotently and checked against the attempt's own questions; submitted once (the same result
 * again); review questions with feedback at once; the course's assessments as the learner sees
 * them. Bad input and abuse are 4xx that change nothing. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES } from '@contracts/assessments';
import { createAssessment, createQuestions, rightOptions, wrongOption } from './support/attempt-fixtures';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function learnerOf(courseId: string) {
  const user = await createUser(db.knex);
  await grantEntitlement(db.knex, { userId: user.id, courseId });
  return { id: user.id, headers: auth(await createSession(db.knex, user.id)) };
}

/** A course with a bank of `bank` questions, a final drawing from it (plus `own` of its own) and an entitled learner. */
async function setUp(settings: Parameters<typeof createAssessment>[1] extends infer S ? Partial<S> : never = {}, bank = 6, own = 0) {
  const course = await createCourse(db.knex, { type: 'recorded_course' });
  const assessment = await createAssessment(db.knex, { courseId: course.id, ...settings });
  const questions = [
    ...(await createQuestions(db.knex, { courseId: course.id, count: bank })),
    ...(own ? await createQuestions(db.knex, { courseId: course.id, assessmentId: assessment.id, count: own, kind: 'multiple', from: bank }) : []),
  ];
  return { course, assessment, questions, learner: await learnerOf(course.id) };
}

const start = (assessmentId: string, headers: Record<string, string>) => api.request('POST', `/api/assessments/${assessmentId}/attempts`, undefined, headers);
const save = (attemptId: string, body: unknown, headers: Record<string, string>) => api.request('PUT', `/api/attempts/${attemptId}/answers`, body, headers);
const submit = (attemptId: string, body: unknown, headers: Record<string, string>) => api.request('POST', `/api/attempts/${attemptId}/submit`, body, headers);
const attemptRow = (id: string) => db.knex('assessment_attempts').where({ id }).first();

describe('POST /api/assessments/:id/attempts', () => {
  it('draws the pool in bank order and never sends a correct flag or an explanation', async () => {
    const { assessment, questions, learner } = await setUp({}, 4, 2);
    const res = await start(assessment.id, learner.headers);
    expect(res.status).toBe(201);
    expect(res.text).not.toMatch(/correct|explanation|Because of rule/);
    expect(res.body).toMatchObject({ assessmentId: assessment.id, kind: 'final', number: 1, status: 'open', answers: {}, expiresAt: null, result: null });
    // The final's own questions and the course's bank, in position order.
    expect(res.body.questions.map((q: { id: string }) => q.id)).toEqual(questions.map((q) => q.id));
    expect(res.body.questions[0]).toEqual({
      id: questions[0]!.id,
      text: '<p>Question 1</p>',
      kind: 'single',
      options: questions[0]!.options.map((o) => ({ id: o.id, text: o.text })),
    });
    // The draw is stored with its correct flags, for grading.
    const stored = JSON.parse((await attemptRow(res.body.attemptId)).questions);
    expect(stored[0].options[0].correct).toBe(true);
    const resumed = await api.get(`/api/attempts/${res.body.attemptId}`, learner.headers);
    expect(resumed.status).toBe(200);
    expect(resumed.text).not.toMatch(/correct|explanation/);
    expect(resumed.body.questions).toEqual(res.body.questions);
  });

  it('draws drawCount questions at random, shuffled when asked, with the time limit', async () => {
    const { assessment, questions } = await setUp({ drawCount: 5, shuffleQuestions: true, shuffleOptions: true, timeLimitMinutes: 30, maxAttempts: null }, 40);
    const orders = new Set<string>();
    const optionOrders = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const learner = await learnerOf(assessment.courseId);
      const res = await start(assessment.id, learner.headers);
      expect(res.status).toBe(201);
      expect(res.body.questions).toHaveLength(5);
      expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.startedAt)).toBe(30 * 60_000);
      const ids = res.body.questions.map((q: { id: string }) => q.id);
      expect(new Set(ids).size).toBe(5);
      for (const id of ids) expect(questions.some((q) => q.id === id)).toBe(true);
      orders.add(ids.join());
      optionOrders.add(res.body.questions.map((q: { options: Array<{ id: string }> }) => q.options.map((o) => o.id).join()).join('|'));
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(optionOrders.size).toBeGreaterThan(1);
  });

  it('refuses a second open attempt (naming it), a passed final, attempts beyond the limit, an empty pool, a deleted assessment', async () => {
    const { assessment, questions, learner } = await setUp({ maxAttempts: 2 }, 2);
    const first = await start(assessment.id, learner.headers);
    const again = await start(assessment.id, learner.headers);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ASSESSMENT_MESSAGES.openAttempt, openAttemptId: first.body.attemptId });
    expect((await submit(first.body.attemptId, {}, learner.headers)).body).toMatchObject({ scorePercent: 0, passed: false, attemptsLeft: 1 });
    const second = await start(assessment.id, learner.headers);
    expect(second.body.number).toBe(2);
    expect((await submit(second.body.attemptId, {}, learner.headers)).body.attemptsLeft).toBe(0);
    expect(await start(assessment.id, learner.headers)).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.noAttemptsLeft } });

    // A pass ends a final exam, whatever attempts are left.
    const other = await learnerOf(assessment.courseId);
    const sat = await start(assessment.id, other.headers);
    const all = sat.body.questions.map((q: { id: string }) => ({ questionId: q.id, optionIds: rightOptions(questions, q.id) }));
    expect((await submit(sat.body.attemptId, { answers: all }, other.headers)).body).toMatchObject({ scorePercent: 100, passed: true, attemptsLeft: 0 });
    expect(await start(assessment.id, other.headers)).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.noAttemptsLeft } });

    const empty = await setUp({}, 0);
    expect(await start(empty.assessment.id, empty.learner.headers)).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.noQuestions } });
    const deleted = await setUp({ deletedAt: '2026-11-02T00:00:00.000Z' }, 2);
    expect(await start(deleted.assessment.id, deleted.learner.headers)).toMatchObject({ status: 404, body: { message: ASSESSMENT_MESSAGES.notFound } });
    expect((await start('00000000-0000-4000-8000-000000000000', learner.headers)).status).toBe(404);
    expect(await db.knex('assessment_attempts').whereIn('assessment_id', [empty.assessment.id, deleted.assessment.id])).toEqual([]);
  });

  it('refuses someone not entitled (403) and the signed out (401), starting nothing', async () => {
    const { assessment } = await setUp({}, 2);
    const stranger = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await start(assessment.id, stranger)).status).toBe(403);
    expect((await start(assessment.id, {})).status).toBe(401);
    expect(await db.knex('assessment_attempts').where({ assessment_id: assessment.id })).toEqual([]);
  });

  it('gives one 201 and one 409 to two starts at once', async () => {
    const { assessment, learner } = await setUp({}, 3);
    const answers = await Promise.all([start(assessment.id, learner.headers), start(assessment.id, learner.headers)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await db.knex('assessment_attempts').where({ assessment_id: assessment.id })).toHaveLength(1);
  });
});

describe('PUT /api/attempts/:id/answers', () => {
  it('replaces each named answer, idempotently; an empty choice clears it', async () => {
    const { assessment, questions, learner } = await setUp({}, 2, 1);
    const { attemptId, questions: drawn } = (await start(assessment.id, learner.headers)).body;
    const [q1, q2, q3] = drawn.map((q: { id: string }) => q.id);
    const body = { answers: [{ questionId: q1, optionIds: [wrongOption(questions, q1)] }] };
    const first = await save(attemptId, body, learner.headers);
    expect(first.status).toBe(200);
    expect(first.body.answers).toEqual({ [q1]: [wrongOption(questions, q1)] });
    expect(typeof first.body.savedAt).toBe('string');
    expect((await save(attemptId, body, learner.headers)).body.answers).toEqual(first.body.answers);
    const next = await save(
      attemptId,
      {
        answers: [
          { questionId: q1, optionIds: rightOptions(questions, q1) },
          { questionId: q3, optionIds: rightOptions(questions, q3) },
          { questionId: q2, optionIds: [] },
        ],
      },
      learner.headers,
    );
    expect(next.body.answers).toEqual({ [q1]: rightOptions(questions, q1), [q3]: rightOptions(questions, q3) });
    expect((await api.get(`/api/attempts/${attemptId}`, learner.headers)).body.answers).toEqual(next.body.answers);
  });

  it("refuses options of another question or attempt, unknown questions, two options for a single choice, extra fields, 10,000 answers, someone else's attempt — changing nothing", async () => {
    const { assessment, questions, learner } = await setUp({}, 3);
    const { attemptId, questions: drawn } = (await start(assessment.id, learner.headers)).body;
    const [q1, q2] = drawn.map((q: { id: string }) => q.id);
    const right = rightOptions(questions, q1);
    await save(attemptId, { answers: [{ questionId: q1, optionIds: right }] }, learner.headers);
    const elsewhere = await setUp({}, 1);
    const foreign = elsewhere.questions[0]!;
    const cases: Array<[unknown, number, string?]> = [
      [{ answers: [{ questionId: q1, optionIds: [wrongOption(questions, q2)] }] }, 400, ASSESSMENT_MESSAGES.unknownOption],
      [{ answers: [{ questionId: q1, optionIds: [foreign.options[0]!.id] }] }, 400, ASSESSMENT_MESSAGES.unknownOption],
      [{ answers: [{ questionId: foreign.id, optionIds: [foreign.options[0]!.id] }] }, 400, ASSESSMENT_MESSAGES.unknownQuestion],
      [
        {
          answers: [
            {
              questionId: q2,
              optionIds: questions
                .find((q) => q.id === q2)!
                .options.slice(0, 2)
                .map((o) => o.id),
            },
          ],
        },
        400,
        ASSESSMENT_MESSAGES.oneOption,
      ],
      [{ answers: [{ questionId: q1, optionIds: right }], extra: true }, 400],
      [{ answers: [{ questionId: q1, optionIds: right, correct: true }] }, 400],
      [{ answers: Array.from({ length: 10_000 }, () => ({ questionId: q1, optionIds: [] })) }, 400],
      [{ answers: 'all' }, 400],
      [{}, 400],
    ];
    for (const [body, status, message] of cases) {
      const res = await save(attemptId, body, learner.headers);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
    }
    // Someone else, even entitled, cannot answer, read or submit it.
    const other = await learnerOf(assessment.courseId);
    expect(await save(attemptId, { answers: [{ questionId: q1, optionIds: [] }] }, other.headers)).toMatchObject({
      status: 403,
      body: { message: ASSESSMENT_MESSAGES.notYours },
    });
    expect((await api.get(`/api/attempts/${attemptId}`, other.headers)).status).toBe(403);
    expect((await submit(attemptId, {}, other.headers)).status).toBe(403);
    expect((await submit(attemptId, { answers: [{ questionId: q1, optionIds: [wrongOption(questions, q2)] }] }, learner.headers)).status).toBe(400);
    expect((await submit(attemptId, { answers: [], extra: 1 }, learner.headers)).status).toBe(400);
    expect((await save('00000000-0000-4000-8000-000000000000', { answers: [] }, learner.headers)).status).toBe(404);
    expect((await save(attemptId, { answers: [] }, {})).status).toBe(401);
    const row = await attemptRow(attemptId);
    expect(row).toMatchObject({ status: 'open', score_percent: null });
    expect(JSON.parse(row.answers)).toEqual({ [q1]: right });
  });
});

describe('POST /api/attempts/:id/submit', () => {
  it('grades all or nothing per question, to one decimal, and answers a replay with the same result', async () => {
    const { assessment, questions, learner } = await setUp({ passMarkPercent: 60, maxAttempts: 3, showAnswers: 'after_pass' }, 1, 2);
    const { attemptId, questions: drawn } = (await start(assessment.id, learner.headers)).body;
    const [single, multi1, multi2] = drawn.map((q: { id: string }) => q.id);
    const res = await submit(
      attemptId,
      {
        answers: [
          { questionId: single, optionIds: rightOptions(questions, single) },
          { questionId: multi1, optionIds: rightOptions(questions, multi1) },
          // One of the two right options: wrong as a whole.
          { questionId: multi2, optionIds: rightOptions(questions, multi2).slice(0, 1) },
        ],
      },
      learner.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ attemptId, scorePercent: 66.7, passed: true, attemptsLeft: 0 });
    expect(res.body.review).toEqual([
      {
        questionId: single,
        correct: true,
        chosenOptionIds: rightOptions(questions, single),
        correctOptionIds: rightOptions(questions, single),
        explanation: 'Because of rule 1.',
      },
      {
        questionId: multi1,
        correct: true,
        chosenOptionIds: rightOptions(questions, multi1),
        correctOptionIds: rightOptions(questions, multi1),
        explanation: 'Because of rule 2.',
      },
      {
        questionId: multi2,
        correct: false,
        chosenOptionIds: rightOptions(questions, multi2).slice(0, 1),
        correctOptionIds: rightOptions(questions, multi2),
        explanation: 'Because of rule 3.',
      },
    ]);
    const replay = await submit(attemptId, { answers: [{ questionId: multi2, optionIds: rightOptions(questions, multi2) }] }, learner.headers);
    expect(replay.body).toEqual(res.body);
    expect(await db.knex('assessment_attempts').where({ assessment_id: assessment.id })).toHaveLength(1);
    expect((await api.get(`/api/attempts/${attemptId}`, learner.headers)).body).toMatchObject({ status: 'submitted', result: res.body });
    expect(await save(attemptId, { answers: [] }, learner.headers)).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.submitted } });
    expect((await attemptRow(attemptId)).open_key).toBeNull();
  });

  it('leaves the review out while showAnswers does not allow it', async () => {
    const never = await setUp({ showAnswers: 'never', passMarkPercent: 50 }, 2);
    const a = (await start(never.assessment.id, never.learner.headers)).body;
    const all = a.questions.map((q: { id: string }) => ({ questionId: q.id, optionIds: rightOptions(never.questions, q.id) }));
    const passed = await submit(a.attemptId, { answers: all }, never.learner.headers);
    expect(passed.body).toMatchObject({ scorePercent: 100, passed: true });
    expect(passed.text).not.toMatch(/review|correct|explanation/);
  });

  it('counts two submits at once as one grading', async () => {
    const { assessment, learner } = await setUp({ maxAttempts: 3 }, 2);
    const { attemptId } = (await start(assessment.id, learner.headers)).body;
    const [a, b] = await Promise.all([submit(attemptId, {}, learner.headers), submit(attemptId, {}, learner.headers)]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.attemptsLeft).toBe(2);
  });

  it('refuses saving and handing in once the right to the course has ended (a refund), leaving the attempt open; a handed-in result is still answered', async () => {
    const { course, assessment, questions, learner } = await setUp({ maxAttempts: 3 }, 2);
    const done = (await start(assessment.id, learner.headers)).body.attemptId;
    const result = (await submit(done, {}, learner.headers)).body;
    const { attemptId } = (await start(assessment.id, learner.headers)).body;
    await db
      .knex('entitlements')
      .where({ user_id: learner.id, course_id: course.id })
      .update({ revoked_at: '2026-11-02T00:00:00.000Z', revoked_reason: 'refund' });
    const answer = { questionId: questions[0]!.id, optionIds: rightOptions(questions, questions[0]!.id) };
    const saved = await save(attemptId, { answers: [answer] }, learner.headers);
    expect(saved.status).toBe(403);
    expect(saved.body.message).toBe('You do not have access to this course.');
    expect((await submit(attemptId, { answers: [answer] }, learner.headers)).status).toBe(403);
    expect(await attemptRow(attemptId)).toMatchObject({ status: 'open', answers: '{}', score_percent: null });
    const replay = await submit(done, {}, learner.headers);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(result);
  });
});

describe('POST /api/attempts/:id/check', () => {
  it('saves a review answer and gives feedback at once; a final exam gives none', async () => {
    const { course, assessment: final, learner } = await setUp({}, 1);
    const review = await createAssessment(db.knex, { courseId: course.id, kind: 'review', title: 'Check your understanding', passMarkPercent: 0 });
    const own = await createQuestions(db.knex, { courseId: course.id, assessmentId: review.id, count: 2, kind: 'true_false' });
    const attempt = (await start(review.id, learner.headers)).body;
    expect(attempt.questions.map((q: { id: string }) => q.id)).toEqual(own.map((q) => q.id)); // not the course's bank
    const wrong = await api.request(
      'POST',
      `/api/attempts/${attempt.attemptId}/check`,
      { questionId: own[0]!.id, optionIds: [wrongOption(own, own[0]!.id)] },
      learner.headers,
    );
    expect(wrong.body).toEqual({ questionId: own[0]!.id, correct: false, correctOptionIds: rightOptions(own, own[0]!.id), explanation: 'Because of rule 1.' });
    const right = await api.request(
      'POST',
      `/api/attempts/${attempt.attemptId}/check`,
      { questionId: own[0]!.id, optionIds: rightOptions(own, own[0]!.id) },
      learner.headers,
    );
    expect(right.body.correct).toBe(true);
    expect(JSON.parse((await attemptRow(attempt.attemptId)).answers)).toEqual({ [own[0]!.id]: rightOptions(own, own[0]!.id) });
    expect(
      (await api.request('POST', `/api/attempts/${attempt.attemptId}/check`, { questionId: own[0]!.id, optionIds: [], extra: 1 }, learner.headers)).status,
    ).toBe(400);
    // Review questions: the review comes with the result whatever showAnswers says.
    expect((await submit(attempt.attemptId, {}, learner.headers)).body).toMatchObject({ scorePercent: 50, review: expect.any(Array) });

    const exam = (await start(final.id, learner.headers)).body;
    const refused = await api.request('POST', `/api/attempts/${exam.attemptId}/check`, { questionId: exam.questions[0].id, optionIds: [] }, learner.headers);
    expect(refused).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.reviewOnly } });
  });
});

describe('GET /api/me/courses/:id/assessments', () => {
  it('lists the course’s assessments with attempts used and left, the best result and the open attempt', async () => {
    const { course, assessment, questions, learner } = await setUp({ drawCount: 4, maxAttempts: 3, timeLimitMinutes: 30 }, 10);
    const review = await createAssessment(db.knex, { courseId: course.id, kind: 'review', title: 'Review 1', passMarkPercent: 0 });
    await createQuestions(db.knex, { courseId: course.id, assessmentId: review.id, count: 2 });
    await createAssessment(db.knex, { courseId: course.id, kind: 'review', title: 'Gone', deletedAt: '2026-11-03T00:00:00.000Z' });
    const url = `/api/me/courses/${course.id}/assessments`;
    expect((await api.get(url, learner.headers)).body.map((a: { title: string }) => a.title).sort()).toEqual(['Final exam', 'Review 1']);

    const first = (await start(assessment.id, learner.headers)).body;
    const half = first.questions.slice(0, 2).map((q: { id: string }) => ({ questionId: q.id, optionIds: rightOptions(questions, q.id) }));
    await submit(first.attemptId, { answers: half }, learner.headers);
    const second = (await start(assessment.id, learner.headers)).body;
    const list = (await api.get(url, learner.headers)).body;
    expect(list.find((a: { id: string }) => a.id === assessment.id)).toEqual({
      id: assessment.id,
      lessonId: null,
      title: 'Final exam',
      kind: 'final',
      questionCount: 4,
      passMarkPercent: 70,
      maxAttempts: 3,
      timeLimitMinutes: 30,
      attemptsUsed: 2,
      attemptsLeft: 1,
      best: { scorePercent: 50, passed: false, submittedAt: expect.any(String) },
      openAttemptId: second.attemptId,
    });
    expect(list.find((a: { id: string }) => a.id === review.id)).toMatchObject({
      questionCount: 2,
      attemptsUsed: 0,
      attemptsLeft: null,
      best: null,
      openAttemptId: null,
    });
    const stranger = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await api.get(url, stranger)).status).toBe(403);
  });

  it('reads the list in the same number of queries whatever the number of assessments and attempts', async () => {
    const queriesFor = async (assessments: number) => {
      const { course, learner } = await setUp({ maxAttempts: 5 }, 3);
      for (let i = 1; i < assessments; i++) {
        const review = await createAssessment(db.knex, { courseId: course.id, kind: 'review', title: `Review ${i}` });
        await createQuestions(db.knex, { courseId: course.id, assessmentId: review.id, count: 2 });
        const attempt = (await start(review.id, learner.headers)).body;
        if (i % 2) await submit(attempt.attemptId, {}, learner.headers);
      }
      let count = 0;
      const counter = () => void count++;
      db.knex.on('query', counter);
      const res = await api.get(`/api/me/courses/${course.id}/assessments`, learner.headers);
      db.knex.off('query', counter);
      expect(res.body).toHaveLength(assessments);
      expect(count).toBeGreaterThanOrEqual(5); // the course, access, assessments, question counts, attempts (and the session)
      return count;
    };
    expect(await queriesFor(8)).toBe(await queriesFor(1));
  });
});
