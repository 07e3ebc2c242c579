/**
 * Issue 32, points 1 and 3 (issuing and the public check): a completion queues its certificate,
 * issued by the `issue-certificates` job with a gapless yearly number, the holder's name and the
 * course as they were at issue, the course's fixed credits and `validUntil` from its validity. It
 * is issued once, whichever of several runners takes the job, and a burst of completions gets
 * distinct consecutive numbers. Anyone checks it by number (no sign-in, noindex), and it still reads
 * the same after the course and the account are renamed; a wrong or malformed number is the same
 * 404, and checks are rate limited. Staff set the settings (bad input a 400, customers 403).
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCertificatesJob } from '@api/jobs/issue-certificates';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { VERIFY_PER_MINUTE } from '@api/services/certificates/certificate-service';
import { CERTIFICATE_MESSAGES } from '@contracts/certificates';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let keys = 0;
let now = new Date('2026-11-26T10:00:00.000Z');
let courseId: string;
let holder: { id: string; headers: Record<string, string> };

const write = (method: string, url: string, body?: unknown, headers = admin) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': `certificates-${++keys}` });

const CREDITS = [
  { kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' },
  { kind: 'RAC', amount: 1.5 },
];

function runner() {
  return new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => now, queued: [issueCertificatesJob(api.app.services.certificates)] });
}

const pendingJobs = () => db.knex('queued_jobs').where({ name: 'issue-certificates' }).whereIn('status', ['queued', 'running']);

/** Two runners side by side, as two worker processes would, until no issuing job is left. */
async function runIssuing() {
  const [a, b] = [runner(), runner()];
  for (let round = 0; round < 50 && (await pendingJobs()).length > 0; round += 1) await Promise.all([a.tick(), b.tick()]);
  expect(await pendingJobs()).toEqual([]);
}

const lessonOf = new Map<string, string>();

/** A recorded course with one ready 60-second video: watching it completes the course (the default rule). */
async function videoCourse(overrides: Parameters<typeof createCourse>[1] = {}) {
  const course = await createCourse(db.knex, { type: 'recorded_course', ...overrides });
  const lesson = (await write('POST', `/api/courses/${course.id}/lessons`, { title: 'The video', kind: 'video' })).body;
  const assetId = crypto.randomUUID();
  await db
    .knex('video_assets')
    .insert({ id: assetId, status: 'ready', progress: 100, duration_seconds: 60, created_at: now.toISOString(), updated_at: now.toISOString() });
  await db.knex('lessons').where({ id: lesson.id }).update({ video_asset_id: assetId });
  lessonOf.set(course.id, lesson.id);
  return course.id as string;
}

/** A customer entitled to `course`. */
async function customer(name: string, course = courseId) {
  const user = await createUser(db.knex, { name });
  await grantEntitlement(db.knex, { userId: user.id, courseId: course });
  return { id: user.id as string, headers: auth(await createSession(db.knex, user.id)) };
}

/** Reports having watched the course's video up to `to` seconds (the progress route records a completion at 90 %). */
async function watch(person: { headers: Record<string, string> }, to: number, course = courseId) {
  const reported = await api.request('POST', `/api/lessons/${lessonOf.get(course)}/progress`, { position: to, ranges: [[0, to]] }, person.headers);
  expect(reported.status, reported.text).toBe(200);
}

/** Watches the whole video: half, then (a minute later: progress cannot run ahead of the clock) the rest. */
async function watchAll(people: Array<{ headers: Record<string, string> }>, course = courseId) {
  await Promise.all(people.map((person) => watch(person, 30, course)));
  now = new Date(now.getTime() + 60_000);
  await Promise.all(people.map((person) => watch(person, 60, course)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
  courseId = await videoCourse({ title: 'GMP Refresher', code: 'GMP-101', instructorName: 'Dr. Ada Q' });
  holder = await customer('Łucja Öztürk-中文');
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('certificate settings', () => {
  it('staff store validity, refresher and fixed credits; bad input is a 400 that changes nothing; customers are refused', async () => {
    expect((await api.get(`/api/courses/${courseId}/certificate-settings`, admin)).body).toEqual({
      validityMonths: null,
      refresherCourseId: null,
      credits: [],
    });
    for (const bad of [
      { validityMonths: 0 },
      { validityMonths: 1.5 },
      { refresherCourseId: courseId },
      { refresherCourseId: 'no-such-course' },
      { credits: [{ kind: 'XYZ', amount: 1 }] },
      { extra: 1 },
    ]) {
      const refused = await write('PUT', `/api/courses/${courseId}/certificate-settings`, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await write('PUT', `/api/courses/${courseId}/certificate-settings`, { validityMonths: 12 }, holder.headers)).status).toBe(403);
    expect((await api.get(`/api/courses/${courseId}/certificate-settings`, admin)).body).toEqual({
      validityMonths: null,
      refresherCourseId: null,
      credits: [],
    });
    const refresher = await createCourse(db.knex, { title: 'GMP Refresher 2027', type: 'recorded_course' });
    const saved = await write('PUT', `/api/courses/${courseId}/certificate-settings`, {
      validityMonths: 12,
      refresherCourseId: refresher.id,
      credits: CREDITS,
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await api.get(`/api/courses/${courseId}/certificate-settings`, admin)).body).toEqual({
      validityMonths: 12,
      refresherCourseId: refresher.id,
      credits: CREDITS,
    });
    const audit = await db.knex('audit_entries').where({ entity_id: courseId }).orderBy('created_at', 'desc').first();
    expect(audit.summary).toBe('Set the certificate settings of "GMP Refresher"');
  });
});

describe('issuing', () => {
  it('a completion is issued a numbered certificate with its facts as at issue, listed to its holder', async () => {
    await watchAll([holder]);
    const library = await api.get('/api/me/library', holder.headers);
    expect(library.body.find((entry: { courseId: string }) => entry.courseId === courseId).completedAt).toBe(now.toISOString());
    // Not before the job has run.
    expect((await api.get('/api/me/certificates', holder.headers)).body).toEqual([]);
    await runIssuing();
    const list = (await api.get('/api/me/certificates', holder.headers)).body;
    expect(list).toEqual([
      {
        id: expect.any(String),
        number: 'CERT-2026-000001',
        courseId,
        courseTitle: 'GMP Refresher',
        issuedAt: now.toISOString(),
        validUntil: '2027-11-26T10:01:00.000Z',
        status: 'valid',
        credits: CREDITS,
        verifyUrl: expect.stringMatching(/\/verify\/CERT-2026-000001$/),
      },
    ]);
    // Someone else's list does not show it.
    const other = await customer('Other Person', (await createCourse(db.knex, { type: 'recorded_course' })).id);
    expect((await api.get('/api/me/certificates', other.headers)).body).toEqual([]);
    expect((await api.get('/api/me/certificates')).status).toBe(401);
  });

  it('is issued once: the same completion judged again and its jobs run again by two runners issue nothing more', async () => {
    await api.app.services.completions.recompute(courseId, [holder.id]);
    await db.knex('queued_jobs').where({ name: 'issue-certificates' }).update({ status: 'queued', run_at: now.toISOString() });
    await runIssuing();
    expect(await api.app.services.certificates.issue(courseId, [holder.id])).toBe(0);
    expect(await db.knex('certificates').where({ user_id: holder.id })).toHaveLength(1);
  });

  it('a burst of completions, issued by two runners at once, gets one certificate each with consecutive numbers', async () => {
    const burst = await videoCourse({ title: 'Burst Course' });
    const people = [];
    for (let i = 0; i < 120; i += 1) people.push(await customer(`Burst ${i}`, burst));
    await watchAll(people, burst);
    await runIssuing();
    const issued = await db.knex('certificates').where({ course_id: burst }).select('user_id', 'number');
    expect(new Set(issued.map((row) => row.user_id)).size).toBe(120);
    expect(issued).toHaveLength(120);
    const sequence = (await db.knex('certificates').select('number')).map((row) => Number(row.number.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
  });
});

describe('verify', () => {
  it('anyone checks a certificate by number, not indexed; renaming the course and the account changes nothing it says', async () => {
    await db.knex('courses').where({ id: courseId }).update({ title: 'Renamed Course' });
    await db.knex('users').where({ id: holder.id }).update({ name: 'Someone Else' });
    const checked = await api.get('/api/verify/CERT-2026-000001');
    expect(checked.status).toBe(200);
    expect(checked.headers.get('x-robots-tag')).toBe('noindex');
    expect(checked.body).toMatchObject({
      number: 'CERT-2026-000001',
      holderName: 'Łucja Öztürk-中文',
      courseTitle: 'GMP Refresher',
      courseCode: 'GMP-101',
      format: 'self_study',
      sessionDate: null,
      instructorName: 'Dr. Ada Q',
      credits: CREDITS,
      validUntil: '2027-11-26T10:01:00.000Z',
      status: 'valid',
      revokedAt: null,
      issuer: { name: 'LifeScience Academy Inc.' },
    });
  });

  it('the QR code’s page shows the same facts to anyone, escaped, never indexed; an unknown number is a 404 page', async () => {
    await db.knex('certificates').where({ number: 'CERT-2026-000001' }).update({ holder_name: '<script>alert(1)</script> Łucja' });
    const page = await api.get('/verify/CERT-2026-000001');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.text).toContain('<h1>Certificate CERT-2026-000001</h1>');
    expect(page.text).toContain('Valid until 26 Nov 2027');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Łucja');
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('1.5 CPE — Regulatory Ethics; 1.5 RAC');
    expect(page.text).toContain('GMP Refresher (GMP-101)');
    expect(page.text).toContain('Self-study');
    await db.knex('certificates').where({ number: 'CERT-2026-000001' }).update({ holder_name: 'Łucja Öztürk-中文' });
    const missing = await api.get('/verify/CERT-2026-999998');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Certificate not found');
    expect(missing.text).toContain(CERTIFICATE_MESSAGES.notFound);
  });

  it('a wrong, guessed or malformed number is the same 404; too many checks are a 429 that says when to retry', async () => {
    now = new Date('2026-11-26T12:00:00.000Z');
    for (const number of ['CERT-2026-999999', 'CERT-2025-000001', 'nonsense', "CERT-2026-000001' OR 1=1"]) {
      const missing = await api.get(`/api/verify/${encodeURIComponent(number)}`);
      expect(missing.status, number).toBe(404);
      expect(missing.body.message).toBe(CERTIFICATE_MESSAGES.notFound);
    }
    for (let i = 4; i < VERIFY_PER_MINUTE; i += 1) expect((await api.get('/api/verify/CERT-2026-000001')).status).toBe(200);
    const limited = await api.get('/api/verify/CERT-2026-000001');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    now = new Date('2026-11-26T12:01:01.000Z');
    expect((await api.get('/api/verify/CERT-2026-000001')).status).toBe(200);
  });

  it('reads expired from its validity on', async () => {
    now = new Date('2027-11-26T10:01:00.000Z');
    expect((await api.get('/api/verify/CERT-2026-000001')).body.status).toBe('expired');
    expect((await api.app.services.certificates.mine(holder.id))[0]!.status).toBe('expired');
  });
});
