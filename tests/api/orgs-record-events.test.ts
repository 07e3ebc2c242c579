/**
 * Issue 33, point 5: what other domains do lands in an organisation member's training record —
 * the completion and its certificate when it is issued, a revocation with its reason — chained
 * after what was there; someone in no organisation gets no record. A course that asks for it is
 * signed with a fresh e-mail code (point 5's signature). On SQLite and (TEST_MYSQL_URL)
 * MariaDB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACKNOWLEDGEMENT_MEANING, SIGNATURE_MESSAGES, type TrainingRecord } from '@contracts/orgs';
import { createAssessment, createQuestions, rightOptions } from './support/attempt-fixtures';
import { certificateFixtures } from './support/certificate-fixtures';
import { download, pdfText } from './support/documents';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let f: ReturnType<typeof certificateFixtures>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = certificateFixtures(db, () => api, clock);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

it('a member’s completion, certificate and its revocation are entries of their record, the chain intact; a non-member has none', async () => {
  const courseId = await f.videoCourse({ title: 'GMP Refresher', code: 'GMP-101' });
  const member = await f.customer('Mia Member', courseId);
  const loner = await f.customer('Lou Loner', courseId);
  const org = await api.request('POST', '/api/orgs', { name: 'Mia Labs' }, member.headers);
  expect(org.status).toBe(201);
  await f.watchAll([member, loner], courseId);
  await f.runJobs();
  const certificate = await db.knex('certificates').where({ user_id: member.id }).first();
  const revoked = await f.write('POST', `/api/admin/certificates/${certificate.id}/revoke`, { reason: 'Issued in error' });
  expect(revoked.status, revoked.text).toBe(200);

  const answer = await api.get(`/api/orgs/${org.body.id}/members/${member.id}/record`, member.headers);
  expect(answer.status).toBe(200);
  const record = answer.body as TrainingRecord;
  expect(record).toMatchObject({ chainIntact: true, brokenAt: null });
  expect(record.entries.map((e) => [e.seq, e.type, e.courseId])).toEqual([
    [1, 'completed', courseId],
    [2, 'certificate', courseId],
    [3, 'revoked', courseId],
  ]);
  expect(record.entries[1]!.data).toMatchObject({ number: certificate.number });
  expect(record.entries[2]!.data).toMatchObject({ certificate: certificate.number, reason: 'Issued in error' });
  expect(record.entries[1]!.prevHash).toBe(record.entries[0]!.hash);
  expect(await db.knex('training_record_entries').where({ user_id: loner.id })).toEqual([]);

  // For an inspector: the PDF and the CSV say the same, and the PDF says whether the chain held.
  const recordUrl = `/api/orgs/${org.body.id}/members/${member.id}/record`;
  const pdf = await download(api.baseUrl, `${recordUrl}.pdf`, member.headers);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const words = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
  for (const expected of [
    'Training record',
    'Mia Member',
    'Mia Labs',
    'Audit trail verified',
    'GMP Refresher',
    `Certificate ${certificate.number}`,
    'revoked: Issued in error',
  ]) {
    expect(words).toContain(expected);
  }
  const csv = await api.get(`${recordUrl}.csv`, member.headers);
  expect(csv.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('seq,at,type,course,details,hash,prevHash');
  expect(csv.text).toContain(`2,2026-11-26T10:01:00.000Z,certificate,GMP Refresher,"Certificate ${certificate.number}, no expiry"`);
  expect((await api.get(`${recordUrl}.docx`, member.headers)).status).toBe(404);
  expect((await api.get(`${recordUrl}.pdf`, loner.headers)).status).toBe(404);
  // Edited afterwards: the PDF says where the trail broke.
  await db.knex('training_record_entries').where({ user_id: member.id, seq: 2 }).update({ at: '2026-01-01T00:00:00.000Z' });
  const broken = (await pdfText((await download(api.baseUrl, `${recordUrl}.pdf`, member.headers)).bytes)).replace(/\s+/g, ' ');
  expect(broken).toContain('AUDIT TRAIL BROKEN at entry 2');
});

it('a learner signs a completed course that asks for it with a fresh e-mail code: stale, wrong, spent and reused codes are refused', async () => {
  const courseId = await f.videoCourse({ title: 'SOP Reading', code: 'SOP-7' });
  const learner = await f.customer('Sia Signer', courseId);
  const email = (await db.knex('users').where({ id: learner.id }).first()).email as string;
  const askCode = () => api.request('POST', `/api/me/courses/${courseId}/signature-code`, {}, learner.headers);
  const sign = (code: string) => api.request('POST', `/api/me/courses/${courseId}/signature`, { code, meaning: ACKNOWLEDGEMENT_MEANING }, learner.headers);
  const lastCode = () => /\b(\d{6})\b/.exec(api.sent.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1] ?? '';
  const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  const status = async () => (await api.get(`/api/me/courses/${courseId}/signature`, learner.headers)).body;

  expect(await status()).toEqual({ required: false, completed: false, signature: null });
  expect((await askCode()).body.message).toBe(SIGNATURE_MESSAGES.notRequired);
  expect((await f.write('PUT', `/api/courses/${courseId}/acknowledgement`, { required: true }, learner.headers)).status).toBe(403);
  expect((await f.write('PUT', `/api/courses/${courseId}/acknowledgement`, { required: 'yes' })).status).toBe(400);
  expect((await f.write('PUT', `/api/courses/${courseId}/acknowledgement`, { required: true })).status).toBe(200);
  expect((await askCode()).body.message).toBe(SIGNATURE_MESSAGES.notCompleted);
  expect(await status()).toEqual({ required: true, completed: false, signature: null });
  await f.watchAll([learner], courseId);
  expect(await status()).toEqual({ required: true, completed: true, signature: null });

  expect((await askCode()).status).toBe(202);
  const stale = lastCode();
  expect((await askCode()).status).toBe(429);
  later(11 * 60_000);
  expect((await sign(stale)).body.message).toBe(SIGNATURE_MESSAGES.expiredCode);
  expect((await askCode()).status).toBe(202);
  const fresh = lastCode();
  for (let tries = 0; tries < 5; tries++) expect((await sign(fresh === '000000' ? '111111' : '000000')).status).toBe(400);
  expect((await sign(fresh)).body.message).toBe(SIGNATURE_MESSAGES.badCode); // spent by the wrong tries
  later(61_000);
  expect((await askCode()).status).toBe(202);
  const good = lastCode();
  expect((await sign('12345')).status).toBe(400);
  const before = (await db.knex('training_record_entries').where({ user_id: learner.id }).orderBy('seq', 'desc').first())?.hash ?? '0'.repeat(64);
  const signed = await sign(good);
  expect(signed.status, signed.text).toBe(201);
  expect(signed.body).toEqual({ courseId, printedName: 'Sia Signer', meaning: ACKNOWLEDGEMENT_MEANING, signedAt: clock.now.toISOString(), recordHash: before });
  expect([(await sign(good)).status, (await askCode()).body.message]).toEqual([409, SIGNATURE_MESSAGES.alreadySigned]);
  expect(await status()).toEqual({ required: true, completed: true, signature: signed.body });
  expect((await api.get(`/api/me/courses/not-a-course/signature`, learner.headers)).status).toBe(404);
  expect((await api.get(`/api/me/courses/${courseId}/signature`)).status).toBe(401);
  const entries = await db.knex('training_record_entries').where({ user_id: learner.id, type: 'signature' });
  expect(entries).toHaveLength(1);
  expect(JSON.parse(entries[0].data)).toMatchObject({ printedName: 'Sia Signer', meaning: ACKNOWLEDGEMENT_MEANING, recordHash: before });
});

it('a member’s final exam result is an entry of their record, once per attempt, and reads in the PDF; a review quiz is not', async () => {
  const courseId = await f.videoCourse({ title: 'Data Integrity', code: 'DI-2' });
  const member = await f.customer('Rex Result', courseId);
  const org = await api.request('POST', '/api/orgs', { name: 'Rex Labs' }, member.headers);
  expect(org.status).toBe(201);
  const exam = await createAssessment(db.knex, { courseId, title: 'DI final exam', passMarkPercent: 70 });
  const bank = await createQuestions(db.knex, { courseId, assessmentId: exam.id, count: 3 });
  const quiz = await createAssessment(db.knex, { courseId, kind: 'review', title: 'Warm-up' });
  await createQuestions(db.knex, { courseId, assessmentId: quiz.id, count: 1, from: 3 });
  const take = async (assessmentId: string, right: number) => {
    const started = await api.request('POST', `/api/assessments/${assessmentId}/attempts`, undefined, member.headers);
    expect(started.status, started.text).toBe(201);
    const questions = started.body.questions as Array<{ id: string; options: Array<{ id: string }> }>;
    const answers = questions.map((q, i) => ({ questionId: q.id, optionIds: i < right ? rightOptions(bank, q.id) : [q.options.at(-1)!.id] }));
    const submitted = await api.request('POST', `/api/attempts/${started.body.attemptId}/submit`, { answers }, member.headers);
    expect(submitted.status, submitted.text).toBe(200);
    // Asked again (a retry): the same result, and no second entry.
    expect((await api.request('POST', `/api/attempts/${started.body.attemptId}/submit`, { answers }, member.headers)).status).toBe(200);
  };
  await take(exam.id, 1);
  await take(quiz.id, 0);
  await take(exam.id, 3);
  const record = (await api.get(`/api/orgs/${org.body.id}/members/${member.id}/record`, member.headers)).body as TrainingRecord;
  expect(record.chainIntact).toBe(true);
  const results = record.entries.filter((e) => e.type === 'result');
  expect(results.map((e) => e.data)).toEqual([
    { assessment: 'DI final exam', attempt: 1, scorePercent: 33.3, passMarkPercent: 70, passed: false },
    { assessment: 'DI final exam', attempt: 2, scorePercent: 100, passMarkPercent: 70, passed: true },
  ]);
  const pdf = (await pdfText((await download(api.baseUrl, `/api/orgs/${org.body.id}/members/${member.id}/record.pdf`, member.headers)).bytes)).replace(
    /\s+/g,
    ' ',
  );
  expect(pdf).toContain('DI final exam, attempt 2: 100 % (pass mark 70 %), passed');
});
