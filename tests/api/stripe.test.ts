/**
 * The Stripe processor end to end: the real `stripe` SDK talks to a local fake of Stripe's API
 * (tests/api/support/fake-stripe.ts) and Stripe's signed webhooks are delivered to
 * POST /api/stripe/webhook, so nothing leaves the machine. Runs on SQLite, and on MySQL with
 * TEST_MYSQL_URL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../api/config';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createCourse, createPricingTier, createSession, createUser } from './support/factories';
import { signedWebhook, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = `whsec_test_${crypto.randomBytes(16).toString('hex')}`;
const SETUP_FAILED = 'There was an error setting up payment. Please try again.';

let db: TestDatabase;
let api: TestServer;
let fake: FakeStripe;
/** Shifts the app's clock (seat-hold expiry); webhook signatures are checked against real time. */
let clockOffsetMs = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startFakeStripe({ secretKey: SECRET_KEY, prices: { price_fake_prime: 34_800, price_fake_business: 900_000 } });
  const stripe: StripeConfig = {
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    prices: { price_prime_monthly: 'price_fake_prime', price_business_yearly: 'price_fake_business' },
    api: fake.api,
  };
  api = await startTestServer(db.knex, { stripe, clock: () => new Date(Date.now() + clockOffsetMs) });
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
  await db?.destroy();
});

beforeEach(() => fake.failWith(null));

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function customer() {
  const user = await createUser(db.knex, { role: 'customer' });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

const checkout = (body: Record<string, unknown>, headers: Record<string, string> = {}) => api.request('POST', '/api/create-payment-intent', body, headers);

/** Signs an event with the endpoint's secret (or another) and delivers it as Stripe would. */
function deliver(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const { payload, headers } = signedWebhook(event, options.secret ?? WEBHOOK_SECRET, { timestamp: options.timestamp });
  return api.request('POST', '/api/stripe/webhook', payload, headers);
}

/** The fake's payment intent as Stripe would send it in an event, after a payment outcome. */
function intentAfter(intentId: string, outcome: 'succeeded' | 'failed' | 'canceled'): Record<string, any> {
  const intent = fake.paymentIntents.get(intentId);
  if (!intent) throw new Error(`fake Stripe has no intent ${intentId}`);
  if (outcome === 'succeeded')
    return {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: `ch_fake_${intentId.slice(-8)}`,
      payment_method: 'pm_fake_card_visa',
    };
  if (outcome === 'canceled') return { ...intent, status: 'canceled', cancellation_reason: 'abandoned' };
  return {
    ...intent,
    status: 'requires_payment_method',
    last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  };
}

const order = (id: string) => db.knex('orders').where({ id }).first();
const course = (id: string) => db.knex('courses').where({ id }).first();
const receiptsTo = (email: string) => api.sent.filter((m) => m.to === email && /receipt/i.test(m.subject));
const processedEvents = (id: string) => db.knex('processed_webhook_events').where({ id });

describe('configuration', () => {
  it('GET /api/config names Stripe and its publishable key', async () => {
    const config = await api.get('/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ paymentProcessor: 'stripe', stripePublishableKey: 'pk_test_fake' });
  });

  it('the built-in test processor routes answer 404 while Stripe is active', async () => {
    const secret = 'pi_fake_x_secret_abcdefghij';
    const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
    const status = await api.get(`/api/test-payments/status?client_secret=${secret}`);
    const confirm = await api.request('POST', '/api/test-payments/confirm', { clientSecret: secret, card });
    const authenticate = await api.request('POST', '/api/test-payments/authenticate', { clientSecret: secret, outcome: 'approve' });
    for (const response of [status, confirm, authenticate]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('The test payment processor is not active');
    }
  });
});

describe('payment intents through Stripe', () => {
  it('creates the intent at Stripe with the server-priced amount in cents, usd, the order id and the secret key', async () => {
    const priced = await createCourse(db.knex, { title: 'GMP Essentials', priceCents: 10_000 });
    const tier = await createPricingTier(db.knex, priced.id, { name: 'Team', priceCents: 25_050 });
    const { user, headers } = await customer();
    const before = fake.requests.length;

    const tampered = await checkout({ courseIds: [priced.id], amount: 100, items: [{ courseId: priced.id, pricingTierId: tier.id, quantity: 2 }] }, headers);
    expect(tampered.status).toBe(409);
    expect(tampered.body.total).toBe('501.00');
    expect(fake.requests.length).toBe(before); // nothing reached Stripe

    const response = await checkout({ courseIds: [priced.id], amount: 501, items: [{ courseId: priced.id, pricingTierId: tier.id, quantity: 2 }] }, headers);
    expect(response.status).toBe(200);
    const intent = paymentIntentResponseSchema.parse(response.body);
    expect(intent).toMatchObject({ processor: 'stripe', total: '501.00' });

    const calls = fake.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/payment_intents']);
    const call = calls[0]!;
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.stripeVersion).toBe('2025-10-29.clover');
    expect(call.idempotencyKey).toBe(`order-${intent.orderId}`);
    expect(call.body).toMatchObject({
      amount: '50100',
      currency: 'usd',
      automatic_payment_methods: { enabled: 'true' },
      receipt_email: user.email,
      metadata: { orderId: intent.orderId, purpose: 'courses' },
    });

    const created = fake.paymentIntents.get(intent.paymentIntentId)!;
    expect(created).toBeDefined();
    expect(intent.clientSecret).toBe(created.client_secret);
    expect(intent.clientSecret).toMatch(/^pi_fake_[0-9a-f]+_secret_/);

    // Nothing is fulfilled until Stripe's webhook says so.
    expect(await order(intent.orderId)).toMatchObject({
      status: 'pending',
      payment_processor: 'stripe',
      processor_intent_id: intent.paymentIntentId,
      total_cents: 50_100,
      user_id: user.id,
      stripe_payment_intent_id: null,
    });
    expect(await db.knex('enrollments').where({ user_id: user.id })).toHaveLength(0);
    expect(receiptsTo(user.email)).toHaveLength(0);
  });

  it('a signed payment_intent.succeeded completes the order: enrollment, participants, receipt, event recorded', async () => {
    const seminar = await createCourse(db.knex, { title: 'Validation Seminar', type: 'live_seminar', priceCents: 79_900, maxParticipants: 10 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [seminar.id], amount: 799 }, headers)).body;
    expect(await course(seminar.id)).toMatchObject({ seats_held: 1, current_participants: 0 });

    const event = stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded'));
    const delivered = await deliver(event);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ received: true });

    expect(await order(intent.orderId)).toMatchObject({ status: 'completed', stripe_payment_intent_id: intent.paymentIntentId, user_id: user.id });
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: seminar.id })).toHaveLength(1);
    expect(await course(seminar.id)).toMatchObject({ seats_held: 0, current_participants: 1 });
    const receipts = receiptsTo(user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Validation Seminar');
    expect(receipts[0]!.text).toContain('$799.00');
    expect(receipts[0]!.text).toContain(intent.paymentIntentId);
    expect(await processedEvents(event.id)).toMatchObject([{ id: event.id, type: 'payment_intent.succeeded' }]);

    const profile = await api.get('/api/profile', headers);
    expect(profile.body.orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[intent.orderId, 'completed']]);
    expect(profile.body.enrollments.map((e: { courseId: string }) => e.courseId)).toEqual([seminar.id]);
  });

  it('ignores an event for another kind of object or without an order, but records it', async () => {
    const event = stripeEvent('payment_intent.succeeded', {
      id: 'pi_fake_unrelated',
      object: 'payment_intent',
      amount: 1000,
      currency: 'usd',
      metadata: {},
      status: 'succeeded',
    });
    const delivered = await deliver(event);
    expect(delivered.status).toBe(200);
    expect(await processedEvents(event.id)).toHaveLength(1);
    const other = stripeEvent('charge.refunded', { id: 'ch_fake_1', object: 'charge', amount: 1000, metadata: {} });
    expect((await deliver(other)).status).toBe(200);
  });
});

describe(`webhook idempotency (${testEngine()})`, () => {
  it('the same event delivered twice changes nothing the second time', async () => {
    const webinar = await createCourse(db.knex, { priceCents: 19_900, maxParticipants: 50 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [webinar.id], amount: 199 }, headers)).body;
    const event = stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded'));

    expect((await deliver(event)).body).toEqual({ received: true });
    const completedAt = (await order(intent.orderId)).updated_at;
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });

    // A different event for the same payment (Stripe may send several) is harmless too.
    const sibling = stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded'));
    expect((await deliver(sibling)).status).toBe(200);

    expect(await order(intent.orderId)).toMatchObject({ status: 'completed', updated_at: completedAt });
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: webinar.id })).toHaveLength(1);
    expect(await course(webinar.id)).toMatchObject({ seats_held: 0, current_participants: 1 });
    expect(receiptsTo(user.email)).toHaveLength(1);
    expect(await processedEvents(event.id)).toHaveLength(1);
  });

  it('the same event delivered 20 times at once: one completion, one enrollment, one receipt, one recorded event', async () => {
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 120_000, maxParticipants: 5 });
    const other = await createCourse(db.knex, { priceCents: 30_000 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [seminar.id, other.id], amount: 1500 }, headers)).body;
    const event = stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded'));
    const { payload, headers: signature } = signedWebhook(event, WEBHOOK_SECRET);

    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 20 }, () => api.request('POST', '/api/stripe/webhook', payload, signature)));
    const elapsed = Date.now() - started;
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.body.duplicate !== true)).toHaveLength(1); // exactly one delivery records the event

    expect(await order(intent.orderId)).toMatchObject({ status: 'completed', stripe_payment_intent_id: intent.paymentIntentId });
    const enrollments = await db.knex('enrollments').where({ user_id: user.id }).orderBy('course_id');
    expect(enrollments.map((e) => e.course_id).sort()).toEqual([seminar.id, other.id].sort());
    expect(await course(seminar.id)).toMatchObject({ seats_held: 0, current_participants: 1 });
    expect(await course(other.id)).toMatchObject({ seats_held: 0, current_participants: 1 });
    expect(receiptsTo(user.email)).toHaveLength(1);
    expect(await processedEvents(event.id)).toHaveLength(1);
    const firsts = responses.filter((r) => r.body.duplicate !== true).length;
    console.log(
      `[${testEngine()}] one Stripe event delivered 20 times at once: ${firsts} processed, ${20 - firsts} answered as duplicates; 1 completion, ${enrollments.length} enrollments (2 courses), 1 receipt, in ${elapsed} ms`,
    );
  });
});

describe('failed payments', () => {
  it('payment_intent.payment_failed keeps the order pending with its seat: the buyer may retry', async () => {
    const lastSeat = await createCourse(db.knex, { title: 'Last Seat Workshop', type: 'live_seminar', priceCents: 50_000, maxParticipants: 1 });
    const first = await customer();
    const second = await customer();
    const intent = (await checkout({ courseIds: [lastSeat.id], amount: 500 }, first.headers)).body;
    const before = fake.requests.length;
    const full = await checkout({ courseIds: [lastSeat.id], amount: 500 }, second.headers);
    expect(full.status).toBe(409);
    // Held by the first buyer, not sold: the refusal says so (issue 27).
    expect(full.body.message).toBe('The last seats of Last Seat Workshop are held in other checkouts right now. Please try again in a few minutes.');
    expect(fake.requests.length).toBe(before); // refused before anything reached Stripe

    const event = stripeEvent('payment_intent.payment_failed', intentAfter(intent.paymentIntentId, 'failed'));
    expect((await deliver(event)).status).toBe(200);
    expect((await order(intent.orderId)).status).toBe('pending');
    expect(await course(lastSeat.id)).toMatchObject({ seats_held: 1, current_participants: 0 });
    expect(await db.knex('enrollments').where({ user_id: first.user.id })).toHaveLength(0);
    expect(receiptsTo(first.user.email)).toHaveLength(0);
    expect(await processedEvents(event.id)).toHaveLength(1);
    expect((await checkout({ courseIds: [lastSeat.id], amount: 500 }, second.headers)).status).toBe(409);
  });

  it('a payment that arrives after its checkout expired is honoured when the seat is still free', async () => {
    const seminar = await createCourse(db.knex, { title: 'Late Payment Seminar', priceCents: 7_000, maxParticipants: 2 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [seminar.id], amount: 70 }, headers)).body;
    await db.knex('orders').where({ id: intent.orderId }).update({ status: 'expired' });
    await db.knex('seat_holds').where({ order_id: intent.orderId }).update({ status: 'released' });
    await db.knex('courses').where({ id: seminar.id }).update({ seats_held: 0 });
    expect((await deliver(stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded')))).status).toBe(200);
    expect((await order(intent.orderId)).status).toBe('completed');
    expect(await course(seminar.id)).toMatchObject({ current_participants: 1, seats_held: 0 });
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: seminar.id })).toHaveLength(1);
  });

  it('a late payment whose seat was sold meanwhile is marked for refund, never oversold', async () => {
    const seminar = await createCourse(db.knex, { title: 'Sold Out Later', priceCents: 7_000, maxParticipants: 1 });
    const late = await customer();
    const intent = (await checkout({ courseIds: [seminar.id], amount: 70 }, late.headers)).body;
    await db.knex('orders').where({ id: intent.orderId }).update({ status: 'expired' });
    await db.knex('seat_holds').where({ order_id: intent.orderId }).update({ status: 'released' });
    await db.knex('courses').where({ id: seminar.id }).update({ seats_held: 0, current_participants: 1 });
    expect((await deliver(stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded')))).status).toBe(200);
    expect((await order(intent.orderId)).status).toBe('refund_required');
    expect(await course(seminar.id)).toMatchObject({ current_participants: 1, seats_held: 0 });
    expect(await db.knex('enrollments').where({ user_id: late.user.id })).toHaveLength(0);
  });

  it('payment_intent.canceled fails the order and releases its seats', async () => {
    const limited = await createCourse(db.knex, { priceCents: 9_900, maxParticipants: 3 });
    const { headers } = await customer();
    const intent = (await checkout({ courseIds: [limited.id], amount: 99 }, headers)).body;
    expect((await deliver(stripeEvent('payment_intent.canceled', intentAfter(intent.paymentIntentId, 'canceled')))).status).toBe(200);
    expect((await order(intent.orderId)).status).toBe('failed');
    expect((await course(limited.id)).seats_held).toBe(0);
  });

  // A declined attempt does not end a Stripe PaymentIntent: the buyer can retry with another card.
  it('a card declined and then retried successfully on the same intent still completes the order', async () => {
    const webinar = await createCourse(db.knex, { priceCents: 15_000, maxParticipants: 20 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [webinar.id], amount: 150 }, headers)).body;
    await deliver(stripeEvent('payment_intent.payment_failed', intentAfter(intent.paymentIntentId, 'failed')));
    expect((await deliver(stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded')))).status).toBe(200);
    expect((await order(intent.orderId)).status).toBe('completed');
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: webinar.id })).toHaveLength(1);
  });

  it.each([
    { label: 'a 402 card error', failure: { status: 402, code: 'card_declined', message: 'Your card was declined.' }, attempts: 1 },
    { label: 'a 500 (retried once with the same idempotency key)', failure: { status: 500, message: 'An unknown error occurred' }, attempts: 2 },
  ])('Stripe answering $label at intent creation gives 502 and releases the held seats', async ({ failure, attempts }) => {
    const limited = await createCourse(db.knex, { title: 'Two Seat Class', priceCents: 20_000, maxParticipants: 2 });
    const { user, headers } = await customer();
    fake.failWith({ match: 'POST /v1/payment_intents', ...failure });
    const before = fake.requests.length;

    const response = await checkout({ courseIds: [limited.id], amount: 200 }, headers);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: SETUP_FAILED });
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(attempts);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);

    const orders = await db.knex('orders').where({ user_id: user.id });
    expect(orders.map((o) => o.status)).toEqual(['failed']);
    expect(await course(limited.id)).toMatchObject({ seats_held: 0, current_participants: 0 });
    expect(await db.knex('seat_holds').where({ order_id: orders[0]!.id }).first()).toMatchObject({ status: 'released' });

    fake.failWith(null);
    expect((await checkout({ courseIds: [limited.id], amount: 200 }, headers)).status).toBe(200);
  });
});

describe('webhook signature verification', () => {
  it('rejects a tampered body, a stale timestamp, a missing header and a wrong secret, and accepts the genuine event', async () => {
    const limited = await createCourse(db.knex, { priceCents: 40_000, maxParticipants: 4 });
    const { user, headers } = await customer();
    const intent = (await checkout({ courseIds: [limited.id], amount: 400 }, headers)).body;
    const event = stripeEvent('payment_intent.succeeded', intentAfter(intent.paymentIntentId, 'succeeded'));
    const post = (payload: string, h: Record<string, string>) => api.request('POST', '/api/stripe/webhook', payload, h);

    // Tampered body: signed for one order, delivered naming the same order with another amount.
    const genuine = signedWebhook(event, WEBHOOK_SECRET);
    const tampered = await post(genuine.payload.replace(`"amount_received":${40_000}`, '"amount_received":1'), genuine.headers);
    expect(genuine.payload).toContain('"amount_received":40000');
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/^Webhook signature verification failed/);

    // Same bytes re-serialised with other whitespace are not the signed bytes either.
    const reformatted = await post(JSON.stringify(event, null, 2), genuine.headers);
    expect(reformatted.status).toBe(400);

    // Stale: signed 10 minutes ago (Stripe's tolerance is 5 minutes).
    const stale = signedWebhook(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const staleResponse = await post(stale.payload, stale.headers);
    expect(staleResponse.status).toBe(400);
    expect(staleResponse.body.message).toMatch(/tolerance/i);

    const missing = await post(genuine.payload, { 'Content-Type': 'application/json' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing Stripe-Signature header');

    const wrongSecret = signedWebhook(event, 'whsec_someone_else_0123456789abcdef');
    const wrong = await post(wrongSecret.payload, wrongSecret.headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^Webhook signature verification failed/);

    const garbage = await post(genuine.payload, { 'Content-Type': 'application/json', 'Stripe-Signature': 'not-a-signature' });
    expect(garbage.status).toBe(400);

    // None of them changed anything or used up the event id.
    expect(await order(intent.orderId)).toMatchObject({ status: 'pending', stripe_payment_intent_id: null });
    expect(await db.knex('enrollments').where({ user_id: user.id })).toHaveLength(0);
    expect(await course(limited.id)).toMatchObject({ seats_held: 1, current_participants: 0 });
    expect(await processedEvents(event.id)).toHaveLength(0);
    expect(receiptsTo(user.email)).toHaveLength(0);

    // The genuine delivery still works afterwards.
    expect((await post(genuine.payload, genuine.headers)).body).toEqual({ received: true });
    expect((await order(intent.orderId)).status).toBe('completed');
  });
});

describe('memberships through Stripe subscriptions', () => {
  async function subscribe(email: string, name: string, priceId: 'price_prime_monthly' | 'price_business_yearly', headers: Record<string, string> = {}) {
    const before = fake.requests.length;
    const response = await api.request('POST', '/api/create-subscription', { email, name, priceId }, headers);
    return { response, calls: fake.requests.slice(before) };
  }

  function invoicePaidFor(subscriptionId: string) {
    const subscription = fake.subscriptions.get(subscriptionId)!;
    const invoice = fake.invoices.get(subscription.latest_invoice)!;
    const paid: Record<string, any> = { ...invoice, status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 };
    return stripeEvent('invoice.paid', paid);
  }

  it('creates a customer and a subscription with the mapped price, returns the invoice confirmation secret, and invoice.paid gives the membership', async () => {
    const member = await createUser(db.knex, { email: 'prime.member@academy.test', name: 'Pia Prime' });
    // Signed in as that account: a purchase for an existing account's e-mail by anyone else waits for its owner (issue 27).
    const session = auth(await createSession(db.knex, member.id));
    const { response, calls } = await subscribe(member.email, 'Pia Prime', 'price_prime_monthly', session);
    expect(response.status).toBe(200);
    const created = paymentIntentResponseSchema.parse(response.body);
    expect(created).toMatchObject({ processor: 'stripe', total: '348.00' });
    expect(created.paymentIntentId).toMatch(/^sub_fake_/);

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/subscriptions']);
    const [customerCall, subscriptionCall] = calls as [(typeof calls)[number], (typeof calls)[number]];
    for (const call of calls) expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(customerCall.body).toMatchObject({ email: member.email, name: 'Pia Prime', metadata: { orderId: created.orderId } });
    const customerId = [...fake.customers.values()].find((c) => c.metadata.orderId === created.orderId)!.id;
    expect(subscriptionCall.body).toMatchObject({
      customer: customerId,
      items: [{ price: 'price_fake_prime' }],
      payment_behavior: 'default_incomplete',
      metadata: { orderId: created.orderId, purpose: 'membership' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscriptionCall.idempotencyKey).toBe(`membership-${created.orderId}`);

    const subscription = fake.subscriptions.get(created.paymentIntentId)!;
    const invoice = fake.invoices.get(subscription.latest_invoice)!;
    expect(created.clientSecret).toBe(invoice.confirmation_secret.client_secret);

    // Not a member until Stripe says the invoice is paid.
    expect((await order(created.orderId)).status).toBe('pending');
    expect((await api.get('/api/auth/me', session)).body.membershipType).toBeNull();

    const event = invoicePaidFor(created.paymentIntentId);
    expect(event.data.object.parent.subscription_details.metadata.orderId).toBe(created.orderId);
    expect((await deliver(event)).body).toEqual({ received: true });

    expect(await order(created.orderId)).toMatchObject({ status: 'completed', kind: 'membership', user_id: member.id, stripe_payment_intent_id: invoice.id });
    expect((await api.get('/api/auth/me', session)).body.membershipType).toBe('prime');
    expect(receiptsTo(member.email)).toHaveLength(1);

    // Redelivered: still one receipt.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
    expect(receiptsTo(member.email)).toHaveLength(1);
  });

  it('the business plan uses its own price, and a new e-mail gets an account with the membership', async () => {
    const email = 'new.business@academy.test';
    const { response, calls } = await subscribe(email, 'Bea Business', 'price_business_yearly');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe('9000.00');
    expect(calls[1]!.body).toMatchObject({ items: [{ price: 'price_fake_business' }] });
    expect(await db.knex('users').where({ email })).toHaveLength(0);

    expect((await deliver(invoicePaidFor(response.body.paymentIntentId))).status).toBe(200);
    const user = await db.knex('users').where({ email }).first();
    expect(user).toMatchObject({ name: 'Bea Business', role: 'customer', membership_type: 'business' });
    const me = await api.get('/api/auth/me', auth(await createSession(db.knex, user.id)));
    expect(me.body.membershipType).toBe('business');
  });

  it('a membership coupon comes off the first invoice as a Stripe coupon of that amount, once; paid, its use counts', async () => {
    const admin = await createUser(db.knex, { role: 'admin' });
    const created = await api.request(
      'POST',
      '/api/admin/coupons',
      { code: 'WELCOME20', percentOff: 20, appliesTo: { memberships: true } },
      auth(await createSession(db.knex, admin.id)),
    );
    expect(created.status, created.text).toBe(201);
    const before = fake.requests.length;
    const response = await api.request('POST', '/api/create-subscription', {
      email: 'coupon.member@academy.test',
      name: 'Cory Coupon',
      priceId: 'price_prime_monthly',
      couponCode: 'welcome20',
    });
    expect(response.status, response.text).toBe(200);
    const intent = paymentIntentResponseSchema.parse(response.body);
    expect(intent.total).toBe('278.40');
    const calls = fake.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/coupons', 'POST /v1/subscriptions']);
    expect(calls[1]!.body).toMatchObject({
      amount_off: '6960',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
      metadata: { orderId: intent.orderId },
    });
    expect(calls[1]!.idempotencyKey).toBe(`membership-coupon-${intent.orderId}`);
    const stripeCoupon = [...fake.coupons.values()].find((c) => c.metadata.orderId === intent.orderId)!;
    expect(calls[2]!.body).toMatchObject({ discounts: [{ coupon: stripeCoupon.id }] });
    const invoice = fake.invoices.get(fake.subscriptions.get(intent.paymentIntentId)!.latest_invoice)!;
    expect(invoice.amount_due).toBe(27840);
    expect(await order(intent.orderId)).toMatchObject({ total_cents: 27840, coupon_code: 'WELCOME20', coupon_discount_cents: 6960 });

    expect((await deliver(invoicePaidFor(intent.paymentIntentId))).status).toBe(200);
    expect(await order(intent.orderId)).toMatchObject({ status: 'completed' });
    expect(await db.knex('coupon_redemptions').where({ order_id: intent.orderId }).first()).toMatchObject({ status: 'redeemed', discount_cents: 6960 });
    // A course-only code does not apply to a membership.
    await api.request(
      'POST',
      '/api/admin/coupons',
      { code: 'COURSES10', percentOff: 10, appliesTo: { types: ['live_webinar'] } },
      auth(await createSession(db.knex, admin.id)),
    );
    const refused = await api.request('POST', '/api/create-subscription', {
      email: 'other.member@academy.test',
      name: 'Otto Other',
      priceId: 'price_prime_monthly',
      couponCode: 'COURSES10',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This code does not apply to anything in your cart.');
  });

  it('invoice.payment_failed gives nothing and leaves the membership payment open for a retry', async () => {
    const email = 'declined.member@academy.test';
    const { response } = await subscribe(email, 'Dee Declined', 'price_prime_monthly');
    const subscription = fake.subscriptions.get(response.body.paymentIntentId)!;
    const invoice = fake.invoices.get(subscription.latest_invoice)!;
    expect((await deliver(stripeEvent('invoice.payment_failed', { ...invoice, attempt_count: 1 }))).status).toBe(200);
    expect((await order(response.body.orderId)).status).toBe('pending');
    expect(await db.knex('users').where({ email })).toHaveLength(0);
  });

  it('a Stripe failure creating the subscription answers 502', async () => {
    fake.failWith({ match: 'POST /v1/subscriptions', status: 400, message: 'No such price' });
    const { response } = await subscribe('broken.member@academy.test', 'Bo Broken', 'price_prime_monthly');
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(SETUP_FAILED);
    expect((await db.knex('orders').where({ customer_email: 'broken.member@academy.test' }).first()).status).toBe('failed');
  });

  it('cancelling a membership payment cancels the subscription at Stripe', async () => {
    const { response } = await subscribe('cancel.member@academy.test', 'Cy Cancel', 'price_prime_monthly');
    const subscriptionId: string = response.body.paymentIntentId;
    await api.app.services.processor.cancel(subscriptionId);
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  });
});

describe('unpaid Stripe checkouts', () => {
  // Runs last: it moves the app clock forward.
  it('an unpaid hold expires after 10 minutes, frees its seat and cancels the intent at Stripe', async () => {
    const oneSeat = await createCourse(db.knex, { title: 'Single Seat Audit', priceCents: 60_000, maxParticipants: 1 });
    const first = await customer();
    const second = await customer();
    const held = (await checkout({ courseIds: [oneSeat.id], amount: 600 }, first.headers)).body;
    expect((await checkout({ courseIds: [oneSeat.id], amount: 600 }, second.headers)).status).toBe(409);

    clockOffsetMs = 11 * 60_000;
    const expired = await api.app.services.checkout.expireStaleCheckouts();
    expect(expired).toContain(held.orderId);
    expect((await order(held.orderId)).status).toBe('expired');
    expect((await course(oneSeat.id)).seats_held).toBe(0);
    const cancels = fake.requestsTo('POST', `/v1/payment_intents/${held.paymentIntentId}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(fake.paymentIntents.get(held.paymentIntentId)!.status).toBe('canceled');

    // Stripe's resulting payment_intent.canceled changes nothing more.
    expect((await deliver(stripeEvent('payment_intent.canceled', fake.paymentIntents.get(held.paymentIntentId)!))).status).toBe(200);
    expect((await order(held.orderId)).status).toBe('expired');
    expect((await checkout({ courseIds: [oneSeat.id], amount: 600 }, second.headers)).status).toBe(200);
  });
  it('a payment whose webhook arrives while the checkout is being expired completes it, exactly once', async () => {
    const seminar = await createCourse(db.knex, { title: 'Racing Seminar', priceCents: 30_000, maxParticipants: 3 });
    const { user, headers } = await customer();
    const held = (await checkout({ courseIds: [seminar.id], amount: 300 }, headers)).body;
    // The buyer paid at Stripe; the webhook is on its way while the expiry sweep runs.
    fake.paymentIntents.get(held.paymentIntentId)!.status = 'succeeded';
    clockOffsetMs += 11 * 60_000;
    const [expired, delivered] = await Promise.all([
      api.app.services.checkout.expireStaleCheckouts(),
      deliver(stripeEvent('payment_intent.succeeded', fake.paymentIntents.get(held.paymentIntentId)!)),
    ]);
    expect(delivered.status).toBe(200);
    expect(expired).not.toContain(held.orderId);
    expect((await order(held.orderId)).status).toBe('completed');
    expect(await course(seminar.id)).toMatchObject({ seats_held: 0, current_participants: 1 });
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: seminar.id })).toHaveLength(1);
    expect(receiptsTo(user.email)).toHaveLength(1);
  });

  it('a payment whose webhook never arrives is found by the recovery sweep', async () => {
    const webinar = await createCourse(db.knex, { title: 'Lost Webhook Webinar', priceCents: 20_000 });
    const { user, headers } = await customer();
    const held = (await checkout({ courseIds: [webinar.id], amount: 200 }, headers)).body;
    fake.paymentIntents.get(held.paymentIntentId)!.status = 'succeeded';
    clockOffsetMs += 2 * 60_000;
    expect(await api.app.services.checkout.reconcilePayments()).toContain(held.orderId);
    expect((await order(held.orderId)).status).toBe('completed');
    expect(await db.knex('enrollments').where({ user_id: user.id, course_id: webinar.id })).toHaveLength(1);
    expect(fake.requestsTo('GET', `/v1/payment_intents/${held.paymentIntentId}`).length).toBeGreaterThan(0);
  });
});
