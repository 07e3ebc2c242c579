/**
 * Issue 29, point 7: progress is the watched ranges merged on the server — idempotent and
 * order-independent, clipped to the duration — and the resume point follows the person to another
 * device. "No skipping ahead" counts only contiguous watching. Watched time counts only as fast as
 * it can have been watched (the player's fastest speed, 2×, over the time since the last report,
 * plus a little slack; the server's clock is a fake one here). Nonsense is a 400 that changes
 * nothing. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let keys = 0;
let now = new Date();
/** The server's clock moves on `seconds`. */
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

const write = (method: string, url: string, body?: unknown) => api.request(method, url, body, { ...admin, 'Idempotency-Key': `progress-${++keys}` });

/** A course with one ready 600-second video lesson and a learner granted it (plus a second device's session). */
async function setUp(noSkipping = false) {
  const course = await createCourse(db.knex, { title: 'Progress course', type: 'recorded_course' });
  if (noSkipping) expect((await write('PUT', `/api/courses/${course.id}/content-settings`, { noSkipping: true })).status).toBe(200);
  const lesson = (await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Ten minutes', kind: 'video' })).body;
  const assetId = crypto.randomUUID();
  const nowIso = new Date().toISOString();
  await db.knex('video_assets').insert({ id: assetId, status: 'ready', progress: 100, duration_seconds: 600, created_at: nowIso, updated_at: nowIso });
  await db.knex('lessons').where({ id: lesson.id }).update({ video_asset_id: assetId });
  const user = await createUser(db.knex);
  expect((await write('POST', '/api/admin/entitlements', { email: user.email, courseId: course.id })).status).toBe(201);
  return { course, lessonId: lesson.id as string, laptop: auth(await createSession(db.knex, user.id)), phone: auth(await createSession(db.knex, user.id)) };
}

const report = (lessonId: string, body: unknown, headers: Record<string, string>) => api.request('POST', `/api/lessons/${lessonId}/progress`, body, headers);

describe('POST /api/lessons/:id/progress', () => {
  it('merges ranges in any order, any number of times, and resumes on another device', async () => {
    const { lessonId, laptop, phone } = await setUp();
    expect((await report(lessonId, { position: 0, ranges: [] }, laptop)).status).toBe(200);
    later(300);
    const reports = [
      { position: 30, ranges: [[0, 30]] },
      { position: 300, ranges: [[200, 300]] },
      { position: 100, ranges: [[25, 100]] },
    ];
    for (const body of [...reports, ...reports.reverse()]) expect((await report(lessonId, body, laptop)).status).toBe(200);
    const last = await report(lessonId, { position: 300, ranges: [[100.5, 150]] }, laptop);
    expect(last.body).toMatchObject({
      ranges: [
        [0, 150],
        [200, 300],
      ],
      watchedSeconds: 250,
      watchedPercent: 41,
      position: 300,
    });
    // The other device starts where the first stopped.
    const playback = await api.get(`/api/lessons/${lessonId}/playback`, phone);
    expect(playback.body.resumeAtSeconds).toBe(300);
    expect(playback.body.furthestSeconds).toBe(150);
    const syllabus = await api.get(`/api/courses/${(await db.knex('lessons').where({ id: lessonId }).first()).course_id}/lessons`, phone);
    expect(syllabus.body.modules[0].lessons[0].watchedPercent).toBe(41);
    const library = await api.get('/api/me/library', phone);
    expect(library.body[0]).toMatchObject({ progressPercent: 41, lastLessonId: lessonId });
  });

  it('clips a small overshoot to the duration and refuses nonsense with a 400 that changes nothing', async () => {
    const { lessonId, laptop } = await setUp();
    expect((await report(lessonId, { position: 601, ranges: [[590, 601]] }, laptop)).body).toMatchObject({ ranges: [[590, 600]], position: 600 });
    const bad = [
      { position: 10, ranges: [[0, 5000]] },
      { position: 10, ranges: [[-5, 10]] },
      { position: 10, ranges: [[20, 10]] },
      { position: 'NaN', ranges: [] },
      { position: 10, ranges: [[0, null]] },
      { position: 10, ranges: Array.from({ length: 10_000 }, (_, i) => [i / 100, i / 100 + 0.001]) },
      { position: 10 },
      { position: 10, ranges: [], extra: true },
    ];
    for (const body of bad) expect((await report(lessonId, body, laptop)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await api.request('POST', `/api/lessons/${lessonId}/progress`, '{"position": NaN}', laptop)).status).toBe(400);
    const row = await db.knex('lesson_progress').where({ lesson_id: lessonId }).first();
    expect(JSON.parse(row.ranges)).toEqual([[590, 600]]);
  });

  it('refuses progress for a lesson the person is not entitled to (403) or signed out (401)', async () => {
    const { lessonId } = await setUp();
    const stranger = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await report(lessonId, { position: 5, ranges: [[0, 5]] }, stranger)).status).toBe(403);
    expect((await report(lessonId, { position: 5, ranges: [[0, 5]] }, {})).status).toBe(401);
    expect(await db.knex('lesson_progress').where({ lesson_id: lessonId })).toEqual([]);
  });

  it('counts only contiguous watching when the course forbids skipping ahead', async () => {
    const { lessonId, laptop } = await setUp(true);
    expect((await report(lessonId, { position: 0, ranges: [] }, laptop)).status).toBe(200);
    later(60);
    const skipped = await report(
      lessonId,
      {
        position: 400,
        ranges: [
          [0, 60],
          [300, 400],
        ],
      },
      laptop,
    );
    expect(skipped.body).toMatchObject({ ranges: [[0, 60]], watchedSeconds: 60, position: 60 });
    const caughtUp = await report(lessonId, { position: 120, ranges: [[59, 120]] }, laptop);
    expect(caughtUp.body).toMatchObject({ ranges: [[0, 120]], position: 120 });
    expect((await api.get(`/api/lessons/${lessonId}/playback`, laptop)).body).toMatchObject({ noSkipping: true, furthestSeconds: 120 });
  });

  it('keeps every report when many arrive at once', async () => {
    const { lessonId, laptop } = await setUp();
    expect((await report(lessonId, { position: 0, ranges: [] }, laptop)).status).toBe(200);
    later(300);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => report(lessonId, { position: i * 50 + 50, ranges: [[i * 50, i * 50 + 40]] }, laptop)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = await db.knex('lesson_progress').where({ lesson_id: lessonId }).first();
    expect(JSON.parse(row.ranges)).toHaveLength(12);
    expect(Number(row.watched_seconds)).toBe(480);
  });
});

describe('POST /api/lessons/:id/progress counts watching only as fast as it can have happened', () => {
  const progressOf = async (lessonId: string) => {
    const row = await db.knex('lesson_progress').where({ lesson_id: lessonId }).first();
    return { ranges: JSON.parse(row.ranges), watchedSeconds: Number(row.watched_seconds), position: Number(row.position) };
  };

  it('counts of a whole video claimed at once only what the time allows, and quick reports add nothing more', async () => {
    const { lessonId, laptop } = await setUp();
    // A first report may hold one reporting interval (15 s) at 2×, plus 10 s.
    const claim = await report(lessonId, { position: 600, ranges: [[0, 600]] }, laptop);
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({ ranges: [[0, 40]], watchedSeconds: 40, watchedPercent: 6, position: 600 });
    later(60);
    expect((await report(lessonId, { position: 600, ranges: [[0, 600]] }, laptop)).body).toMatchObject({ ranges: [[0, 160]], watchedSeconds: 160 });
    // Many reports at the same moment cannot add slack to slack.
    for (let i = 0; i < 10; i++) {
      const quick = await report(lessonId, { position: 600, ranges: [[160 + i * 10, 170 + i * 10]] }, laptop);
      expect(quick.status).toBe(200);
      expect(quick.body.watchedSeconds).toBe(160);
    }
    expect(await progressOf(lessonId)).toEqual({ ranges: [[0, 160]], watchedSeconds: 160, position: 600 });
    expect((await api.get(`/api/lessons/${lessonId}/playback`, laptop)).body.furthestSeconds).toBe(160);
  });

  it('counts in full steady reports of what was watched at 1× and at 2×, a little early or late', async () => {
    const { lessonId, laptop } = await setUp();
    for (let at = 0; at < 600; at += 10) {
      const steady = await report(lessonId, { position: at + 10, ranges: [[at, at + 10]] }, laptop);
      expect(steady.body.watchedSeconds).toBe(at + 10);
      later(10);
    }
    expect(await progressOf(lessonId)).toEqual({ ranges: [[0, 600]], watchedSeconds: 600, position: 600 });

    const fast = await setUp();
    for (let at = 0, i = 0; at < 600; at += 30, i++) {
      expect((await report(fast.lessonId, { position: at + 30, ranges: [[at, at + 30]] }, fast.laptop)).body.watchedSeconds).toBe(at + 30);
      later(i % 2 ? 18 : 12);
    }
    expect((await api.get(`/api/courses/${fast.course.id}/lessons`, fast.laptop)).body.modules[0].lessons[0].watchedPercent).toBe(100);
  });

  it('keeps the resume point of a "no skipping ahead" lesson within what was watched from the start', async () => {
    const { lessonId, laptop } = await setUp(true);
    expect((await report(lessonId, { position: 500, ranges: [[0, 30]] }, laptop)).body).toMatchObject({ ranges: [[0, 30]], position: 30 });
    // The whole video claimed right after: only the pace's worth counts, and the position stops there.
    expect((await report(lessonId, { position: 600, ranges: [[0, 600]] }, laptop)).body).toMatchObject({ ranges: [[0, 40]], position: 40 });
    later(120);
    expect((await report(lessonId, { position: 590, ranges: [[500, 590]] }, laptop)).body).toMatchObject({ ranges: [[0, 40]], position: 40 });
    // Going back is allowed.
    expect((await report(lessonId, { position: 12, ranges: [] }, laptop)).body).toMatchObject({ ranges: [[0, 40]], position: 12 });
    expect((await api.get(`/api/lessons/${lessonId}/playback`, laptop)).body).toMatchObject({ resumeAtSeconds: 12, furthestSeconds: 40, noSkipping: true });
    expect(await progressOf(lessonId)).toEqual({ ranges: [[0, 40]], watchedSeconds: 40, position: 12 });
  });

  it('counts a backlog sent after being offline, in parts and beside a live report', async () => {
    const { lessonId, laptop, phone } = await setUp();
    expect((await report(lessonId, { position: 15, ranges: [[0, 15]] }, laptop)).body.watchedSeconds).toBe(15);
    // Offline for ten minutes, watching the rest; back online, the kept report goes in two parts while the player reports too.
    later(600);
    const [first, live, second] = await Promise.all([
      report(lessonId, { position: 300, ranges: [[15, 300]] }, laptop),
      report(lessonId, { position: 20, ranges: [[0, 20]] }, phone),
      report(lessonId, { position: 600, ranges: [[300, 600]] }, laptop),
    ]);
    expect([first.status, live.status, second.status]).toEqual([200, 200, 200]);
    expect((await progressOf(lessonId)).ranges).toEqual([[0, 600]]);
    expect((await api.get('/api/me/library', laptop)).body[0]).toMatchObject({ progressPercent: 100 });
  });
});
