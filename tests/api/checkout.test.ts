import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createCourse, createPricingTier, createSession, createUser } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let now = new Date('2026-11-21T12:00:00.000Z');

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const DECLINED = { ...CARD, number: '4000 0000 0000 0002' };
const NEEDS_AUTH = { ...CARD, number: '4000 0025 0000 3155' };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function customer() {
  const user = await createUser(db.knex, { role: 'customer' });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function checkout(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api.request('POST', '/api/create-payment-intent', body, headers);
}

async function pay(clientSecret: string, card = CARD) {
  return api.request('POST', '/api/test-payments/confirm', { clientSecret, card });
}

describe('GET /api/config', () => {
  it('names the built-in test processor when Stripe is not configured', async () => {
    expect((await api.get('/api/config')).body).toEqual({ paymentProcessor: 'test', stripePublishableKey: null });
  });
});

describe('server-side pricing', () => {
  it('prices tiers and quantities from the database and refuses a tampered amount with the new total', async () => {
    const course = await createCourse(db.knex, { title: 'Pricing Course', priceCents: 10000 });
    const tier = await createPricingTier(db.knex, course.id, { name: 'Team', priceCents: 25000 });
    const { headers } = await customer();
    const items = [{ courseId: course.id, pricingTierId: tier.id, quantity: 2 }];

    const tampered = await checkout({ courseIds: [course.id], amount: 1, items }, headers);
    expect(tampered.status).toBe(409);
    expect(tampered.body.message).toMatch(/^Prices have changed/);
    expect(tampered.body.total).toBe('500.00');
    expect(await db.knex('orders').count({ n: '*' }).first()).toMatchObject({ n: 0 });

    const ok = await checkout({ courseIds: [course.id, course.id], amount: 500, items }, headers);
    expect(ok.status).toBe(200);
    const intent = paymentIntentResponseSchema.parse(ok.body);
    expect(intent).toMatchObject({ total: '500.00', processor: 'test' });
    // One line with its quantity, not one row per seat.
    const lines = await db.knex('order_items').where({ order_id: intent.orderId }).orderBy('position');
    expect(lines.map((l) => [l.title, l.tier_name, l.price_cents, l.quantity])).toEqual([['Pricing Course - Team', 'Team', 25000, 2]]);
  });

  it('refuses a tier of another course, an inactive or unknown course, and bad payloads', async () => {
    const course = await createCourse(db.knex, { priceCents: 5000 });
    const other = await createCourse(db.knex, { priceCents: 5000 });
    const foreignTier = await createPricingTier(db.knex, other.id, { priceCents: 1 });
    const inactive = await createCourse(db.knex, { isActive: false, priceCents: 5000 });
    const { headers } = await customer();

    const wrongTier = await checkout(
      { courseIds: [course.id], amount: 0.01, items: [{ courseId: course.id, pricingTierId: foreignTier.id, quantity: 1 }] },
      headers,
    );
    expect(wrongTier.status).toBe(400);
    expect(wrongTier.body.message).toMatch(/pricing option is not available/);
    const gone = await checkout({ courseIds: [inactive.id], amount: 50 }, headers);
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/no longer available/);
    expect((await checkout({ courseIds: ['0b7f7a36-5d1e-4a43-9a43-5c2d7f1e0a99'], amount: 50 }, headers)).status).toBe(400);
    expect((await checkout({ courseIds: [], amount: 0 }, headers)).body.message).toBe('Your cart is empty');
    expect((await checkout({ courseIds: ['nope'], amount: 1 }, headers)).status).toBe(400);
    expect((await checkout({ courseIds: [course.id], amount: 50, items: [{ courseId: course.id, quantity: 100 }] }, headers)).status).toBe(400);
    expect((await checkout({ courseIds: [course.id], amount: 'fifty' }, headers)).status).toBe(400);
    expect((await checkout({ courseIds: [course.id], amount: 50 })).body.message).toMatch(/email/i);
  });
});

describe('paying with the test processor', () => {
  it('4242… completes the order, enrolls the buyer, counts the participant and mails one receipt', async () => {
    const course = await createCourse(db.knex, { title: 'Paid Course', priceCents: 12345 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [course.id], amount: 123.45 }, headers)).body;
    const mailsBefore = api.sent.length;

    const paid = await pay(intent.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'succeeded', paymentIntentId: intent.paymentIntentId, amount: '123.45' });

    const order = await db.knex('orders').where({ id: intent.orderId }).first();
    expect(order).toMatchObject({ status: 'completed', stripe_payment_intent_id: intent.paymentIntentId, user_id: user.id });
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: course.id })).toHaveLength(1);
    expect((await db.knex('courses').where({ id: course.id }).first()).current_participants).toBe(1);
    const receipts = api.sent.slice(mailsBefore).filter((m) => m.to === user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Paid Course');
    expect(receipts[0]!.text).toContain('$123.45');

    const stored = await db.knex('test_payment_intents').where({ id: intent.paymentIntentId }).first();
    expect(stored).toMatchObject({ card_brand: 'visa', card_last4: '4242' });
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');

    const profile = await api.get('/api/profile', headers);
    expect(profile.body.orders[0]).toMatchObject({ id: intent.orderId, status: 'completed', total: '123.45' });
    expect(profile.body.enrollments.map((e: { courseId: string }) => e.courseId)).toEqual([course.id]);
  });

  it('a declined card charges nothing, fails the order and releases its seats', async () => {
    const course = await createCourse(db.knex, { priceCents: 1000, maxParticipants: 3 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [course.id], amount: 10 }, headers)).body;
    expect((await db.knex('courses').where({ id: course.id }).first()).seats_held).toBe(1);

    const declined = await pay(intent.clientSecret, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect((await db.knex('orders').where({ id: intent.orderId }).first()).status).toBe('failed');
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ seats_held: 0, current_participants: 0 });
    expect(await db.knex('enrollments').where({ user_id: user.id })).toHaveLength(0);
    expect((await pay(intent.clientSecret)).status).toBe(402);
  });

  it('rejects invalid card details without touching the order', async () => {
    const course = await createCourse(db.knex, { priceCents: 1000 });
    const { headers } = await customer();
    const intent = (await checkout({ courseIds: [course.id], amount: 10 }, headers)).body;
    expect((await pay(intent.clientSecret, { ...CARD, number: '4242 4242 4242 4241' })).body.message).toBe('Your card number is invalid.');
    expect((await pay(intent.clientSecret, { ...CARD, expiry: '01/20' })).body.message).toMatch(/expiration date is in the past/);
    expect((await pay(intent.clientSecret, { ...CARD, cvc: '12' })).status).toBe(400);
    expect((await pay('pi_test_unknown_secret_x', CARD)).status).toBe(404);
    expect((await db.knex('orders').where({ id: intent.orderId }).first()).status).toBe('pending');
  });

  it('4000 0025 0000 3155 needs authentication: approved it pays, failed it charges nothing', async () => {
    const course = await createCourse(db.knex, { priceCents: 1000 });
    const { user, headers } = await customer();
    const first = (await checkout({ courseIds: [course.id], amount: 10 }, headers)).body;
    const step = await pay(first.clientSecret, NEEDS_AUTH);
    expect(step.body).toMatchObject({ status: 'requires_action' });
    expect(step.body.nextActionUrl).toMatch(/^\/payment-authentication\?payment_intent=pi_test_/);
    expect((await db.knex('orders').where({ id: first.orderId }).first()).status).toBe('pending');
    const approved = await api.request('POST', '/api/test-payments/authenticate', { clientSecret: first.clientSecret, outcome: 'approve' });
    expect(approved.body.status).toBe('succeeded');
    expect((await db.knex('orders').where({ id: first.orderId }).first()).status).toBe('completed');

    // Another course: the first one is owned now, and buying it again is refused up front.
    const other = await createCourse(db.knex, { priceCents: 1000 });
    const second = (await checkout({ courseIds: [other.id], amount: 10 }, headers)).body;
    await pay(second.clientSecret, NEEDS_AUTH);
    const failed = await api.request('POST', '/api/test-payments/authenticate', { clientSecret: second.clientSecret, outcome: 'fail' });
    expect(failed.body.status).toBe('failed');
    expect((await db.knex('orders').where({ id: second.orderId }).first()).status).toBe('failed');
    expect(await db.knex('enrollments').where({ user_id: user.id })).toHaveLength(1);
  });
});

describe(`fulfilment and seats under concurrency (${testEngine()})`, () => {
  it('the same confirmation 20 times at once: one completion, one enrollment, one receipt', async () => {
    const course = await createCourse(db.knex, { priceCents: 2000, maxParticipants: 10 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [course.id], amount: 20 }, headers)).body;
    const mailsBefore = api.sent.length;
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(intent.clientSecret)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.status))).toEqual(new Set(['succeeded']));
    // Fulfilment itself, called directly 20 times concurrently, does nothing after the first.
    const direct = await Promise.all(Array.from({ length: 20 }, () => api.app.services.checkout.fulfilOrder(intent.orderId, intent.paymentIntentId)));
    expect(direct.every((outcome) => outcome === 'already_fulfilled')).toBe(true);
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: course.id })).toHaveLength(1);
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ current_participants: 1, seats_held: 0 });
    expect(api.sent.slice(mailsBefore).filter((m) => m.to === user.email)).toHaveLength(1);
  });

  it('20 concurrent checkouts on a 5-seat course: exactly 5 hold seats and complete, 15 get 409', async () => {
    const course = await createCourse(db.knex, { title: 'Small Room Seminar', type: 'live_seminar', priceCents: 5000, maxParticipants: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const started = Date.now();
    const attempts = await Promise.all(buyers.map(({ headers }) => checkout({ courseIds: [course.id], amount: 50 }, headers)));
    const elapsed = Date.now() - started;
    const ok = attempts.filter((r) => r.status === 200);
    const full = attempts.filter((r) => r.status === 409);
    expect(ok).toHaveLength(5);
    expect(full).toHaveLength(15);
    // The 5 seats are only held, not sold: the refusal says so (issue 27: held seats are never shown as sold).
    for (const r of full)
      expect(r.body.message).toBe('The last seats of Small Room Seminar are held in other checkouts right now. Please try again in a few minutes.');
    const paid = await Promise.all(ok.map((r) => pay(r.body.clientSecret)));
    expect(paid.every((r) => r.body.status === 'succeeded')).toBe(true);
    expect(await db.knex('courses').where({ id: course.id }).first()).toMatchObject({ current_participants: 5, seats_held: 0 });
    expect(
      await db
        .knex('orders')
        .whereIn(
          'id',
          ok.map((r) => r.body.orderId),
        )
        .where('status', 'completed'),
    ).toHaveLength(5);
    console.log(`[${testEngine()}] 20 concurrent checkouts on 5 seats: ${ok.length} held, ${full.length} refused in ${elapsed} ms`);
  });

  it('an unpaid hold expires after 15 minutes and frees its seat; the expired checkout cannot be paid', async () => {
    const course = await createCourse(db.knex, { title: 'One Seat Left', priceCents: 5000, maxParticipants: 1 });
    const first = await customer();
    const second = await customer();
    const held = (await checkout({ courseIds: [course.id], amount: 50 }, first.headers)).body;
    expect((await checkout({ courseIds: [course.id], amount: 50 }, second.headers)).status).toBe(409);

    now = new Date(now.getTime() + 16 * 60_000);
    const expired = await api.app.services.checkout.expireStaleCheckouts();
    expect(expired).toContain(held.orderId);
    expect((await db.knex('orders').where({ id: held.orderId }).first()).status).toBe('expired');
    expect((await db.knex('courses').where({ id: course.id }).first()).seats_held).toBe(0);
    const late = await pay(held.clientSecret);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/expired/);

    const retry = await checkout({ courseIds: [course.id], amount: 50 }, second.headers);
    expect(retry.status).toBe(200);
  });
});

describe('guest checkout', () => {
  it('takes name and e-mail for the receipt, and the order joins the account that signs in with that e-mail', async () => {
    const course = await createCourse(db.knex, { priceCents: 4200 });
    const email = 'guest.buyer@academy.test';
    expect((await checkout({ courseIds: [course.id], amount: 42, customerEmail: email })).body.message).toMatch(/name/);
    const intent = (await checkout({ courseIds: [course.id], amount: 42, customerEmail: email, customerName: 'Gus Guest' })).body;
    await pay(intent.clientSecret);
    const order = await db.knex('orders').where({ id: intent.orderId }).first();
    expect(order).toMatchObject({ status: 'completed', user_id: null, customer_email: email, customer_name: 'Gus Guest' });
    expect(api.sent.some((m) => m.to === email && /receipt/i.test(m.subject))).toBe(true);

    // Signing in with that e-mail attaches the order and its enrollment.
    const client = await api.request('POST', '/api/auth/login', { email });
    expect(client.status).toBe(200);
    const mail = api.sent.filter((m) => m.to === email).at(-1)!;
    const code = /works once\.\s+(\d{6})/.exec(mail.text)![1];
    const verify = await api.request('POST', '/api/auth/verify', { token: code, email });
    expect(verify.status).toBe(200);
    const profile = await api.get('/api/profile', auth(verify.body.token));
    expect(profile.body.orders.map((o: { id: string }) => o.id)).toEqual([intent.orderId]);
    expect(profile.body.enrollments.map((e: { courseId: string }) => e.courseId)).toEqual([course.id]);
  });
});

describe('memberships', () => {
  it('validates like the screen', async () => {
    const bad = (body: object) => api.request('POST', '/api/create-subscription', body);
    expect((await bad({ email: 'm@academy.test', name: 'M', priceId: 'price_prime_monthly' })).body.message).toBe('Name must be at least 2 characters');
    expect((await bad({ email: 'nope', name: 'Mia', priceId: 'price_prime_monthly' })).body.message).toBe('Please enter a valid email address');
    expect((await bad({ email: 'm@academy.test', name: 'Mia', priceId: 'price_gold' })).status).toBe(400);
  });

  it('paying gives the account for that e-mail (created if missing) its membership', async () => {
    const email = 'member@academy.test';
    const created = await api.request('POST', '/api/create-subscription', { email, name: 'Mia Member', priceId: 'price_business_yearly' });
    expect(created.status).toBe(200);
    expect(created.body.total).toBe('9000.00');
    expect((await pay(created.body.clientSecret)).body.status).toBe('succeeded');
    const user = await db.knex('users').where({ email }).first();
    expect(user).toMatchObject({ name: 'Mia Member', membership_type: 'business', role: 'customer' });
    const me = await api.get('/api/auth/me', auth(await createSession(db.knex, user.id)));
    expect(me.body.membershipType).toBe('business');
  });
});
