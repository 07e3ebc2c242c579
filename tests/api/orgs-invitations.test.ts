/**
 * Issue 33, point 3: a manager invites people by a pasted list (JSON) or a CSV (email, name,
 * department). Every row is reported; one bad row (an address that is not one, a formula cell,
 * someone in another organisation) and nothing is invited. Too many rows, a body too large or of
 * another type are refused whole. Each invitation is mailed once by the queued job (two runners),
 * resent on request, withdrawn with its seats going back to the pool; accepting is signing in.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INVITATION_ROWS, ORG_MESSAGES, type InvitationReport } from '@contracts/orgs';
import { createCourse } from './support/factories';
import { orgFixtures, type Person } from './support/org-fixtures';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let f: ReturnType<typeof orgFixtures>;
let manager: Person;
let orgId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = orgFixtures(db, () => api, clock);
  ({ manager, orgId } = await f.managedOrg());
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function send(body: string, contentType: string, who: Person = manager, org = orgId) {
  const response = await fetch(`${api.baseUrl}/api/orgs/${org}/invitations`, {
    method: 'POST',
    headers: { ...who.headers, 'Content-Type': contentType },
    body,
  });
  return { status: response.status, body: (await response.json()) as InvitationReport & { message?: string } };
}
const invite = (emails: unknown[], who?: Person, org?: string) => send(JSON.stringify({ emails }), 'application/json', who, org);
const members = async () =>
  (await api.get(`/api/orgs/${orgId}/members`, manager.headers)).body as Array<{
    id: string;
    email: string;
    status: string;
    name: string | null;
    department: string | null;
  }>;
const invitationJobs = () => db.knex('queued_jobs').where('name', 'send-org-mail').where('job_key', 'like', 'invite:%');

describe('a pasted list', () => {
  it('invites each new address once and reports every row; the mails leave once each', async () => {
    const answer = await invite(['Ana@Acme.example', 'ben@acme.example', 'ana@acme.example', manager.email]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      invited: 2,
      rows: [
        { row: 1, email: 'ana@acme.example', status: 'invited' },
        { row: 2, email: 'ben@acme.example', status: 'invited' },
        { row: 3, email: 'ana@acme.example', status: 'duplicate' },
        { row: 4, email: manager.email, status: 'already_member' },
      ],
    });
    expect((await members()).filter((m) => m.status === 'invited').map((m) => m.email)).toEqual(['ana@acme.example', 'ben@acme.example']);
    const mails = await f.runMail();
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@acme.example', 'ben@acme.example']);
    expect(mails[0]!.text).toContain('/login');
    expect(await f.runMail()).toEqual([]);
    // The same list again: already members, no new mail.
    expect((await invite(['ana@acme.example'])).body.rows).toEqual([{ row: 1, email: 'ana@acme.example', status: 'already_member' }]);
    expect(await f.runMail()).toEqual([]);
  });

  it('one bad row and nothing is invited: the report names it', async () => {
    const before = (await members()).length;
    const jobs = (await invitationJobs()).length;
    const answer = await invite(['carl@acme.example', 'not an address', 'dee@acme.example']);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(ORG_MESSAGES.rowsRefused);
    expect(answer.body.rows[1]).toEqual({ row: 2, email: 'not an address', status: 'error', message: 'Not a valid e-mail address' });
    expect((await members()).length).toBe(before);
    expect((await invitationJobs()).length).toBe(jobs);
  });

  it('someone in another organisation is a row error', async () => {
    const other = await f.managedOrg('Other Corp');
    expect((await invite(['erin@other.example'], other.manager, other.orgId)).status).toBe(200);
    const answer = await invite(['erin@other.example', 'fay@acme.example']);
    expect(answer.status).toBe(400);
    expect(answer.body.rows[0]).toMatchObject({ status: 'error', message: ORG_MESSAGES.otherOrganisation });
    expect((await members()).map((m) => m.email)).not.toContain('fay@acme.example');
  });
});

describe('a CSV', () => {
  it('reads email, name and department (any column order, a BOM), reporting spreadsheet rows', async () => {
    const answer = await send('\uFEFFname,Email,department\nGil Green,gil@acme.example,QA\nHal Hope,hal@acme.example,\n', 'text/csv; charset=utf-8');
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toEqual([
      { row: 2, email: 'gil@acme.example', status: 'invited' },
      { row: 3, email: 'hal@acme.example', status: 'invited' },
    ]);
    expect((await members()).find((m) => m.email === 'gil@acme.example')).toMatchObject({ name: 'Gil Green', department: 'QA' });
  });

  it('refuses formula cells, a missing email column, too many rows, another body type, and a body over 2 MB — inviting nobody', async () => {
    const before = (await members()).length;
    const formula = await send('email,name\nivy@acme.example,=HYPERLINK("http://x")\n', 'text/csv');
    expect([formula.status, formula.body.rows[0]]).toEqual([400, { row: 2, email: 'ivy@acme.example', status: 'error', message: ORG_MESSAGES.formula }]);
    expect((await send('mail,name\nivy@acme.example,Ivy\n', 'text/csv')).body.message).toBe(ORG_MESSAGES.csvHeader);
    const many = ['email', ...Array.from({ length: MAX_INVITATION_ROWS + 1 }, (_, i) => `p${i}@acme.example`)].join('\n');
    expect(await send(many, 'text/csv')).toMatchObject({ status: 413, body: { message: ORG_MESSAGES.tooManyRows } });
    expect((await send('ivy@acme.example', 'text/plain')).status).toBe(415);
    expect((await send(`email\n${'x'.repeat(2 * 1024 * 1024)}\n`, 'text/csv')).status).toBe(413);
    expect((await send('{"emails": "ivy@acme.example"}', 'application/json')).status).toBe(400);
    expect((await send('{not json', 'application/json')).status).toBe(400);
    expect((await invite([])).body.message).toBe(ORG_MESSAGES.emptyList);
    expect((await members()).length).toBe(before);
  });
});

describe('who may invite', () => {
  it('a learner is refused (403), an outsider told it does not exist (404)', async () => {
    const learner = await f.signInByMail('ben@acme.example');
    expect((await invite(['x@acme.example'], learner)).status).toBe(403);
    expect((await invite(['x@acme.example'], await f.person())).status).toBe(404);
    expect((await api.get(`/api/orgs/${orgId}/members`, learner.headers)).status).toBe(403);
  });
});

describe('resending and withdrawing', () => {
  it('a resend is one more mail; a withdrawn invitation frees the address and sends its seat back to the pool', async () => {
    await f.runMail(); // the earlier tests' invitations
    const ana = (await members()).find((m) => m.email === 'ana@acme.example')!;
    expect((await api.request('POST', `/api/orgs/${orgId}/members/${ana.id}/resend`, {}, manager.headers)).status).toBe(200);
    expect((await api.request('POST', `/api/orgs/${orgId}/members/${ana.id}/resend`, {}, manager.headers)).status).toBe(200);
    expect((await f.runMail()).map((m) => m.to)).toEqual(['ana@acme.example']);

    const course = await createCourse(db.knex, { title: 'CAPA Essentials', type: 'recorded_course', priceCents: 5_000 });
    await f.buySeats(manager, orgId, [{ courseId: course.id, quantity: 1, priceCents: 5_000 }]);
    const [seat] = (await api.get(`/api/orgs/${orgId}/seats`, manager.headers)).body as Array<{ id: string }>;
    expect((await api.request('POST', `/api/orgs/${orgId}/seats/${seat!.id}/assign`, { email: 'ana@acme.example' }, manager.headers)).status).toBe(200);
    const removed = await api.request('DELETE', `/api/orgs/${orgId}/members/${ana.id}`, undefined, manager.headers);
    expect([removed.status, removed.body]).toEqual([200, { seatsReleased: 1 }]);
    expect((await api.get(`/api/orgs/${orgId}/seats`, manager.headers)).body).toEqual([expect.objectContaining({ id: seat!.id, assignee: null })]);
    expect((await members()).map((m) => m.email)).not.toContain('ana@acme.example');
    // Nothing left to mail her; another organisation may now invite her.
    expect(await f.runMail()).toEqual([]);
    const other = await f.managedOrg('Third Corp');
    expect((await invite(['ana@acme.example'], other.manager, other.orgId)).body.invited).toBe(1);
    // Signing in, she joins that one.
    const ana2 = await f.signInByMail('ana@acme.example');
    expect((await api.get('/api/orgs', ana2.headers)).body).toEqual([expect.objectContaining({ id: other.orgId, role: 'learner' })]);
    expect((await api.request('DELETE', `/api/orgs/${orgId}/members/${ana.id}`, undefined, manager.headers)).status).toBe(404);
  });
});
