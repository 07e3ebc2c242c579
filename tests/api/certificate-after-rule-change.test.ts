/**
 * Issue 32, bad input: staff change a course's completion rule after a certificate was issued
 * (here: a final exam is now required). The completion keeps the moment it first held, the
 * certificate stays valid and says what it said (the evidence is not rewritten by a later rule);
 * the change is audited, and whether the certificate should stand is an admin's decision: a
 * revocation with its reason, audited too. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCompletionRuleJob } from '@api/jobs/apply-completion-rule';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { certificateFixtures } from './support/certificate-fixtures';
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

it('a stricter rule after issue leaves the completion and the certificate as they were; revoking is an audited decision', async () => {
  const courseId = await f.videoCourse({ title: 'GMP Rule Change' });
  const holder = await f.customer('Ada Lovelace', courseId);
  await f.watchAll([holder], courseId);
  await f.runJobs();
  const [before] = (await api.get('/api/me/certificates', holder.headers)).body;
  const completedAt = (await db.knex('course_completions').where({ user_id: holder.id, course_id: courseId }).first()).completed_at;
  expect(completedAt).not.toBeNull();

  const changed = await f.write('PUT', `/api/courses/${courseId}/completion-rule`, { minWatchedPercent: 90, watchedScope: 'each', finalExamPassed: true });
  expect(changed.status, changed.text).toBe(200);
  const runner = new JobRunner({
    knex: db.knex,
    logger: createLogger('silent'),
    clock: () => clock.now,
    queued: [applyCompletionRuleJob(api.app.services.completions)],
  });
  for (let round = 0; round < 5; round += 1) await runner.tick();
  await f.runJobs();

  const row = await db.knex('course_completions').where({ user_id: holder.id, course_id: courseId }).first();
  expect(row.completed_at).toBe(completedAt);
  const after = (await api.get('/api/me/certificates', holder.headers)).body;
  expect(after).toEqual([before]);
  expect((await api.get(`/api/verify/${before.number}`)).body).toMatchObject({ status: 'valid', courseTitle: 'GMP Rule Change', holderName: 'Ada Lovelace' });
  expect(await db.knex('audit_entries').where({ entity_id: courseId }).where('summary', 'like', 'Set the completion rule%')).toHaveLength(1);

  const revoked = await f.write('POST', `/api/admin/certificates/${before.id}/revoke`, { reason: 'Completed before the final exam was required' });
  expect(revoked.status, revoked.text).toBe(200);
  const audit = await db.knex('audit_entries').where({ entity: 'certificate', entity_id: before.id }).first();
  expect(audit.summary).toBe(`Revoked certificate ${before.number} of Ada Lovelace: Completed before the final exam was required`);
  expect((await api.get(`/api/verify/${before.number}`)).body).toMatchObject({
    status: 'revoked',
    revokedReason: 'Completed before the final exam was required',
  });
});
