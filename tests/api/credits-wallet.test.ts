/**
 * Issue 32, point 7 (My credits): the holder's wallet lists the certificates issued here and the
 * ones from elsewhere they add (self-reported, with a PDF checked by its bytes), totals credits per
 * type over a period of years against the recertification goals (a revoked certificate is listed,
 * not counted), and hands out the same lines as a CSV and a PDF transcript. Bad input is a 4xx that
 * changes nothing; nobody sees or changes another holder's lines. On SQLite and (TEST_MYSQL_URL)
 * MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_REPORTED_MESSAGES } from '@contracts/credits-wallet';
import { selfReportedSweepJob } from '@api/jobs/self-reported-sweep';
import { createLogger } from '@api/logger';
import { certificateFixtures, type Person } from './support/certificate-fixtures';
import { download, pdfText } from './support/documents';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let f: ReturnType<typeof certificateFixtures>;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let holder: Person;
let other: Person;
let revokedCourse: string;

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const pdfHeaders = (person: Person) => ({ ...person.headers, 'Content-Type': 'application/pdf' });
const wallet = async (person: Person, query = '') => {
  const response = await api.get(`/api/me/credits${query}`, person.headers);
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const GOOD = {
  title: 'ASQ CQA Refresher',
  provider: 'ASQ',
  completedOn: '2025-03-14',
  credits: [{ kind: 'RAC', amount: 3 }],
  certificateNumber: 'ASQ-77',
};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now, limits: { documentMaxMb: 0.01 } });
  f = certificateFixtures(db, () => api, clock);
  const courseId = await f.videoCourse({ title: 'GMP Essentials' });
  expect(
    (
      await f.write('PUT', `/api/courses/${courseId}/certificate-settings`, {
        credits: [
          { kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' },
          { kind: 'RAC', amount: 1.5 },
        ],
      })
    ).status,
  ).toBe(200);
  revokedCourse = await f.videoCourse({ title: 'Revoked One' });
  expect((await f.write('PUT', `/api/courses/${revokedCourse}/certificate-settings`, { credits: [{ kind: 'RAC', amount: 10 }] })).status).toBe(200);
  holder = await f.customer('Ada Lovelace', courseId);
  await (await import('./support/factories')).grantEntitlement(db.knex, { userId: holder.id, courseId: revokedCourse });
  other = await f.customer('Jon Smith', courseId);
  await f.watchAll([holder], courseId);
  await f.watchAll([holder], revokedCourse);
  await f.runJobs();
  const revoked = (await api.get('/api/me/certificates', holder.headers)).body.find((c: { courseTitle: string }) => c.courseTitle === 'Revoked One');
  expect((await f.write('POST', `/api/admin/certificates/${revoked.id}/revoke`, { reason: 'Issued in error' })).status).toBe(200);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('the wallet', () => {
  it('lists the certificates issued here and totals their credits over the last three years, a revoked one listed but not counted', async () => {
    const body = await wallet(holder);
    expect(body.period).toEqual({ from: 2024, to: 2026 });
    expect(body.entries.map((e: any) => [e.title, e.source, e.statusText, e.counted])).toEqual([
      ['GMP Essentials', 'issued', 'Valid', true],
      ['Revoked One', 'issued', expect.stringMatching(/^Revoked on .*: Issued in error$/), false],
    ]);
    expect(body.entries[0]).toMatchObject({ provider: 'LifeScience Academy Inc.', completedOn: '2026-11-26', number: expect.stringMatching(/^CERT-2026-/) });
    expect(body.totals).toEqual([
      { kind: 'CPE', amount: 1.5, goal: { amount: 120, years: 3 } },
      { kind: 'RAC', amount: 1.5, goal: { amount: 36, years: 3 } },
    ]);
    expect((await wallet(other)).entries).toEqual([]);
    expect((await api.get('/api/me/credits')).status).toBe(401);
  });

  it('refuses a malformed period', async () => {
    for (const query of ['?from=abc', '?from=2027&to=2026', '?from=1200', '?extra=1']) {
      expect((await api.get(`/api/me/credits${query}`, holder.headers)).status, query).toBe(400);
    }
    expect((await wallet(holder, '?from=2020&to=2021')).entries).toEqual([]);
  });
});

describe('self-reported certificates', () => {
  it('refuses bad input and adds nothing', async () => {
    const bad: Array<[object, string | RegExp]> = [
      [{ ...GOOD, title: ' ' }, SELF_REPORTED_MESSAGES.title],
      [{ ...GOOD, completedOn: '2026-02-30' }, SELF_REPORTED_MESSAGES.completedOn],
      [{ ...GOOD, completedOn: '2026-12-01' }, SELF_REPORTED_MESSAGES.completedOn],
      [{ ...GOOD, credits: [] }, SELF_REPORTED_MESSAGES.credits],
      [{ ...GOOD, credits: [{ kind: 'XYZ', amount: 1 }] }, 'Choose a credit type'],
      [{ ...GOOD, credits: [{ kind: 'RAC', amount: 0 }] }, SELF_REPORTED_MESSAGES.amount],
      [{ ...GOOD, verified: true }, /Unknown field "verified"/],
    ];
    for (const [body, message] of bad) {
      const refused = await api.request('POST', '/api/me/credits/self-reported', body, holder.headers);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect((await api.request('POST', '/api/me/credits/self-reported', GOOD)).status).toBe(401);
    expect(await db.knex('self_reported_certificates')).toEqual([]);
  });

  it('adds one marked self-reported, counted in the totals; its PDF is checked by its bytes and only its holder gets it', async () => {
    const added = await api.request('POST', '/api/me/credits/self-reported', GOOD, holder.headers);
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      source: 'self_reported',
      statusText: 'Self-reported',
      title: 'ASQ CQA Refresher',
      provider: 'ASQ',
      pdfUrl: null,
      counted: true,
    });
    const id = added.body.id as string;
    const pdfPath = `/api/me/credits/self-reported/${id}/pdf`;

    expect((await api.request('PUT', pdfPath, 'just some text', { ...holder.headers, 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await api.request('PUT', pdfPath, 'GIF89a not a pdf at all', pdfHeaders(holder))).status).toBe(415);
    expect((await api.request('PUT', pdfPath, `%PDF-1.4\n${'x'.repeat(12 * 1024)}\n%%EOF`, pdfHeaders(holder))).status).toBe(413);
    expect((await api.request('PUT', pdfPath, PDF, pdfHeaders(other))).status).toBe(404);
    expect((await api.get(pdfPath, holder.headers)).status).toBe(404); // nothing attached yet
    const attached = await api.request('PUT', pdfPath, PDF, pdfHeaders(holder));
    expect(attached.status, attached.text).toBe(200);

    const file = await download(api.baseUrl, pdfPath, holder.headers);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes).toString('latin1')).toBe(PDF);
    expect((await api.get(pdfPath, other.headers)).status).toBe(404);

    const body = await wallet(holder);
    expect(body.entries.find((e: any) => e.id === id)).toMatchObject({ pdfUrl: pdfPath, completedOn: '2025-03-14', number: 'ASQ-77' });
    expect(body.totals.find((t: any) => t.kind === 'RAC')).toEqual({ kind: 'RAC', amount: 4.5, goal: { amount: 36, years: 3 } });
    expect((await wallet(holder, '?from=2026&to=2026')).totals.find((t: any) => t.kind === 'RAC').amount).toBe(1.5);
    expect((await wallet(other)).entries).toEqual([]);
  });

  it('the transcript: the same lines as CSV (formulas neutralised) and as a PDF with the totals', async () => {
    const formula = await api.request(
      'POST',
      '/api/me/credits/self-reported',
      { ...GOOD, title: '=HYPERLINK("http://evil")', completedOn: '2024-01-02' },
      holder.headers,
    );
    expect(formula.status).toBe(201);
    const csv = await api.get('/api/me/credits/transcript.csv', holder.headers);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="credits-transcript-2024-2026.csv"');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('completedOn,title,provider,certificateNumber,credits,source,status,counted,verifyUrl');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^2026-11-26,GMP Essentials,LifeScience Academy Inc\.,CERT-2026-\d{6},1\.5 CPE — Regulatory Ethics; 1\.5 RAC,issued,Valid,yes,http:\/\/localhost:3000\/verify\/CERT-/,
    );
    expect(lines.find((l) => l.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const pdf = await download(api.baseUrl, '/api/me/credits/transcript.pdf?from=2024&to=2026', holder.headers);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('RAC: 7.5 of 36 in 2024–2026');
    expect(text).toContain('CPE: 1.5 of 120 in 2024–2026');
    expect(text).toContain('ASQ CQA Refresher');
    expect(text).toContain('Self-reported');
    expect((await api.get('/api/me/credits/transcript.pdf?from=x', holder.headers)).status).toBe(400);
  });

  it('the holder removes one with its PDF; nobody else can', async () => {
    const [line] = await db.knex('self_reported_certificates').where({ user_id: holder.id, title: 'ASQ CQA Refresher' });
    expect((await api.request('DELETE', `/api/me/credits/self-reported/${line.id}`, undefined, other.headers)).status).toBe(404);
    expect((await api.request('DELETE', `/api/me/credits/self-reported/${line.id}`, undefined, holder.headers)).status).toBe(204);
    expect((await api.get(`/api/me/credits/self-reported/${line.id}/pdf`, holder.headers)).status).toBe(404);
    expect((await wallet(holder)).entries.some((e: any) => e.id === line.id)).toBe(false);
  });

  it('a line whose PDF never came is dropped by the sweep an hour after it was added; one with its PDF stays', async () => {
    const add = async (title: string) => {
      const response = await api.request('POST', '/api/me/credits/self-reported', { ...GOOD, title }, holder.headers);
      expect(response.status, response.text).toBe(201);
      return response.body.id as string;
    };
    const cutOff = await add('Upload cut off');
    const complete = await add('With its PDF');
    expect((await api.request('PUT', `/api/me/credits/self-reported/${complete}/pdf`, PDF, pdfHeaders(holder))).status).toBe(200);
    const sweep = selfReportedSweepJob(api.app.services.creditsWallet);
    const run = (minutes: number) =>
      sweep.run({ now: new Date(clock.now.getTime() + minutes * 60_000), signal: new AbortController().signal, logger: createLogger('silent') });
    const listed = async () => (await wallet(holder, '?from=2025&to=2025')).entries.map((e: any) => e.title);

    await run(59);
    expect(await listed()).toEqual(expect.arrayContaining(['Upload cut off', 'With its PDF']));
    await Promise.all([run(61), run(61)]);
    expect(await listed()).not.toContain('Upload cut off');
    expect(await listed()).toContain('With its PDF');
    expect((await api.get(`/api/me/credits/self-reported/${complete}/pdf`, holder.headers)).status).toBe(200);
    // A PDF sent for the dropped line is refused and leaves nothing.
    expect((await api.request('PUT', `/api/me/credits/self-reported/${cutOff}/pdf`, PDF, pdfHeaders(holder))).status).toBe(404);
    expect(await db.knex('self_reported_certificates').where({ id: cutOff }).first()).toBeUndefined();
  });
});
