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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_PER_MINUTE } from '@api/services/certificates/certificate-service';
import { CERTIFICATE_MESSAGES } from '@contracts/certificates';
import { Certificate } from '@db/models';
import { certificateFixtures, type Person } from './support/certificate-fixtures';
import { download, pdfQrCode, pdfText } from './support/documents';
import { createCourse } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let courseId: string;
let holder: Person;
let certificateId: string;
let f: ReturnType<typeof certificateFixtures>;

const CREDITS = [
  { kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' },
  { kind: 'RAC', amount: 1.5 },
];
const write = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => f.write(method, url, body, headers);
const customer = (name: string, course = courseId) => f.customer(name, course);

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = certificateFixtures(db, () => api, clock);
  admin = await f.adminHeaders();
  courseId = await f.videoCourse({ title: 'GMP Refresher', code: 'GMP-101', instructorName: 'Dr. Ada Q' });
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
    await f.watchAll([holder], courseId);
    const library = await api.get('/api/me/library', holder.headers);
    expect(library.body.find((entry: { courseId: string }) => entry.courseId === courseId).completedAt).toBe(clock.now.toISOString());
    // Not before the job has run.
    expect((await api.get('/api/me/certificates', holder.headers)).body).toEqual([]);
    await f.runJobs();
    const list = (await api.get('/api/me/certificates', holder.headers)).body;
    certificateId = list[0]?.id;
    expect(list).toEqual([
      {
        id: expect.any(String),
        number: 'CERT-2026-000001',
        courseId,
        courseTitle: 'GMP Refresher',
        issuedAt: clock.now.toISOString(),
        validUntil: '2027-11-26T10:01:00.000Z',
        status: 'valid',
        revokedAt: null,
        revokedReason: null,
        credits: CREDITS,
        pdfUrl: expect.stringMatching(/^\/api\/certificates\/[0-9a-f-]{36}\/pdf$/),
        credentialUrl: expect.stringMatching(/^\/api\/certificates\/[0-9a-f-]{36}\/credential\.json$/),
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
    await db.knex('queued_jobs').where({ name: 'issue-certificates' }).update({ status: 'queued', run_at: clock.now.toISOString() });
    await f.runJobs();
    expect(await api.app.services.certificates.issue(courseId, [holder.id])).toBe(0);
    expect(await db.knex('certificates').where({ user_id: holder.id })).toHaveLength(1);
  });

  it('a burst of completions, issued by two runners at once, gets one certificate each with consecutive numbers', async () => {
    const burst = await f.videoCourse({ title: 'Burst Course' });
    const people = [];
    for (let i = 0; i < 120; i += 1) people.push(await customer(`Burst ${i}`, burst));
    await f.watchAll(people, burst);
    await f.runJobs();
    const issued = await db.knex('certificates').where({ course_id: burst }).select('user_id', 'number');
    expect(new Set(issued.map((row) => row.user_id)).size).toBe(120);
    expect(issued).toHaveLength(120);
    const sequence = (await db.knex('certificates').select('number')).map((row) => Number(row.number.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
  });
});

describe('the PDF', () => {
  it('prints every script of the holder’s name, the course, credits, number, validity and where to verify; for the holder and admins only', async () => {
    const file = await download(api.baseUrl, `/api/certificates/${certificateId}/pdf`, holder.headers);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="CERT-2026-000001.pdf"');
    // The QR code opens the verify page (read first: pdf.js takes the bytes it is given).
    expect(pdfQrCode(file.bytes)).toBe(api.app.services.certificates.verifyUrl('CERT-2026-000001'));
    const text = (await pdfText(file.bytes)).replace(/\s+/g, ' ');
    for (const expected of [
      'Certificate of Completion',
      'Łucja Öztürk-中文',
      'GMP Refresher',
      'GMP-101 · Self-study · Completed 26 Nov 2026',
      'Credits: 1.5 CPE — Regulatory Ethics; 1.5 RAC',
      'CPE credits are based on a 50-minute hour.',
      'Instructor: Dr. Ada Q',
      'Certificate number: CERT-2026-000001',
      'Valid until: 26 Nov 2027',
      'Verify: http',
      '/verify/CERT-2026-000001',
      'LifeScience Academy Inc.',
    ])
      expect(text, expected).toContain(expected);
    const stranger = await customer('Nosy Parker');
    expect((await api.get(`/api/certificates/${certificateId}/pdf`, stranger.headers)).status).toBe(404);
    expect((await api.get(`/api/certificates/${certificateId}/pdf`)).status).toBe(401);
    expect((await api.get(`/api/certificates/${certificateId}/pdf`, admin)).status).toBe(200);
    expect((await api.get('/api/certificates/not-an-id/pdf', holder.headers)).status).toBe(404);
  });

  it('prints Greek, Cyrillic and Chinese names, and drops control characters', async () => {
    const { renderCertificatePdf } = await import('@api/services/certificates/certificate-document');
    const facts = api.app.services.certificates.factsOf((await Certificate.query(db.knex).findOne({ number: 'CERT-2026-000001' }))!);
    const bytes = await renderCertificatePdf({ ...facts, holderName: 'Ωmega Γιώργος Ёжиков 王小明\u0007\u202e' }, 'https://example.test/verify/x');
    const text = await pdfText(new Uint8Array(bytes));
    expect(text).toContain('Ωmega Γιώργος Ёжиков 王小明');
    expect([...text].some((ch) => ch === '\u0007' || ch === '\u202e')).toBe(false);
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
    clock.now = new Date('2026-11-26T12:00:00.000Z');
    for (const number of ['CERT-2026-999999', 'CERT-2025-000001', 'nonsense', "CERT-2026-000001' OR 1=1"]) {
      const missing = await api.get(`/api/verify/${encodeURIComponent(number)}`);
      expect(missing.status, number).toBe(404);
      expect(missing.body.message).toBe(CERTIFICATE_MESSAGES.notFound);
    }
    for (let i = 4; i < VERIFY_PER_MINUTE; i += 1) expect((await api.get('/api/verify/CERT-2026-000001')).status).toBe(200);
    const limited = await api.get('/api/verify/CERT-2026-000001');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.now = new Date('2026-11-26T12:01:01.000Z');
    expect((await api.get('/api/verify/CERT-2026-000001')).status).toBe(200);
  });

  it('reads expired from its validity on', async () => {
    clock.now = new Date('2027-11-26T10:01:00.000Z');
    expect((await api.get('/api/verify/CERT-2026-000001')).body.status).toBe('expired');
    expect((await api.app.services.certificates.mine(holder.id))[0]!.status).toBe('expired');
  });
});
