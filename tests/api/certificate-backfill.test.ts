/**
 * Issue 32: completions recorded before certificates existed (no issuing job was ever queued) get
 * their certificate from the `certificate-backfill` job, once each however often it runs; a
 * completion already certified, one not complete, and one of a course that is gone get nothing.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificateBackfillJob, completionsWithoutCertificates } from '@api/jobs/certificate-backfill';
import { createLogger } from '@api/logger';
import { certificateFixtures } from './support/certificate-fixtures';
import { createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let f: ReturnType<typeof certificateFixtures>;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = certificateFixtures(db, () => api, clock);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const completion = (userId: string, courseId: string, completedAt: string | null) => ({
  user_id: userId,
  course_id: courseId,
  completed_at: completedAt,
  left: '[]',
  checked_at: '2026-01-10T00:00:00.000Z',
});

it('issues one certificate per old completion, however often it runs, and nothing else', async () => {
  const courseId = await f.videoCourse({ title: 'Legacy GMP' });
  const certified = await f.customer('Already Certified', courseId);
  await f.watchAll([certified], courseId);
  await f.runJobs();
  const old = await Promise.all(['Old One', 'Old Two', 'Old Three'].map((name) => createUser(db.knex, { name })));
  const notDone = await createUser(db.knex, { name: 'Not Done' });
  await db
    .knex('course_completions')
    .insert([
      ...old.map((user) => completion(user.id, courseId, '2026-01-10T00:00:00.000Z')),
      completion(notDone.id, courseId, null),
      completion(notDone.id, '00000000-0000-4000-8000-00000000dead', '2026-01-10T00:00:00.000Z'),
    ]);
  expect(await db.knex('certificates').count({ n: '*' }).first()).toMatchObject({ n: 1 });

  const missing = await completionsWithoutCertificates(db.knex);
  expect([...missing.keys()]).toEqual([courseId]);
  expect([...missing.get(courseId)!].sort()).toEqual(old.map((u) => u.id).sort());

  const job = certificateBackfillJob(db.knex);
  const run = () => job.run({ now: clock.now, signal: new AbortController().signal, logger: createLogger('silent') });
  await Promise.all([run(), run()]);
  await f.runJobs();
  await run();
  await f.runJobs();

  const rows = await db.knex('certificates').where({ course_id: courseId }).orderBy('number');
  expect(rows.map((r) => r.holder_name).sort()).toEqual(['Already Certified', 'Old One', 'Old Three', 'Old Two']);
  expect(new Set(rows.map((r) => r.number)).size).toBe(4);
  expect(rows.find((r) => r.holder_name === 'Old One')).toMatchObject({ completed_at: '2026-01-10T00:00:00.000Z', course_title: 'Legacy GMP' });
  expect(await completionsWithoutCertificates(db.knex)).toEqual(new Map());
});
