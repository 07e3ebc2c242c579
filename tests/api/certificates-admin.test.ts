/**
 * Issue 32, points 1 (the mail), 5 and 8: the holder is mailed their certificate with the PDF once
 * it is issued, once; admins list certificates (search by number, holder, e-mail, course), revoke
 * one with a reason — the verify page, the public JSON and the holder's list say "Revoked on …" at
 * once, the holder is mailed once, it is audited, a second revocation is a 409 — and reissue one
 * after a name correction: a new number with the corrected name, the old one superseded and
 * pointing to it. Bad input is a 400 that changes nothing; contributors and customers are refused.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFixtures, type Person } from './support/certificate-fixtures';
import { pdfText } from './support/documents';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let f: ReturnType<typeof certificateFixtures>;
let courseId: string;
let holder: Person;
let other: Person;
let first: { id: string; number: string };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const mine = async (person: Person) => (await api.get('/api/me/certificates', person.headers)).body as Array<{ id: string; number: string; status: string }>;
const mailsTo = async (person: Person) => {
  const email = (await db.knex('users').where({ id: person.id }).first()).email as string;
  return api.sent.filter((mail) => mail.to === email);
};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = certificateFixtures(db, () => api, clock);
  admin = await f.adminHeaders();
  courseId = await f.videoCourse({ title: 'Annual GMP Refresher', code: 'GMP-ANN' });
  holder = await f.customer('Jon Smiht', courseId);
  other = await f.customer('Maria Garcia', courseId);
  await f.watchAll([holder, other], courseId);
  await f.runJobs(true);
  const [cert] = await mine(holder);
  first = { id: cert!.id, number: cert!.number };
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('the holder’s mail', () => {
  it('brings the certificate as a PDF, once, even when its job runs again', async () => {
    const mails = await mailsTo(holder);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your certificate for Annual GMP Refresher');
    expect(mails[0]!.text).toContain(`/verify/${first.number}`);
    const pdf = mails[0]!.attachments?.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`${first.number}.pdf`);
    expect(await pdfText(new Uint8Array(pdf!.content as Buffer))).toContain('Jon Smiht');
    // The issuing job run again (a runner that crashed after its commit) issues nothing and mails nothing more.
    await db.knex('queued_jobs').where({ name: 'issue-certificates' }).update({ status: 'queued', run_at: clock.now.toISOString() });
    await f.runJobs(true);
    expect(await mailsTo(holder)).toHaveLength(1);
    expect(await db.knex('queued_jobs').where({ name: 'send-certificate-mail', job_key: `issued:${first.id}` })).toHaveLength(1);
  });
});

describe('the back office list', () => {
  it('finds certificates by number, holder, e-mail or course, for admins only', async () => {
    const search = async (term: string) =>
      ((await api.get(`/api/admin/certificates?search=${encodeURIComponent(term)}`, admin)).body as Array<{ number: string; holderName: string }>).map(
        (c) => c.holderName,
      );
    expect(await search(first.number)).toEqual(['Jon Smiht']);
    expect((await search('maria')).sort()).toEqual(['Maria Garcia']);
    const email = (await db.knex('users').where({ id: other.id }).first()).email as string;
    expect(await search(email.toUpperCase())).toEqual(['Maria Garcia']);
    expect((await search('annual gmp')).sort()).toEqual(['Jon Smiht', 'Maria Garcia']);
    expect(await search('100%_')).toEqual([]);
    expect((await api.get('/api/admin/certificates?limit=0', admin)).status).toBe(400);
    expect((await api.get('/api/admin/certificates', holder.headers)).status).toBe(403);
    const contributor = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'contributor' })).id));
    expect((await api.get('/api/admin/certificates', contributor)).status).toBe(403);
  });
});

describe('reissue after a name correction', () => {
  it('gives a new number with the corrected name; the old one is superseded and points to it', async () => {
    await db.knex('users').where({ id: holder.id }).update({ name: 'Jon Smith' });
    clock.now = new Date('2026-11-27T09:00:00.000Z');
    const reissued = await f.write('POST', `/api/admin/certificates/${first.id}/reissue`);
    expect(reissued.status, reissued.text).toBe(201);
    expect(reissued.body).toMatchObject({
      holderName: 'Jon Smith',
      status: 'valid',
      courseTitle: 'Annual GMP Refresher',
      issuedAt: '2026-11-27T09:00:00.000Z',
    });
    expect(reissued.body.number).not.toBe(first.number);
    const old = (await api.get(`/api/verify/${first.number}`)).body;
    expect(old).toMatchObject({ status: 'superseded', holderName: 'Jon Smiht' });
    expect((await api.get(`/verify/${first.number}`)).text).toContain('Replaced by a newer certificate');
    expect((await mine(holder)).map((c) => [c.number, c.status])).toEqual([
      [reissued.body.number, 'valid'],
      [first.number, 'superseded'],
    ]);
    const row = await db.knex('certificates').where({ id: first.id }).first();
    expect(row.superseded_by).toBe(reissued.body.id);
    expect((await f.write('POST', `/api/admin/certificates/${first.id}/reissue`)).status).toBe(409);
    expect((await f.write('POST', `/api/admin/certificates/${reissued.body.id}/reissue`, undefined, holder.headers)).status).toBe(403);
    const audit = await db.knex('audit_entries').where({ entity: 'certificate', entity_id: reissued.body.id }).first();
    expect(audit.summary).toBe(`Reissued certificate ${first.number} as ${reissued.body.number} for Jon Smith`);
    await f.runJobs(true);
    expect((await mailsTo(holder)).map((m) => m.attachments?.[0]?.filename)).toContain(`${reissued.body.number}.pdf`);
  });
});

describe('revocation', () => {
  it('says "Revoked on …" everywhere at once, mails the holder once, is audited, and happens once', async () => {
    const [cert] = await mine(other);
    for (const bad of [{}, { reason: 'x' }, { reason: 'ok reason', extra: true }, { reason: 'y'.repeat(501) }]) {
      expect((await f.write('POST', `/api/admin/certificates/${cert!.id}/revoke`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await f.write('POST', `/api/admin/certificates/${cert!.id}/revoke`, { reason: 'Attendance was falsified' }, other.headers)).status).toBe(403);
    expect((await api.get(`/api/verify/${cert!.number}`)).body.status).toBe('valid');
    clock.now = new Date('2026-11-27T10:00:00.000Z');
    const revoked = await f.write('POST', `/api/admin/certificates/${cert!.id}/revoke`, { reason: 'Attendance was falsified' });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', revokedAt: '2026-11-27T10:00:00.000Z', revokedReason: 'Attendance was falsified' });
    expect((await api.get(`/api/verify/${cert!.number}`)).body).toMatchObject({ status: 'revoked', revokedReason: 'Attendance was falsified' });
    expect((await api.get(`/verify/${cert!.number}`)).text).toContain('Revoked on 27 Nov 2026: Attendance was falsified');
    expect((await mine(other))[0]!.status).toBe('revoked');
    expect((await f.write('POST', `/api/admin/certificates/${cert!.id}/revoke`, { reason: 'Again, to be sure' })).status).toBe(409);
    expect((await f.write('POST', `/api/admin/certificates/${cert!.id}/reissue`)).status).toBe(409);
    expect((await f.write('POST', '/api/admin/certificates/00000000-0000-4000-8000-000000000000/revoke', { reason: 'No such thing' })).status).toBe(404);
    await f.runJobs(true);
    await f.runJobs(true);
    const revokedMails = (await mailsTo(other)).filter((m) => m.subject.includes('was revoked'));
    expect(revokedMails).toHaveLength(1);
    expect(revokedMails[0]!.text).toContain('Reason: Attendance was falsified');
    const audit = await db.knex('audit_entries').where({ entity: 'certificate', entity_id: cert!.id }).first();
    expect(audit.summary).toBe(`Revoked certificate ${cert!.number} of Maria Garcia: Attendance was falsified`);
  });
});
