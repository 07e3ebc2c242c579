/**
 * Issue 30, point 5: each seat of a live seminar has a ticket (its QR on My Training), and staff
 * check attendees in and out by scanning it. The ticket's access matrix, the scanner's list, and
 * check-ins that are one row however often a scan is sent, refused when the ticket is of another
 * session, revoked, unknown, or the time is unreadable or ahead. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES, parseTicketCode, ticketCourseTag } from '@contracts/check-in';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const CARD = { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

let db: TestDatabase;
let api: TestServer;
// Sessions are opened on the real clock: the server's clock is today's, to the minute.
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
/** `minutes` from now (negative: before), as ISO. */
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
let admin: Record<string, string>;
let seminar: { id: string };
let otherSeminar: { id: string };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
  const live = { type: 'live_seminar', priceCents: 50_000, startDate: at(9 * 24 * 60), duration: 480, location: 'Hotel Adlon, Berlin' };
  seminar = await createCourse(db.knex, { title: 'GMP Auditing in Person', ...live });
  otherSeminar = await createCourse(db.knex, { title: 'Validation Workshop', ...live });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function person(role = 'customer', name?: string) {
  const user = await createUser(db.knex, { role, name });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

/** A seat given directly (as an admin's grant would), optionally revoked. */
async function seat(userId: string, courseId: string, revoked = false) {
  await grantEntitlement(db.knex, {
    userId,
    courseId,
    startsAt: at(-30 * 24 * 60),
    revokedAt: revoked ? at(-24 * 60) : null,
    revokedReason: revoked ? 'Refunded' : null,
  });
}

async function ticketOf(headers: Record<string, string>, courseId = seminar.id): Promise<string> {
  const answer = await api.request('GET', `/api/me/courses/${courseId}/ticket`, undefined, headers);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.code as string;
}

let keys = 0;
const checkIn = (body: unknown, headers = admin, courseId = seminar.id, key = `scan-${++keys}`) =>
  api.request('POST', `/api/admin/courses/${courseId}/check-ins`, body, { ...headers, 'Idempotency-Key': key });
const rowsOf = (courseId = seminar.id) => db.knex('check_ins').where('course_id', courseId);

describe('tickets', () => {
  it('a buyer of the seminar gets their ticket: an unguessable code of this course, its QR as SVG, the course and their name', async () => {
    const buyer = await person('customer', 'Ada Buyer');
    const intent = await api.request('POST', '/api/create-payment-intent', { courseIds: [seminar.id], amount: 500 }, buyer.headers);
    expect(intent.status, intent.text).toBe(200);
    const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
    expect(paid.body.status).toBe('succeeded');

    const answer = await api.request('GET', `/api/me/courses/${seminar.id}/ticket`, undefined, buyer.headers);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const { code, qrSvg, course, startsAt, holderName } = answer.body;
    expect(parseTicketCode(code)).toEqual({ code, courseTag: ticketCourseTag(seminar.id) });
    expect(qrSvg).toMatch(/^<svg[^>]*>.*<path/s);
    expect(course).toEqual({ id: seminar.id, title: 'GMP Auditing in Person', location: 'Hotel Adlon, Berlin' });
    expect(startsAt).toBe(at(9 * 24 * 60));
    expect(holderName).toBe('Ada Buyer');
    // The same code every time; only its hash is stored.
    expect(await ticketOf(buyer.headers)).toBe(code);
    const stored = await db.knex('tickets').where({ user_id: buyer.user.id, course_id: seminar.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).toBe(sha256(code));
    expect(JSON.stringify(stored)).not.toContain(code.split('.')[2]);
    // The receipt carries the same code, and where its QR is shown.
    const receipt = api.sent.find((m) => m.to.toLowerCase() === buyer.user.email.toLowerCase() && /receipt/i.test(m.subject));
    expect(receipt?.text).toContain(`Your ticket for “GMP Auditing in Person”: ${code}. Show its QR code at the door from My Training:`);
    expect(receipt?.text).toContain(`/learn/${seminar.id}`);
  });

  it('signed out 401; without a seat 403; a revoked seat 403 "Ticket revoked"; staff without a seat 403; a course that is no seminar or unknown 404', async () => {
    const signedOut = await api.request('GET', `/api/me/courses/${seminar.id}/ticket`);
    expect(signedOut.status).toBe(401);
    const stranger = await person();
    const none = await api.request('GET', `/api/me/courses/${seminar.id}/ticket`, undefined, stranger.headers);
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(CHECK_IN_MESSAGES.noTicket);
    const refunded = await person();
    await seat(refunded.user.id, seminar.id, true);
    const revoked = await api.request('GET', `/api/me/courses/${seminar.id}/ticket`, undefined, refunded.headers);
    expect(revoked.status).toBe(403);
    expect(revoked.body.message).toBe(CHECK_IN_MESSAGES.revoked);
    expect((await api.request('GET', `/api/me/courses/${seminar.id}/ticket`, undefined, admin)).status).toBe(403);

    const webinar = await createCourse(db.knex, { type: 'live_webinar', startDate: at(9 * 24 * 60) });
    const attendee = await person();
    await seat(attendee.user.id, webinar.id);
    const notSeminar = await api.request('GET', `/api/me/courses/${webinar.id}/ticket`, undefined, attendee.headers);
    expect(notSeminar.status).toBe(404);
    expect((await api.request('GET', `/api/me/courses/${crypto.randomUUID()}/ticket`, undefined, attendee.headers)).status).toBe(404);
    expect((await api.request('GET', `/api/me/courses/not-a-uuid/ticket`, undefined, attendee.headers)).status).toBe(404);
    expect(await db.knex('tickets').where('user_id', refunded.user.id)).toHaveLength(0);
  });

  it("two seats' codes differ, and another seminar's code carries that seminar's tag", async () => {
    const a = await person();
    const b = await person();
    await seat(a.user.id, seminar.id);
    await seat(b.user.id, seminar.id);
    await seat(a.user.id, otherSeminar.id);
    const [codeA, codeB, codeOther] = [await ticketOf(a.headers), await ticketOf(b.headers), await ticketOf(a.headers, otherSeminar.id)];
    expect(new Set([codeA, codeB, codeOther]).size).toBe(3);
    expect(parseTicketCode(codeOther)!.courseTag).toBe(ticketCourseTag(otherSeminar.id));
  });
});

describe('the check-in list', () => {
  it("is staff's only, and lists every seat by its ticket's hash, with names, revoked seats marked, and who is in", async () => {
    const member = await person('customer', 'Cleo In');
    await seat(member.user.id, seminar.id);
    const gone = await person('customer', 'Dan Refunded');
    await seat(gone.user.id, seminar.id, true);
    const code = await ticketOf(member.headers);
    expect((await checkIn({ ticket: code, kind: 'in', at: at(-2) })).status).toBe(201);

    expect((await api.request('GET', `/api/admin/courses/${seminar.id}/check-in-list`, undefined, member.headers)).status).toBe(403);
    expect((await api.request('GET', `/api/admin/courses/${seminar.id}/check-in-list`)).status).toBe(401);
    const list = await api.request('GET', `/api/admin/courses/${seminar.id}/check-in-list`, undefined, admin);
    expect(list.status, list.text).toBe(200);
    expect(list.body.course).toMatchObject({ id: seminar.id, title: 'GMP Auditing in Person', courseTag: ticketCourseTag(seminar.id) });
    const byName = new Map(list.body.attendees.map((a: { name: string }) => [a.name, a]));
    expect(byName.get('Cleo In')).toEqual({ ticketHash: sha256(code), name: 'Cleo In', revoked: false, lastIn: at(-2), lastOut: null, scans: 1 });
    expect(byName.get('Dan Refunded')).toMatchObject({ revoked: true, lastIn: null });
    // Codes never leave the server in the list.
    expect(list.text).not.toContain(code);
  });
});

describe('check-ins', () => {
  it('a scan sent 50 times (with its key, and with new keys) is one row, answered with the same body each time', async () => {
    const attendee = await person('customer', 'Eve Replay');
    await seat(attendee.user.id, seminar.id);
    const code = await ticketOf(attendee.headers);
    const scan = { ticket: code, kind: 'in', at: at(-0.5), deviceId: 'phone-1' };
    const first = await checkIn(scan, admin, seminar.id, 'replayed-key');
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ courseId: seminar.id, ticketHash: sha256(code), kind: 'in', at: scan.at, holderName: 'Eve Replay' });
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await checkIn(scan, admin, seminar.id, 'replayed-key'));
    // A replay written by hand (lower case, spaces, another spelling of the same instant) is the same scan.
    const typed = { ...scan, ticket: ` ${code.toLowerCase()} `, at: new Date(now.getTime() - 30_000 + 3_600_000).toISOString().replace('Z', '+01:00') };
    for (let i = 0; i < 24; i++) answers.push(await checkIn(i % 2 ? scan : typed));
    for (const answer of answers) {
      expect([200, 201]).toContain(answer.status);
      expect(answer.body).toEqual(first.body);
    }
    const rows = await rowsOf().where('entitlement_id', (await db.knex('tickets').where('code_hash', sha256(code)).first()).entitlement_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'in', at: scan.at, device_id: 'phone-1', received_at: now.toISOString() });

    // Checking out is another event.
    const out = await checkIn({ ...scan, kind: 'out', at: at(-0.1) });
    expect(out.status).toBe(201);
    expect(await rowsOf().where('id', out.body.id)).toHaveLength(1);
  });

  it("refuses another session's ticket (409), a revoked seat (403), an unknown or altered code (404) and a bad time (400), writing nothing", async () => {
    const attendee = await person();
    await seat(attendee.user.id, otherSeminar.id);
    const elsewhere = await ticketOf(attendee.headers, otherSeminar.id);
    const refunded = await person();
    await seat(refunded.user.id, seminar.id);
    const revokedCode = await ticketOf(refunded.headers);
    await db
      .knex('entitlements')
      .where({ user_id: refunded.user.id })
      .update({ revoked_at: at(-60) });
    const good = await person();
    await seat(good.user.id, seminar.id);
    const goodCode = await ticketOf(good.headers);
    const before = (await rowsOf()).length;
    const when = at(-10);

    const other = await checkIn({ ticket: elsewhere, kind: 'in', at: when });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(CHECK_IN_MESSAGES.otherSession);
    const revoked = await checkIn({ ticket: revokedCode, kind: 'in', at: when });
    expect(revoked.status).toBe(403);
    expect(revoked.body.message).toBe(CHECK_IN_MESSAGES.revoked);
    const altered = goodCode.slice(0, -1) + (goodCode.endsWith('A') ? 'B' : 'A');
    for (const ticket of [altered, `LSA1.${ticketCourseTag(seminar.id)}.${'Z'.repeat(20)}`, 'hello', 'LSA1..']) {
      const unknown = await checkIn({ ticket, kind: 'in', at: when });
      expect(unknown.status, ticket).toBe(404);
      expect(unknown.body.message).toBe(CHECK_IN_MESSAGES.unknown);
    }
    for (const badAt of ['yesterday', '2026-13-45T99:00:00Z', at(11), at(365 * 24 * 60)]) {
      const bad = await checkIn({ ticket: goodCode, kind: 'in', at: badAt });
      expect(bad.status, badAt).toBe(400);
    }
    expect((await checkIn({ ticket: goodCode, kind: 'sideways', at: when })).status).toBe(400);
    expect((await checkIn({ ticket: goodCode, kind: 'in' })).status).toBe(400);
    // A few minutes ahead (a device's clock) is still taken.
    expect((await checkIn({ ticket: goodCode, kind: 'in', at: at(5) })).status).toBe(201);
    expect((await rowsOf()).length).toBe(before + 1);
    expect(await rowsOf(otherSeminar.id)).toHaveLength(0);
  });

  it('refuses a check-out of a ticket not checked in at or before its time (409, nothing written); a recorded check-out sent again is answered as before', async () => {
    const attendee = await person('customer', 'Finn Never In');
    await seat(attendee.user.id, seminar.id);
    const code = await ticketOf(attendee.headers);
    const mine = () => rowsOf().where('ticket_id', db.knex('tickets').where('code_hash', sha256(code)).select('id'));

    const never = await checkIn({ ticket: code, kind: 'out', at: at(-33) });
    expect(never.status).toBe(409);
    expect(never.body.message).toBe(CHECK_IN_MESSAGES.notIn);
    expect(await mine()).toHaveLength(0);

    expect((await checkIn({ ticket: code, kind: 'in', at: at(-23) })).status).toBe(201);
    // Out before the check-in's time is still not checked in.
    const early = await checkIn({ ticket: code, kind: 'out', at: at(-27) });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(CHECK_IN_MESSAGES.notIn);
    const out = await checkIn({ ticket: code, kind: 'out', at: at(-13) }, admin, seminar.id, 'finn-out');
    expect(out.status, out.text).toBe(201);
    // The same check-out again (its key, or a new one) is the same row, answered the same way.
    const replayed = await checkIn({ ticket: code, kind: 'out', at: at(-13) }, admin, seminar.id, 'finn-out');
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(out.body);
    const again = await checkIn({ ticket: code, kind: 'out', at: at(-13) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(out.body);
    expect(await mine()).toHaveLength(2);
  });

  it('only staff who manage courses may check in; an unknown course or one that is no seminar is 404', async () => {
    const attendee = await person();
    await seat(attendee.user.id, seminar.id);
    const code = await ticketOf(attendee.headers);
    const scan = { ticket: code, kind: 'in', at: at(-20) };
    expect((await checkIn(scan, attendee.headers)).status).toBe(403);
    expect((await api.request('POST', `/api/admin/courses/${seminar.id}/check-ins`, scan)).status).toBe(401);
    const ordersOnly = await createUser(db.knex, { role: 'contributor' });
    await db
      .knex('users')
      .where('id', ordersOnly.id)
      .update({ permissions: JSON.stringify(['order-management']) });
    expect((await checkIn(scan, auth(await createSession(db.knex, ordersOnly.id)))).status).toBe(403);
    const contributor = await createUser(db.knex, { role: 'contributor' });
    expect((await checkIn(scan, auth(await createSession(db.knex, contributor.id)))).status).toBe(201);
    expect((await checkIn(scan, admin, crypto.randomUUID())).status).toBe(404);
    const webinar = await createCourse(db.knex, { type: 'live_webinar' });
    expect((await checkIn(scan, admin, webinar.id)).status).toBe(404);
    expect(await rowsOf().where('at', scan.at)).toHaveLength(1);
  });
});
