/**
 * Cancelling and transferring a booked seat by policy (issue 35, point 3): "full refund until 7
 * days before, 50 % until 2 days, then transfer only". A cancellation goes through the refund
 * flow once (however often it is asked), gives the seat back and cancels the calendar invite; a
 * transfer moves the right, the enrollment and the invite to a colleague. Admins change the
 * policies. Runs on SQLite and on MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, bookingChangeSchema, cancellationPolicyListSchema, defaultPolicy, myBookingsSchema } from '@contracts/bookings';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const clock = { now: T0 };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Bo Booker' };
type Person = { id: string; email: string; headers: Record<string, string> };
let admin: Person;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
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

/** A live seminar starting `days` after T0, bought by a new customer; their enrollment and order. */
async function booked(days: number, type: 'live_seminar' | 'live_webinar' = 'live_seminar') {
  const start = new Date(T0.getTime() + days * 24 * 3600_000).toISOString();
  const course = await createCourse(db.knex, {
    title: `Deviation Handling ${crypto.randomUUID().slice(0, 6)}`,
    type,
    priceCents: 50000,
    maxParticipants: 20,
    startDate: start,
    instructorName: 'Dr. Dana Deviation',
    location: 'Boston, MA',
  });
  const buyer = await person();
  const opened = await api.request('POST', '/api/create-payment-intent', { courseIds: [course.id], amount: 500 }, buyer.headers);
  expect(opened.status, opened.text).toBe(200);
  const intent = paymentIntentResponseSchema.parse(opened.body);
  expect((await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.clientSecret, card: CARD })).body.status).toBe('succeeded');
  const enrollment = await db.knex('enrollments').where({ user_id: buyer.id, course_id: course.id }).first();
  return { course, buyer, orderId: intent.orderId, enrollmentId: enrollment.id as string };
}

const cancel = (who: Person, enrollmentId: string) => api.request('POST', `/api/me/enrollments/${enrollmentId}/cancel`, {}, who.headers);
const transfer = (who: Person, enrollmentId: string, email: string) =>
  api.request('POST', `/api/me/enrollments/${enrollmentId}/transfer`, { email }, who.headers);
const live = async (userId: string, courseId: string) => db.knex('entitlements').where({ user_id: userId, course_id: courseId }).whereNull('revoked_at');

describe('cancelling', () => {
  it('10 days before: a full refund through the refund flow, once however often asked; the seat and the invite go back', async () => {
    const { course, buyer, orderId, enrollmentId } = await booked(10);
    expect(await db.knex('calendar_invites').where({ course_id: course.id, status: 'active' })).toHaveLength(1);
    const mine = myBookingsSchema.parse((await api.get('/api/me/bookings', buyer.headers)).body);
    expect(mine.bookings).toEqual([
      expect.objectContaining({ enrollmentId, courseId: course.id, canCancel: true, refundPercent: 100, refundCents: 50000, canTransfer: true }),
    ]);

    // A double click: both answered, one refund.
    const [a, b] = await Promise.all([cancel(buyer, enrollmentId), cancel(buyer, enrollmentId)]);
    const answers = [a, b].map((r) => r.status).sort();
    // The second is told the booking is gone: already changed (409) when it raced the first, not found (404) after it.
    expect(answers[0]).toBe(200);
    expect([404, 409]).toContain(answers[1]);
    const ok = [a, b].find((r) => r.status === 200)!;
    expect(bookingChangeSchema.parse(ok.body)).toEqual({
      kind: 'cancelled',
      courseId: course.id,
      refundPercent: 100,
      refundCents: 50000,
      refund: 'refunded',
      newHolder: null,
      newCourseId: null,
    });
    const second = [a, b].find((r) => r.status !== 200)!;
    expect(second.body.message).toBe(second.status === 409 ? BOOKING_MESSAGES.alreadyChanged : BOOKING_MESSAGES.notFound);
    expect((await cancel(buyer, enrollmentId)).status).toBe(404);

    expect(await db.knex('refunds').where({ order_id: orderId })).toEqual([expect.objectContaining({ amount_cents: 50000, status: 'succeeded' })]);
    expect(await db.knex('orders').where({ id: orderId }).first()).toMatchObject({ status: 'refunded', refunded_cents: 50000 });
    expect(await live(buyer.id, course.id)).toEqual([]);
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ current_participants: 0 });
    expect(await db.knex('calendar_invites').where({ course_id: course.id }).first()).toMatchObject({ status: 'cancelled' });
    expect(await db.knex('audit_entries').where({ entity: 'booking' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor_email: buyer.email, action: 'delete' })]),
    );
    expect(myBookingsSchema.parse((await api.get('/api/me/bookings', buyer.headers)).body).bookings).toEqual([]);
  });

  it('4 days before: half refunded, the order stays paid for the rest, the access ends', async () => {
    const { course, buyer, orderId, enrollmentId } = await booked(4);
    const answer = await cancel(buyer, enrollmentId);
    expect(answer.body).toMatchObject({ refundPercent: 50, refundCents: 25000, refund: 'refunded' });
    expect(await db.knex('orders').where({ id: orderId }).first()).toMatchObject({ status: 'completed', refunded_cents: 25000 });
    expect(await live(buyer.id, course.id)).toEqual([]);
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ current_participants: 0 });
  });

  it('1 day before: too late to cancel (transfer only); after the start neither; someone else’s booking is not found', async () => {
    const { buyer, enrollmentId, course } = await booked(1);
    const refused = await cancel(buyer, enrollmentId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.noRefundLeft);
    expect((await cancel(await person(), enrollmentId)).status).toBe(404);
    clock.now = new Date(T0.getTime() + 2 * 24 * 3600_000);
    try {
      expect((await transfer(buyer, enrollmentId, 'colleague-late@example.com')).body.message).toBe(BOOKING_MESSAGES.started);
    } finally {
      clock.now = T0;
    }
    expect(await live(buyer.id, course.id)).toHaveLength(1);
    expect(await db.knex('refunds')).not.toEqual(expect.arrayContaining([expect.objectContaining({ reason: expect.stringContaining(course.title) })]));
  });
});

describe('transferring', () => {
  it('moves the right, the enrollment and the calendar invite to a colleague, who is told by e-mail', async () => {
    const { course, buyer, enrollmentId } = await booked(1);
    const colleague = `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await transfer(buyer, enrollmentId, buyer.email)).body.message).toBe(BOOKING_MESSAGES.ownAddress);
    expect((await transfer(buyer, enrollmentId, 'not an address')).status).toBe(400);
    const mailsBefore = api.sent.length;
    const moved = await transfer(buyer, enrollmentId, colleague.toUpperCase());
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({
      kind: 'transferred',
      courseId: course.id,
      refundPercent: null,
      refundCents: null,
      refund: null,
      newHolder: colleague,
      newCourseId: null,
    });
    const account = await db.knex('users').where({ email: colleague }).first();
    expect(await live(account.id, course.id)).toHaveLength(1);
    expect(await live(buyer.id, course.id)).toEqual([]);
    expect(await db.knex('enrollments').where({ id: enrollmentId }).first()).toMatchObject({ user_id: account.id });
    const invites = await db.knex('calendar_invites').where({ course_id: course.id }).orderBy('email');
    expect(invites.map((i) => [i.email, i.status])).toEqual(
      [
        [buyer.email.toLowerCase(), 'cancelled'],
        [colleague, 'active'],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
    expect(api.sent.slice(mailsBefore).find((m) => m.to === colleague)?.text).toContain(`transferred their seat in "${course.title}" to you`);
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ current_participants: 1 });
    expect((await transfer(buyer, enrollmentId, 'someone@example.com')).status).toBe(404);
  });

  it('is refused to an address that already has a seat', async () => {
    const first = await booked(3);
    const other = await person();
    const opened = await api.request('POST', '/api/create-payment-intent', { courseIds: [first.course.id], amount: 500 }, other.headers);
    await api.request('POST', '/api/test-payments/confirm', { clientSecret: opened.body.clientSecret, card: CARD });
    const refused = await transfer(first.buyer, first.enrollmentId, other.email);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.alreadyOwned);
    expect(await live(first.buyer.id, first.course.id)).toHaveLength(1);
  });
});

describe('policies', () => {
  it('admins change a course type’s policy; customers act by it; bad policies are refused', async () => {
    const list = cancellationPolicyListSchema.parse((await api.get('/api/admin/cancellation-policies', admin.headers)).body);
    expect(list.policies.find((p) => p.courseType === 'live_webinar')).toEqual({
      courseType: 'live_webinar',
      refundTiers: [
        { daysBefore: 7, percent: 100 },
        { daysBefore: 2, percent: 50 },
      ],
      transferUntilHours: 0,
      sessionChangeUntilHours: 24,
      isDefault: true,
    });
    const bad = async (body: object) =>
      expect((await api.request('PUT', '/api/admin/cancellation-policies/live_webinar', body, admin.headers)).status).toBe(400);
    await bad({
      refundTiers: [
        { daysBefore: 7, percent: 50 },
        { daysBefore: 2, percent: 100 },
      ],
      transferUntilHours: 0,
    });
    await bad({
      refundTiers: [
        { daysBefore: 7, percent: 50 },
        { daysBefore: 7, percent: 20 },
      ],
      transferUntilHours: 0,
    });
    await bad({ refundTiers: [{ daysBefore: 7, percent: 150 }], transferUntilHours: 0 });
    await bad({ refundTiers: [], transferUntilHours: -1 });
    expect((await api.request('PUT', '/api/admin/cancellation-policies/podcast', { refundTiers: [], transferUntilHours: null }, admin.headers)).status).toBe(
      404,
    );
    const customer = await person();
    expect(
      (await api.request('PUT', '/api/admin/cancellation-policies/live_webinar', { refundTiers: [], transferUntilHours: null }, customer.headers)).status,
    ).toBe(403);
    expect((await api.get('/api/admin/cancellation-policies', customer.headers)).status).toBe(403);

    const changed = await api.request(
      'PUT',
      '/api/admin/cancellation-policies/live_webinar',
      { refundTiers: [{ daysBefore: 14, percent: 100 }], transferUntilHours: null, sessionChangeUntilHours: null },
      admin.headers,
    );
    expect(changed.body).toMatchObject({
      refundTiers: [{ daysBefore: 14, percent: 100 }],
      transferUntilHours: null,
      sessionChangeUntilHours: null,
      isDefault: false,
    });
    await bad({ refundTiers: [], transferUntilHours: null, sessionChangeUntilHours: 1.5 });
    // A client from before moves existed (say, a change queued offline) sends no sessionChangeUntilHours: the current value stays.
    const put = (body: object) => api.request('PUT', '/api/admin/cancellation-policies/webinar', body, admin.headers);
    expect((await put({ refundTiers: [], transferUntilHours: null, sessionChangeUntilHours: 12 })).body).toMatchObject({ sessionChangeUntilHours: 12 });
    expect((await put({ refundTiers: [], transferUntilHours: 48 })).body).toMatchObject({ transferUntilHours: 48, sessionChangeUntilHours: 12 });
    const webinar = await booked(10, 'live_webinar');
    const refused = await cancel(webinar.buyer, webinar.enrollmentId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.noCancellation);
    expect((await transfer(webinar.buyer, webinar.enrollmentId, 'x@example.com')).body.message).toBe(BOOKING_MESSAGES.noCancellation);
    // Seminars keep their own (default) policy.
    const seminar = await booked(10);
    expect((await cancel(seminar.buyer, seminar.enrollmentId)).body).toMatchObject({ refundPercent: 100 });
    expect(await db.knex('audit_entries').where({ entity: 'cancellation_policy', entity_id: 'live_webinar' })).toHaveLength(1);
    expect(await db.knex('audit_entries').where({ entity: 'cancellation_policy', entity_id: 'webinar' })).toHaveLength(2);

    // Reset to the default: the admin's policy goes (customers act by the default again), once.
    const reset = (type: string, headers = admin.headers) => api.request('DELETE', `/api/admin/cancellation-policies/${type}`, undefined, headers);
    expect((await reset('live_webinar', customer.headers)).status).toBe(403);
    expect((await reset('podcast')).status).toBe(404);
    const back = await reset('live_webinar');
    expect(back.status, back.text).toBe(200);
    expect(back.body).toEqual({ ...defaultPolicy('live_webinar'), isDefault: true });
    expect((await reset('live_webinar')).body).toMatchObject({ isDefault: true });
    expect(await db.knex('audit_entries').where({ entity: 'cancellation_policy', entity_id: 'live_webinar', action: 'delete' })).toHaveLength(1);
    const later = await booked(10, 'live_webinar');
    expect((await cancel(later.buyer, later.enrollmentId)).body).toMatchObject({ refundPercent: 100 });
  });
});

describe('moving to another date of the same course', () => {
  /** The back office's Duplicate of `courseId`, on sale `days` after T0 with `seats` seats: another session of the same course. */
  async function secondDate(courseId: string, days: number, seats: number | null = 20) {
    const copy = await api.request('POST', `/api/courses/${courseId}/duplicate`, {}, admin.headers);
    expect(copy.status, copy.text).toBe(201);
    const startDate = new Date(T0.getTime() + days * 24 * 3600_000).toISOString();
    await db.knex('courses').where({ id: copy.body.id }).update({ start_date: startDate, is_active: true, max_participants: seats, price_cents: 50000 });
    return { id: copy.body.id as string, title: copy.body.title as string, startDate };
  }
  const move = (who: Person, enrollmentId: string, courseId: unknown) =>
    api.request('POST', `/api/me/enrollments/${enrollmentId}/transfer`, { courseId }, who.headers);

  it('moves the seat, the right, the enrollment and the invites to the other date; what was paid goes with it', async () => {
    const { course, buyer, orderId, enrollmentId } = await booked(10);
    const later = await secondDate(course.id, 20, 1);
    // A course of the same name that is not a date of this one, and a date already past.
    const unrelated = await createCourse(db.knex, { title: course.title, type: 'live_seminar', startDate: later.startDate, maxParticipants: 20 });
    const past = await secondDate(course.id, -1);

    const mine = myBookingsSchema.parse((await api.get('/api/me/bookings', buyer.headers)).body);
    expect(mine.bookings).toEqual([
      expect.objectContaining({
        courseId: course.id,
        canMove: true,
        moveUntil: new Date(T0.getTime() + 10 * 24 * 3600_000 - 24 * 3600_000).toISOString(),
        otherSessions: [{ courseId: later.id, title: later.title, startDate: later.startDate, location: 'Boston, MA', seatsLeft: 1 }],
      }),
    ]);

    expect((await move(buyer, enrollmentId, unrelated.id)).body.message).toBe(BOOKING_MESSAGES.notSameCourse);
    expect((await move(buyer, enrollmentId, course.id)).body.message).toBe(BOOKING_MESSAGES.alreadyBooked);
    expect((await move(buyer, enrollmentId, 'no-such-course')).status).toBe(400);
    const started = await move(buyer, enrollmentId, past.id);
    expect([started.status, started.body.message]).toEqual([409, BOOKING_MESSAGES.targetStarted]);
    expect((await move(buyer, enrollmentId, '')).status).toBe(400);
    expect((await move(buyer, enrollmentId, 42)).status).toBe(400);
    expect(
      (await api.request('POST', `/api/me/enrollments/${enrollmentId}/transfer`, { courseId: later.id, email: 'x@example.com' }, buyer.headers)).status,
    ).toBe(400);
    expect((await move(await person(), enrollmentId, later.id)).status).toBe(404);
    expect(await live(buyer.id, course.id)).toHaveLength(1);

    const moved = await move(buyer, enrollmentId, later.id);
    expect(moved.status, moved.text).toBe(200);
    expect(bookingChangeSchema.parse(moved.body)).toEqual({
      kind: 'moved',
      courseId: course.id,
      refundPercent: null,
      refundCents: null,
      refund: null,
      newHolder: null,
      newCourseId: later.id,
    });
    expect(await live(buyer.id, course.id)).toEqual([]);
    expect(await live(buyer.id, later.id)).toEqual([expect.objectContaining({ source: 'order', source_id: orderId })]);
    expect(await db.knex('enrollments').where({ id: enrollmentId }).first()).toMatchObject({ user_id: buyer.id, course_id: later.id });
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ current_participants: 0 });
    expect(await db.knex('courses').where({ id: later.id }).first()).toMatchObject({ current_participants: 1 });
    const invites = await db.knex('calendar_invites').where({ email: buyer.email.toLowerCase() }).whereIn('course_id', [course.id, later.id]);
    expect(invites.map((i) => [i.course_id, i.status]).sort()).toEqual(
      [
        [course.id, 'cancelled'],
        [later.id, 'active'],
      ].sort(),
    );
    expect(await db.knex('booking_changes').where({ order_id: orderId })).toEqual([
      expect.objectContaining({ kind: 'moved', course_id: course.id, to_course_id: later.id }),
    ]);
    expect(await db.knex('refunds').where({ order_id: orderId })).toEqual([]);
    expect(await db.knex('audit_entries').where({ entity: 'booking', actor_email: buyer.email })).toEqual([
      expect.objectContaining({ action: 'update', summary: expect.stringContaining(`moved their seat in ${course.title} to ${later.title}`) }),
    ]);

    // The seat is now on the later date; the first date is the other one (its seat free again).
    const after = myBookingsSchema.parse((await api.get('/api/me/bookings', buyer.headers)).body);
    expect(after.bookings).toEqual([
      expect.objectContaining({
        enrollmentId,
        courseId: later.id,
        refundCents: 50000,
        otherSessions: [expect.objectContaining({ courseId: course.id, seatsLeft: 20 })],
      }),
    ]);
    // Cancelled later, it refunds what was paid for it (the order's line for the first date).
    const cancelled = await cancel(buyer, enrollmentId);
    expect(cancelled.body).toMatchObject({ kind: 'cancelled', courseId: later.id, refundPercent: 100, refundCents: 50000, refund: 'refunded' });
    expect(await db.knex('courses').where({ id: later.id }).first()).toMatchObject({ current_participants: 0 });
  });

  it('a full date is refused and nothing moves; two buyers racing for the last seat: one moves', async () => {
    const first = await booked(10);
    const later = await secondDate(first.course.id, 20, 1);
    const other = await person();
    const opened = await api.request('POST', '/api/create-payment-intent', { courseIds: [first.course.id], amount: 500 }, other.headers);
    await api.request('POST', '/api/test-payments/confirm', { clientSecret: opened.body.clientSecret, card: CARD });
    const otherEnrollment = await db.knex('enrollments').where({ user_id: other.id, course_id: first.course.id }).first();

    const [a, b] = await Promise.all([move(first.buyer, first.enrollmentId, later.id), move(other, otherEnrollment.id, later.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(`${later.title} is fully booked`);
    expect(await db.knex('courses').where({ id: later.id }).first()).toMatchObject({ current_participants: 1 });
    expect(await db.knex('courses').where({ id: first.course.id }).first()).toMatchObject({ current_participants: 1 });
    const holders = await db.knex('entitlements').whereIn('course_id', [first.course.id, later.id]).whereNull('revoked_at');
    expect(holders.map((h) => h.course_id).sort()).toEqual([first.course.id, later.id].sort());
    expect(await db.knex('booking_changes').whereIn('order_id', [first.orderId, opened.body.orderId])).toHaveLength(1);
  });

  it('a move twice at once moves once; someone already booked on the date is refused; a waiting place there gives way', async () => {
    const { course, buyer, enrollmentId } = await booked(10);
    const later = await secondDate(course.id, 20, 5);
    const [a, b] = await Promise.all([move(buyer, enrollmentId, later.id), move(buyer, enrollmentId, later.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await db.knex('courses').where({ id: later.id }).first()).toMatchObject({ current_participants: 1 });
    expect(await live(buyer.id, later.id)).toHaveLength(1);

    // Someone with a seat on both dates cannot move one onto the other.
    const both = await booked(12);
    const third = await secondDate(both.course.id, 25, 5);
    const opened = await api.request('POST', '/api/create-payment-intent', { courseIds: [third.id], amount: 500 }, both.buyer.headers);
    expect((await api.request('POST', '/api/test-payments/confirm', { clientSecret: opened.body.clientSecret, card: CARD })).body.status).toBe('succeeded');
    const refused = await move(both.buyer, both.enrollmentId, third.id);
    expect([refused.status, refused.body.message]).toEqual([409, BOOKING_MESSAGES.alreadyBooked]);

    // A place on the new date's waitlist ends with the move.
    const waiting = await booked(14);
    const full = await secondDate(waiting.course.id, 30, 1);
    await db.knex('courses').where({ id: full.id }).update({ current_participants: 1 });
    expect((await api.request('POST', `/api/courses/${full.id}/waitlist`, {}, waiting.buyer.headers)).status).toBe(201);
    await db.knex('courses').where({ id: full.id }).update({ max_participants: 2 });
    expect((await move(waiting.buyer, waiting.enrollmentId, full.id)).status).toBe(200);
    expect(await db.knex('waitlist_entries').where({ course_id: full.id, user_id: waiting.buyer.id }).first()).toMatchObject({ status: 'accepted' });
  });

  it('only while the policy allows it: 23 hours before (default: until 24), or never', async () => {
    const soon = await booked(23 / 24);
    const later = await secondDate(soon.course.id, 20);
    const mine = myBookingsSchema.parse((await api.get('/api/me/bookings', soon.buyer.headers)).body);
    expect(mine.bookings).toEqual([expect.objectContaining({ canMove: false, moveUntil: null, otherSessions: [], canTransfer: true })]);
    const refused = await move(soon.buyer, soon.enrollmentId, later.id);
    expect([refused.status, refused.body.message]).toEqual([409, BOOKING_MESSAGES.noMove]);
    expect(await live(soon.buyer.id, soon.course.id)).toHaveLength(1);
  });
});

describe('duplicating a course', () => {
  it('makes another date of the same course: a copy of a copy joins the same series', async () => {
    const original = await createCourse(db.knex, {
      type: 'live_seminar',
      startDate: '2027-01-10T14:00:00.000Z',
      instructorName: 'Dr. Dana Deviation',
      location: 'Boston, MA',
    });
    const copy = await api.request('POST', `/api/courses/${original.id}/duplicate`, {}, admin.headers);
    expect(copy.status, copy.text).toBe(201);
    const copyOfCopy = await api.request('POST', `/api/courses/${copy.body.id}/duplicate`, {}, admin.headers);
    const rows = await db.knex('courses').whereIn('id', [original.id, copy.body.id, copyOfCopy.body.id]).select('series_id');
    expect(rows.map((r) => r.series_id)).toEqual([original.id, original.id, original.id]);
  });
});
