/**
 * Issue 33, points 1, 2 and 5: a manager creates an organisation and buys seats for it in one
 * checkout; the pool holds one unassigned seat per unit and the buyer gets no course. A seat given
 * to an address with an account is that person's course at once; to a new address, once its owner
 * signs in. A seat moves until its live course starts or its holder begins a self-study course;
 * then it is 409. Outsiders get 404, learners 403. Each change is in the people's training
 * records, whose hash chain shows an edit afterwards and where. A full refund voids the seats.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundPath } from '@contracts/admin-orders';
import { ORG_MESSAGES } from '@contracts/orgs';
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
let orderId: string;
const course = { recorded: '', live: '' };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = orgFixtures(db, () => api, clock);
  ({ manager, orgId } = await f.managedOrg());
  course.recorded = (await createCourse(db.knex, { title: 'GMP Basics', type: 'recorded_course', priceCents: 10_000 })).id;
  course.live = (
    await createCourse(db.knex, {
      title: 'Data Integrity Live',
      type: 'live_webinar',
      priceCents: 20_000,
      startDate: '2026-11-27T15:00:00.000Z',
      maxParticipants: 30,
    })
  ).id;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const seats = async (who: Person = manager, org = orgId) => api.get(`/api/orgs/${org}/seats`, who.headers);
const assign = (seatId: string, email: string, who: Person = manager, org = orgId) =>
  api.request('POST', `/api/orgs/${org}/seats/${seatId}/assign`, { email }, who.headers);
const record = (userId: string, who: Person = manager) => api.get(`/api/orgs/${orgId}/members/${userId}/record`, who.headers);
const seatOf = async (courseId: string, assigned: boolean) =>
  ((await seats()).body as Array<{ id: string; courseId: string; assignee: unknown }>).find((s) => s.courseId === courseId && !!s.assignee === assigned)!;

describe('organisations', () => {
  it('the creator manages it and sees it; a second one, a bad name or no session is refused', async () => {
    expect((await api.get('/api/orgs', manager.headers)).body).toEqual([expect.objectContaining({ id: orgId, name: 'Acme Pharma QA', role: 'manager' })]);
    expect((await api.request('POST', '/api/orgs', { name: 'Another' }, manager.headers)).status).toBe(409);
    const someone = await f.person();
    for (const bad of [{ name: 'A' }, { name: '' }, {}, { name: 'Fine Name', extra: 1 }]) {
      expect((await api.request('POST', '/api/orgs', bad, someone.headers)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api.request('POST', '/api/orgs', { name: 'No Session Ltd' })).status).toBe(401);
    expect((await api.get('/api/orgs', someone.headers)).body).toEqual([]);
  });
});

describe('buying seats', () => {
  it('one checkout buys 3 seats of a recorded course and 2 of a live webinar: 5 unassigned seats, nothing for the buyer', async () => {
    orderId = await f.buySeats(manager, orgId, [
      { courseId: course.recorded, quantity: 3, priceCents: 10_000 },
      { courseId: course.live, quantity: 2, priceCents: 20_000 },
    ]);
    const pool = (await seats()).body as Array<{ courseId: string; assignee: unknown }>;
    expect(pool.map((s) => [s.courseId, s.assignee])).toEqual([...Array(3).fill([course.recorded, null]), ...Array(2).fill([course.live, null])]);
    expect(await f.library(manager)).toEqual([]);
    // The live course's capacity counts them.
    expect((await db.knex('courses').where({ id: course.live }).first()).current_participants).toBe(2);
  });

  it('only the organisation’s signed-in manager buys for it', async () => {
    const body = { courseIds: [course.recorded], amount: 100, items: [{ courseId: course.recorded, quantity: 1 }], orgId };
    expect((await api.request('POST', '/api/create-payment-intent', { ...body, customerEmail: 'g@example.com', customerName: 'Guest' })).status).toBe(401);
    expect((await api.request('POST', '/api/create-payment-intent', body, (await f.person()).headers)).status).toBe(404);
    expect((await api.request('POST', '/api/create-payment-intent', { ...body, orgId: 'not-an-id' }, manager.headers)).status).toBe(400);
  });
});

describe('assigning seats', () => {
  let ada: Person;
  it('a seat given to an account is its course at once, and in its training record', async () => {
    ada = await f.person({ name: 'Ada Analyst' });
    const seat = await seatOf(course.recorded, false);
    const given = await assign(seat.id, ada.email.toUpperCase());
    expect(given.status, given.text).toBe(200);
    expect(given.body).toMatchObject({ id: seat.id, courseId: course.recorded, assignee: { email: ada.email } });
    expect(await f.library(ada)).toEqual([expect.objectContaining({ courseId: course.recorded, source: 'seat' })]);
    const mails = await f.runMail();
    expect(mails.map((m) => m.to)).toEqual([ada.email]);
    expect(mails[0]!.subject).toContain('Your seat: GMP Basics');
    expect(await f.runMail()).toEqual([]);
    // Her record: the assignment, chained from the start.
    const read = await f.signInByMail(ada.email);
    const own = await record(ada.id, read);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      chainIntact: true,
      brokenAt: null,
      entries: [{ seq: 1, type: 'assigned', courseId: course.recorded, prevHash: '0'.repeat(64) }],
    });
  });

  it('a seat given to a new address waits for its owner to sign in, who then finds it in My Training', async () => {
    const seat = await seatOf(course.live, false);
    expect((await assign(seat.id, 'new.colleague@acme.example')).status).toBe(200);
    const mails = await f.runMail();
    expect(mails.map((m) => m.to)).toEqual(['new.colleague@acme.example']);
    expect(mails[0]!.text).toContain('/login');
    const newcomer = await f.signInByMail('new.colleague@acme.example');
    expect(await f.library(newcomer)).toEqual([expect.objectContaining({ courseId: course.live, source: 'seat' })]);
    const members = (await api.get(`/api/orgs/${orgId}/members`, manager.headers)).body as Array<{ email: string; status: string }>;
    expect(members.find((m) => m.email === 'new.colleague@acme.example')).toMatchObject({ status: 'active' });
  });

  it('a seat moves before its course starts: the first right is revoked, the second granted; after the start it is 409', async () => {
    const seat = await seatOf(course.live, true);
    const first = (await db.knex('org_seats').where({ id: seat.id }).first()).entitlement_id as string;
    const bo = await f.person({ name: 'Bo Backup' });
    expect((await assign(seat.id, bo.email)).status).toBe(200);
    expect(await db.knex('entitlements').where({ id: first }).first()).toMatchObject({
      revoked_reason: 'Seat moved to another person',
      revoked_by: manager.id,
    });
    expect(await f.library(bo)).toEqual([expect.objectContaining({ courseId: course.live })]);
    const someone = await f.person();
    clock.now = new Date('2026-11-27T15:00:01.000Z');
    try {
      const late = await assign(seat.id, someone.email);
      expect([late.status, late.body.message]).toEqual([409, ORG_MESSAGES.courseStarted]);
      expect(await f.library(bo)).toEqual([expect.objectContaining({ courseId: course.live })]);
    } finally {
      clock.now = new Date('2026-11-26T10:00:00.000Z');
    }
  });

  it('calendar invites follow a live seat: its holder is invited, one it moves away from is removed; the buyer has none', async () => {
    const calendarMails = (from: number) => api.sent.slice(from).filter((m) => /^(Invitation|Updated|Cancelled): Data Integrity Live/.test(m.subject));
    // The seat moved from the newcomer to Bo before anything was mailed: Bo alone is invited.
    let mark = api.sent.length;
    await api.app.services.calendar.sendDue();
    const [invitation, ...rest] = calendarMails(mark);
    expect(rest).toEqual([]);
    const bo = (
      await db
        .knex('org_seats')
        .join('org_members', 'org_members.id', 'org_seats.member_id')
        .where('org_seats.course_id', course.live)
        .select('org_members.email')
    )
      .map((r: { email: string }) => r.email)
      .filter((email: string) => email !== 'new.colleague@acme.example');
    expect(invitation).toMatchObject({ to: bo[0], subject: expect.stringMatching(/^Invitation: Data Integrity Live/) });
    expect(invitation!.calendar!.method).toBe('REQUEST');
    expect(await db.knex('calendar_invites').where({ course_id: course.live, email: manager.email })).toEqual([]);
    // Moved on again: Bo's invite is taken back, the new holder's sent.
    const seat = ((await seats()).body as Array<{ id: string; courseId: string; assignee: { email: string } | null }>).find(
      (s) => s.assignee?.email === bo[0],
    )!;
    const next = await f.person({ name: 'Nia Next' });
    expect((await assign(seat.id, next.email)).status).toBe(200);
    mark = api.sent.length;
    await api.app.services.calendar.sendDue();
    const mails = calendarMails(mark);
    expect(mails.map((m) => [m.to, m.subject.split(':')[0], m.calendar!.method]).sort()).toEqual(
      [
        [bo[0], 'Cancelled', 'CANCEL'],
        [next.email, 'Invitation', 'REQUEST'],
      ].sort(),
    );
    expect(await api.app.services.calendar.sendDue()).toBe(0);
  });

  it('a self-study seat whose holder has begun stays with them (409)', async () => {
    const seat = await seatOf(course.recorded, true);
    const holder = await db.knex('org_seats').join('org_members', 'org_members.id', 'org_seats.member_id').where('org_seats.id', seat.id).first();
    await db.knex('lesson_progress').insert({
      user_id: holder.user_id,
      lesson_id: 'lesson-1',
      course_id: course.recorded,
      ranges: '[[0,5]]',
      watched_seconds: 5,
      position: 5,
      updated_at: clock.now.toISOString(),
    });
    const moved = await assign(seat.id, (await f.person()).email);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(ORG_MESSAGES.progressMade);
  });

  it('refuses: another organisation’s manager (404), a learner (403), an unknown seat (404), a second seat of a course for one person (409), a bad address (400)', async () => {
    const other = await f.managedOrg('Other Corp');
    const seat = await seatOf(course.recorded, false);
    expect((await seats(other.manager)).status).toBe(404);
    expect((await assign(seat.id, 'x@example.com', other.manager)).status).toBe(404);
    expect((await seats(other.manager, other.orgId)).body).toEqual([]);
    expect((await assign(seat.id, 'x@example.com', other.manager, other.orgId)).status).toBe(404);
    const learner = await f.signInByMail('new.colleague@acme.example');
    expect((await seats(learner)).status).toBe(403);
    expect((await assign(seat.id, 'x@example.com', learner)).status).toBe(403);
    expect((await record(manager.id, learner)).status).toBe(403);
    expect((await assign('00000000-0000-4000-8000-000000000000', 'x@example.com')).status).toBe(404);
    const twice = await assign(seat.id, ada.email);
    expect([twice.status, twice.body.message]).toEqual([409, ORG_MESSAGES.alreadyHasSeat]);
    for (const bad of [{ email: 'not-an-address' }, {}, { email: 'a@b.co', extra: 1 }]) {
      expect((await api.request('POST', `/api/orgs/${orgId}/seats/${seat.id}/assign`, bad, manager.headers)).status).toBe(400);
    }
    expect((await seatOf(course.recorded, false)).id).toBe(seat.id);
  });
});

describe('the training record', () => {
  it('an entry edited afterwards breaks the chain there, and the check says so', async () => {
    const bo = await db.knex('org_members').where({ org_id: orgId, email: 'new.colleague@acme.example' }).first();
    const before = await record(bo.user_id);
    expect(before.body.chainIntact).toBe(true);
    const entry = await db.knex('training_record_entries').where({ user_id: bo.user_id, seq: 1 }).first();
    await db
      .knex('training_record_entries')
      .where({ id: entry.id })
      .update({ data: entry.data.replace('}', ',"note":"edited"}') });
    const after = await record(bo.user_id);
    expect(after.body).toMatchObject({ chainIntact: false, brokenAt: 1 });
    await db.knex('training_record_entries').where({ id: entry.id }).update({ data: entry.data });
    expect((await record(bo.user_id)).body.chainIntact).toBe(true);
  });
});

describe('the back office', () => {
  it('admins list every organisation with its managers and counts, and read any one’s seats; others are refused', async () => {
    const admin = await f.person({ role: 'admin' });
    const listed = (await api.get('/api/admin/orgs', admin.headers)).body as Array<Record<string, unknown>>;
    expect(listed.find((o) => o.id === orgId)).toEqual(
      expect.objectContaining({ name: 'Acme Pharma QA', managers: [manager.email], seats: 5, seatsAssigned: 2 }),
    );
    expect((await seats(admin)).body).toHaveLength(5);
    expect((await api.get('/api/admin/orgs', manager.headers)).status).toBe(403);
  });
});

describe('refunds', () => {
  it('a full refund voids the organisation’s seats and revokes what they gave, in each holder’s record', async () => {
    const admin = await f.person({ role: 'admin' });
    const refunded = await api.request('POST', refundPath(orderId), { reason: 'Training cancelled' }, { ...admin.headers, ...f.key() });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await seats()).body).toEqual([]);
    const rights = await db.knex('entitlements').where({ source: 'seat' }).whereNull('revoked_at');
    expect(rights).toEqual([]);
    const holders = await db
      .knex('org_seats')
      .join('org_members', 'org_members.id', 'org_seats.member_id')
      .where('org_seats.order_id', orderId)
      .select('org_members.user_id');
    for (const { user_id } of holders.filter((h) => h.user_id)) {
      const entries = (await record(user_id)).body.entries as Array<{ type: string }>;
      expect(entries.at(-1)).toMatchObject({ type: 'revoked' });
    }
  });
});
