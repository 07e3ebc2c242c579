/**
 * Issue 33, point 6: the back office's hand in organisations. An admin makes an organisation for a
 * customer (who becomes its manager: at once with an account, else invited by e-mail and active on
 * signing in), moves a seat to someone else and a member to another organisation, each with a
 * reason, audited. Customers 403, bad bodies 400, a person of another organisation 409.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberView, OrgSummary, SeatView } from '@contracts/orgs';
import { createCourse } from './support/factories';
import { orgFixtures, type Person } from './support/org-fixtures';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let f: ReturnType<typeof orgFixtures>;
let admin: Person;
let customer: Person;
let courseId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = orgFixtures(db, () => api, clock);
  admin = await f.person({ name: 'Ada Admin', role: 'admin' });
  customer = await f.person({ name: 'Quinn Buyer', email: 'quinn@pharma.example' });
  courseId = (await createCourse(db.knex, { title: 'GMP Basics', type: 'recorded_course', priceCents: 10_000 })).id;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const activity = async () =>
  ((await api.get('/api/admin/activity?entity=organisation&limit=200', admin.headers)).body as Array<{ summary: string; entityId: string }>).map(
    (e) => e.summary,
  );

describe('an admin makes an organisation for a customer', () => {
  it('with an account, they manage it at once; without one, they are invited and manage it once they sign in', async () => {
    const made = await api.request('POST', '/api/admin/orgs', { name: 'Pharma Inc', managerEmail: 'Quinn@Pharma.example' }, admin.headers);
    expect(made.status, made.text).toBe(201);
    expect((await api.get('/api/orgs', customer.headers)).body).toEqual([expect.objectContaining({ id: made.body.id, name: 'Pharma Inc', role: 'manager' })]);
    const fresh = await api.request('POST', '/api/admin/orgs', { name: 'Newco', managerEmail: 'boss@newco.example' }, admin.headers);
    expect(fresh.status).toBe(201);
    const mails = await f.runMail();
    expect(mails.map((m) => m.to)).toEqual(['boss@newco.example']);
    const boss = await f.signInByMail('boss@newco.example');
    expect(((await api.get('/api/orgs', boss.headers)).body as OrgSummary[])[0]).toMatchObject({ name: 'Newco', role: 'manager' });
    expect(await activity()).toEqual(
      expect.arrayContaining(['Organisation "Pharma Inc" created for quinn@pharma.example', 'Organisation "Newco" created for boss@newco.example']),
    );
  });

  it('refuses customers, bad bodies and a person who already belongs to one', async () => {
    expect((await api.request('POST', '/api/admin/orgs', { name: 'X Co', managerEmail: 'x@x.example' }, customer.headers)).status).toBe(403);
    for (const bad of [
      { name: 'X Co' },
      { name: 'X', managerEmail: 'x@x.example' },
      { name: 'X Co', managerEmail: 'nope' },
      { name: 'X Co', managerEmail: 'x@x.example', extra: 1 },
    ])
      expect((await api.request('POST', '/api/admin/orgs', bad, admin.headers)).status, JSON.stringify(bad)).toBe(400);
    expect((await api.request('POST', '/api/admin/orgs', { name: 'Again', managerEmail: 'quinn@pharma.example' }, admin.headers)).status).toBe(409);
    expect(((await api.get('/api/admin/orgs', admin.headers)).body as Array<{ name: string }>).map((o) => o.name).sort()).toEqual(['Newco', 'Pharma Inc']);
  });
});

describe('an admin moves seats and members, with a reason', () => {
  it('moves a seat to someone else, audited with the reason; no reason, no move', async () => {
    const orgId = ((await api.get('/api/orgs', customer.headers)).body as OrgSummary[])[0]!.id;
    await f.buySeats(customer, orgId, [{ courseId, quantity: 2, priceCents: 10_000 }]);
    const [seat] = (await api.get(`/api/orgs/${orgId}/seats`, customer.headers)).body as SeatView[];
    expect((await api.request('POST', `/api/orgs/${orgId}/seats/${seat!.id}/assign`, { email: 'ann@pharma.example' }, customer.headers)).status).toBe(200);
    const move = (body: object, who = admin) => api.request('POST', `/api/admin/orgs/${orgId}/seats/${seat!.id}/move`, body, who.headers);
    expect((await move({ email: 'bob@pharma.example' })).status).toBe(400);
    expect((await move({ email: 'bob@pharma.example', reason: 'Ann is on leave' }, customer)).status).toBe(403);
    const moved = await move({ email: 'bob@pharma.example', reason: 'Ann is on leave' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({ seatId: seat!.id, courseId, from: 'ann@pharma.example', to: 'bob@pharma.example', reason: 'Ann is on leave' });
    expect(((await api.get(`/api/orgs/${orgId}/seats`, customer.headers)).body as SeatView[])[0]!.assignee?.email).toBe('bob@pharma.example');
    // Sent again with its Idempotency-Key (the outbox's retry), the same answer and one move.
    const key = f.key();
    const once = await api.request(
      'POST',
      `/api/admin/orgs/${orgId}/seats/${seat!.id}/move`,
      { email: 'ann@pharma.example', reason: 'Back from leave' },
      { ...admin.headers, ...key },
    );
    const twice = await api.request(
      'POST',
      `/api/admin/orgs/${orgId}/seats/${seat!.id}/move`,
      { email: 'ann@pharma.example', reason: 'Back from leave' },
      { ...admin.headers, ...key },
    );
    expect([once.status, twice.status, twice.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    expect(twice.body).toEqual(once.body);
    expect((await activity()).filter((s) => s.endsWith('Back from leave'))).toHaveLength(1);
    expect((await move({ email: 'ann@pharma.example', reason: 'Nothing to move' })).status).toBe(409);
    expect(await activity()).toContain('Seat moved from ann@pharma.example to bob@pharma.example: Ann is on leave');
  });

  it('moves a learner to another organisation: gone from the first (their seat back in its pool), a member of the second, audited', async () => {
    const [pharma, newco] = ['Pharma Inc', 'Newco'];
    const orgs = (await api.get('/api/admin/orgs', admin.headers)).body as Array<{ id: string; name: string }>;
    const from = orgs.find((o) => o.name === pharma)!.id;
    const to = orgs.find((o) => o.name === newco)!.id;
    const members = (await api.get(`/api/orgs/${from}/members`, admin.headers)).body as MemberView[];
    const ann = members.find((m) => m.email === 'ann@pharma.example')!;
    const quinn = members.find((m) => m.role === 'manager')!;
    const move = (memberId: string, body: object) => api.request('POST', `/api/admin/orgs/${from}/members/${memberId}/move`, body, admin.headers);
    expect((await move(ann.id, { toOrgId: to })).status).toBe(400);
    expect((await move(ann.id, { toOrgId: from, reason: 'Transferred' })).status).toBe(400);
    expect((await move(ann.id, { toOrgId: '00000000-0000-4000-8000-000000000000', reason: 'Transferred' })).status).toBe(404);
    expect((await move(quinn.id, { toOrgId: to, reason: 'Transferred' })).status).toBe(409);
    const moved = await move(ann.id, { toOrgId: to, reason: 'Transferred to Newco' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ email: 'ann@pharma.example', role: 'learner', status: 'invited' });
    expect(((await api.get(`/api/orgs/${from}/members`, admin.headers)).body as MemberView[]).map((m) => m.email)).not.toContain('ann@pharma.example');
    expect(((await api.get(`/api/orgs/${to}/members`, admin.headers)).body as MemberView[]).map((m) => m.email)).toContain('ann@pharma.example');
    expect(((await api.get(`/api/orgs/${from}/seats`, admin.headers)).body as SeatView[]).every((s) => s.assignee === null)).toBe(true);
    expect(await activity()).toContain('ann@pharma.example moved to "Newco": Transferred to Newco');
    expect((await move(ann.id, { toOrgId: to, reason: 'Again' })).status).toBe(404);
  });
});
