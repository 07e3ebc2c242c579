/**
 * Waitlists (issue 35, point 2): a sold-out seminar's waitlist fills the seat a refund frees. The
 * first waiting person is offered it (held for the course's offer time, told by push and e-mail,
 * once); they buy it through checkout with the seat held; an offer left to lapse passes to the
 * next; staff see and reorder the list. Runs on SQLite and on MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistOfferMailJob } from '@api/jobs/waitlist-offers';
import { JobRunner } from '@api/jobs/runner';
import { endpointHash } from '@api/services/push/subscriptions';
import { createLogger } from '@api/logger';
import type { PushSender } from '@api/integrations/web-push';
import { courseSchema } from '@contracts/catalogue';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { WAITLIST_MESSAGES, staffWaitlistSchema, waitlistPlaceSchema } from '@contracts/waitlists';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const clock = { now: new Date('2026-11-21T12:00:00.000Z') };
const pushed: Array<{ endpoint: string; payload: string }> = [];
const sender: PushSender = {
  send: async (target, payload) => (pushed.push({ endpoint: target.endpoint, payload }), { kind: 'delivered', status: 201 }) as never,
};
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Sam Seat' };
let admin: Person;

type Person = { id: string; email: string; headers: Record<string, string> };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now, push: { sender } });
  admin = await person('admin');
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function person(role = 'customer'): Promise<Person> {
  const user = await createUser(db.knex, { role });
  return { id: user.id, email: user.email, headers: { Authorization: `Bearer ${await createSession(db.knex, user.id)}` } };
}

async function buy(who: Person, courseId: string, cents: number) {
  const opened = await api.request('POST', '/api/create-payment-intent', { courseIds: [courseId], amount: cents / 100 }, who.headers);
  if (opened.status !== 200) return opened;
  const intent = paymentIntentResponseSchema.parse(opened.body);
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.clientSecret, card: CARD });
  expect(paid.body.status).toBe('succeeded');
  return { ...opened, orderId: intent.orderId };
}

const place = async (who: Person, courseId: string) => waitlistPlaceSchema.parse((await api.get(`/api/courses/${courseId}/waitlist`, who.headers)).body);
const join = (who: Person, courseId: string) => api.request('POST', `/api/courses/${courseId}/waitlist`, {}, who.headers);
const sweep = () => api.app.services.waitlistOffers.sweep();
const seats = async (courseId: string) => db.knex('courses').where({ id: courseId }).first('current_participants', 'seats_held');

/** Runs the offer notifications on two runners at once until none is left; the mails sent. */
async function notify() {
  const before = api.sent.length;
  const runner = () =>
    new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => clock.now, queued: [waitlistOfferMailJob(api.app.services.waitlistOffers)] });
  const [a, b] = [runner(), runner()];
  const pending = () => db.knex('queued_jobs').where('name', 'send-waitlist-offer').whereIn('status', ['queued', 'running']);
  for (let round = 0; round < 50 && (await pending()).length > 0; round++) await Promise.all([a.tick(), b.tick()]);
  expect(await pending()).toEqual([]);
  return api.sent.slice(before);
}

async function soldOut(capacity = 2) {
  const course = await createCourse(db.knex, {
    title: `GMP Audit Seminar ${crypto.randomUUID().slice(0, 6)}`,
    type: 'live_seminar',
    priceCents: 50000,
    maxParticipants: capacity,
    startDate: '2026-12-10T09:00:00.000Z',
  });
  const buyers: Array<Person & { orderId: string }> = [];
  for (let i = 0; i < capacity; i++) {
    const who = await person();
    const bought = (await buy(who, course.id, 50000)) as { orderId: string };
    buyers.push({ ...who, orderId: bought.orderId });
  }
  return { course, buyers };
}

describe('a sold-out seminar', () => {
  it('fills a refunded seat from its waitlist: offer, push and e-mail once, bought with the seat held; positions move up', async () => {
    const { course, buyers } = await soldOut();
    const [first, second, third] = [await person(), await person(), await person()];
    for (const who of [first, second, third]) expect((await join(who, course.id)).status).toBe(201);
    expect(await place(first, course.id)).toMatchObject({ status: 'waiting', position: 1, offerMinutes: 1440 });
    expect(await place(third, course.id)).toMatchObject({ status: 'waiting', position: 3 });
    // Joining again is the same place.
    const again = await join(first, course.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ position: 1 });
    // Nobody to offer anything to while it is full.
    expect(await sweep()).toEqual({ lapsed: 0, offered: 0 });

    await db.knex('push_subscriptions').insert({
      id: crypto.randomUUID(),
      user_id: first.id,
      endpoint: 'https://push.example/first',
      endpoint_hash: endpointHash('https://push.example/first'),
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      created_at: clock.now.toISOString(),
      updated_at: clock.now.toISOString(),
    });
    const refunded = await api.request(
      'POST',
      `/api/admin/orders/${buyers[0]!.orderId}/refund`,
      { reason: 'Cannot attend' },
      { ...admin.headers, 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect(await seats(course.id)).toMatchObject({ current_participants: 1, seats_held: 0 });

    // Two sweeps (two processes) make one offer; the seat is held for it.
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.offered + b.offered).toBe(1);
    expect(await seats(course.id)).toMatchObject({ current_participants: 1, seats_held: 1 });
    const offered = await place(first, course.id);
    expect(offered).toMatchObject({ status: 'offered', position: null, offerExpiresAt: '2026-11-22T12:00:00.000Z' });
    expect(await place(second, course.id)).toMatchObject({ status: 'waiting', position: 1 });
    const mails = await notify();
    expect(mails.filter((m) => m.to === first.email)).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`A seat is free: ${course.title} — LifeScience Academy`);
    expect(mails[0]!.text).toContain('held for you until Nov 22, 2026, 12:00 PM UTC');
    expect(pushed.filter((p) => p.endpoint === 'https://push.example/first').map((p) => JSON.parse(p.payload))).toEqual([
      expect.objectContaining({ title: 'A seat is free for you', url: `/courses/${course.id}` }),
    ]);
    expect(await notify()).toEqual([]);

    // The storefront counts the offered seat as taken: the session reads as fully booked (its waitlist open).
    const shown = async () => courseSchema.parse((await api.get(`/api/courses/${course.id}`)).body);
    expect(await shown()).toMatchObject({ currentParticipants: 1, maxParticipants: 2, seatsOffered: 1 });
    const changes = await db.knex('catalogue_changes').where({ entity_id: course.id }).count({ n: '*' }).first();

    // Someone not offered it cannot take the held seat (it is not for sale: fully booked); the offered person can.
    const stranger = await person();
    const refused = await buy(stranger, course.id, 50000);
    expect([refused.status, (refused as { body: { message: string } }).body.message]).toEqual([409, `${course.title} is fully booked`]);
    const bought = (await buy(first, course.id, 50000)) as { orderId: string };
    expect(bought.orderId).toBeTruthy();
    expect(await seats(course.id)).toMatchObject({ current_participants: 2, seats_held: 0 });
    expect(await shown()).toMatchObject({ currentParticipants: 2, seatsOffered: 0 });
    // Each change of the offered seats reached the catalogue's readers (their copies update).
    const after = await db.knex('catalogue_changes').where({ entity_id: course.id }).count({ n: '*' }).first();
    expect(Number(after!.n)).toBeGreaterThan(Number(changes!.n));
    expect(await place(first, course.id)).toMatchObject({ status: 'none' });
    expect(await place(second, course.id)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('an offer left to lapse passes to the next person; accepting it afterwards is a 409 that says so', async () => {
    const { course, buyers } = await soldOut(1);
    await db.knex('courses').where({ id: course.id }).update({ waitlist_offer_minutes: 60 });
    const [first, second] = [await person(), await person()];
    await join(first, course.id);
    await join(second, course.id);
    await api.request(
      'POST',
      `/api/admin/orders/${buyers[0]!.orderId}/refund`,
      { reason: 'Moved' },
      { ...admin.headers, 'Idempotency-Key': crypto.randomUUID() },
    );
    expect((await sweep()).offered).toBe(1);
    expect((await place(first, course.id)).offerExpiresAt).toBe('2026-11-21T13:00:00.000Z');
    const start = clock.now;
    clock.now = new Date('2026-11-21T13:00:00.000Z');
    try {
      expect(await sweep()).toEqual({ lapsed: 1, offered: 1 });
      expect(await place(first, course.id)).toMatchObject({ status: 'none' });
      expect(await place(second, course.id)).toMatchObject({ status: 'offered', offerExpiresAt: '2026-11-21T14:00:00.000Z' });
      const late = await buy(first, course.id, 50000);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(WAITLIST_MESSAGES.offerExpired);
      // The second person opens checkout and abandons it: the seat is held for them again while the offer lasts.
      const opened = await api.request('POST', '/api/create-payment-intent', { courseIds: [course.id], amount: 500 }, second.headers);
      expect(opened.status).toBe(200);
      expect(await place(second, course.id)).toMatchObject({ status: 'checkout' });
      expect(await seats(course.id)).toMatchObject({ seats_held: 1 });
      await api.app.services.checkout.failOrder(opened.body.orderId);
      expect(await place(second, course.id)).toMatchObject({ status: 'offered' });
      expect(await seats(course.id)).toMatchObject({ seats_held: 1 });
      // Leaving with an offer gives the seat back.
      expect((await api.request('DELETE', `/api/courses/${course.id}/waitlist`, undefined, second.headers)).body).toMatchObject({ status: 'none' });
      expect(await seats(course.id)).toMatchObject({ seats_held: 0 });
    } finally {
      clock.now = start;
    }
  });

  it('refuses to list anyone on a session with seats, a recorded course, a started one, or for someone who has a seat', async () => {
    const { course, buyers } = await soldOut(1);
    expect((await join(buyers[0]!, course.id)).body.message).toBe(WAITLIST_MESSAGES.alreadyOwned);
    const open = await createCourse(db.knex, { type: 'live_seminar', maxParticipants: 10, startDate: '2026-12-10T09:00:00.000Z' });
    const refusal = await join(await person(), open.id);
    expect(refusal.status).toBe(409);
    expect(refusal.body.message).toBe(WAITLIST_MESSAGES.notFull);
    const recorded = await createCourse(db.knex, { type: 'recorded_course', maxParticipants: 0 });
    expect((await join(await person(), recorded.id)).body.message).toBe(WAITLIST_MESSAGES.notLive);
    const started = await createCourse(db.knex, { type: 'live_webinar', maxParticipants: 0, startDate: '2026-11-20T09:00:00.000Z' });
    expect((await join(await person(), started.id)).body.message).toBe(WAITLIST_MESSAGES.started);
    expect((await api.request('POST', `/api/courses/${course.id}/waitlist`, {})).status).toBe(401);
    expect((await join(await person(), '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await db.knex('waitlist_entries').whereIn('course_id', [open.id, recorded.id, started.id])).toEqual([]);
  });
});

describe('staff', () => {
  it('see the list in order and reorder who waits; a stale order is refused; customers may not', async () => {
    const { course } = await soldOut(1);
    const people = [await person(), await person(), await person()];
    for (const who of people) await join(who, course.id);
    const list = staffWaitlistSchema.parse((await api.get(`/api/admin/courses/${course.id}/waitlist`, admin.headers)).body);
    expect(list.entries.map((e) => [e.email, e.position])).toEqual(people.map((p, i) => [p.email, i + 1]));
    const reversed = [...list.entries].reverse().map((e) => e.id);
    const reordered = await api.request('PUT', `/api/admin/courses/${course.id}/waitlist`, { entryIds: reversed }, admin.headers);
    expect(reordered.status).toBe(200);
    expect(await place(people[2]!, course.id)).toMatchObject({ position: 1 });
    expect(await place(people[0]!, course.id)).toMatchObject({ position: 3 });
    const stale = await api.request('PUT', `/api/admin/courses/${course.id}/waitlist`, { entryIds: reversed.slice(1) }, admin.headers);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(WAITLIST_MESSAGES.listChanged);
    expect((await api.request('PUT', `/api/admin/courses/${course.id}/waitlist`, { entryIds: [reversed[0], reversed[0]] }, admin.headers)).status).toBe(400);
    const customer = await person();
    expect((await api.get(`/api/admin/courses/${course.id}/waitlist`, customer.headers)).status).toBe(403);
    expect((await api.request('PUT', `/api/admin/courses/${course.id}/waitlist`, { entryIds: reversed }, customer.headers)).status).toBe(403);
    expect(await place(people[2]!, course.id)).toMatchObject({ position: 1 });
  });
});
