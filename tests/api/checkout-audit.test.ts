/**
 * Issue 27, the checkout and orders side of the outside audit, each measured as a client sees it:
 * - #4 seat squatting: unpaid guest checkouts cannot fill a session;
 * - #5 a purchase by someone not signed in as an account never changes that account (memberships,
 *   guest course orders, open checkouts) until its owner signs in, and never lowers a plan;
 * - #6 a course the buyer owns already is refused up front, with the course to go to;
 * - #12 course and price are checked again when the payment is confirmed (test processor and Stripe).
 * Clients are told apart by X-Forwarded-For behind one trusted proxy. Runs on SQLite, and on
 * MySQL with TEST_MYSQL_URL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../api/config';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createCourse, createPricingTier, createSession, createUser } from './support/factories';
import { signedWebhook, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const NEEDS_AUTH = { ...CARD, number: '4000 0025 0000 3155' };
const WEBHOOK_SECRET = `whsec_test_${crypto.randomBytes(16).toString('hex')}`;

let db: TestDatabase;
let api: TestServer;
let stripeApi: TestServer;
let fake: FakeStripe;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { trustProxy: 1 });
  fake = await startFakeStripe({ secretKey: 'sk_test_fake', prices: { price_fake_prime: 34_800, price_fake_business: 900_000 } });
  const stripe: StripeConfig = {
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    prices: { price_prime_monthly: 'price_fake_prime', price_business_yearly: 'price_fake_business' },
    api: fake.api,
  };
  stripeApi = await startTestServer(db.knex, { stripe, trustProxy: 1 });
});

afterAll(async () => {
  await stripeApi?.close();
  await api?.close();
  await fake?.close();
  await db?.destroy();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const from = (client: string) => ({ 'X-Forwarded-For': client });
const course = (id: string) => db.knex('courses').where({ id }).first();
const order = (id: string) => db.knex('orders').where({ id }).first();
const count = async (table: string, where: Record<string, unknown> = {}) => Number((await db.knex(table).where(where).count({ n: '*' }).first())!.n);

async function customer(overrides: { email?: string; membershipType?: string | null } = {}) {
  const user = await createUser(db.knex, { role: 'customer', ...overrides });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

/** A guest checkout of `quantity` seats of one course, from one client address. */
function guestCheckout(server: TestServer, c: { id: string; price_cents: number }, quantity: number, email: string, client: string) {
  return server.request(
    'POST',
    '/api/create-payment-intent',
    { courseIds: [c.id], amount: (c.price_cents * quantity) / 100, items: [{ courseId: c.id, quantity }], customerEmail: email, customerName: 'Guest Buyer' },
    from(client),
  );
}

function signedInCheckout(server: TestServer, c: { id: string; price_cents: number }, quantity: number, headers: Record<string, string>) {
  return server.request(
    'POST',
    '/api/create-payment-intent',
    { courseIds: [c.id], amount: (c.price_cents * quantity) / 100, items: [{ courseId: c.id, quantity }] },
    headers,
  );
}

const pay = (clientSecret: string, card = CARD) => api.request('POST', '/api/test-payments/confirm', { clientSecret, card });

/** Signs in with the code the login mail carries, as the owner of the address does. */
async function signIn(email: string, client: string): Promise<Record<string, string>> {
  expect((await api.request('POST', '/api/auth/login', { email }, from(client))).status).toBe(200);
  const mail = api.sent.filter((m) => m.to === email).at(-1)!;
  const code = /works once\.\s+(\d{6})/.exec(mail.text)![1];
  const verified = await api.request('POST', '/api/auth/verify', { token: code, email }, from(client));
  expect(verified.status).toBe(200);
  return auth(verified.body.token);
}

describe(`#4 seat squatting (${testEngine()})`, () => {
  it('two anonymous checkouts from one client cannot fill a 20-seat seminar: a third client still buys seats', async () => {
    const seminar = await createCourse(db.knex, { title: 'Squatted Seminar', type: 'live_seminar', priceCents: 400, maxParticipants: 20 });
    const row = await course(seminar.id);
    const squatter = '198.51.100.7';
    const first = await guestCheckout(api, row, 10, 'nobody.one@made-up.test', squatter);
    const second = await guestCheckout(api, row, 10, 'nobody.two@made-up.test', squatter);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.holdExpiresAt).not.toBeNull();
    // One client holds one order's seats of a course at a time: the second checkout holds nothing.
    expect(second.body.holdExpiresAt).toBeNull();
    expect(await course(seminar.id)).toMatchObject({ seats_held: 10, current_participants: 0 });
    // Held seats are never shown as sold.
    expect((await api.get(`/api/courses/${seminar.id}`)).body.currentParticipants).toBe(0);

    const after = await course(seminar.id);
    const buyable = after.max_participants - after.current_participants - after.seats_held;
    const buyer = await guestCheckout(api, row, buyable, 'real.buyer@example.com', '203.0.113.9');
    expect(buyer.status).toBe(200);
    expect((await pay(buyer.body.clientSecret)).body.status).toBe('succeeded');
    expect(await course(seminar.id)).toMatchObject({ seats_held: 10, current_participants: 10 });
    console.log(
      `[${testEngine()}] seats left buyable to a third client after two anonymous 10-seat checkouts from one client on 20 seats: ${buyable} (bought and paid)`,
    );

    // The squatter's second checkout reserved nothing: its payment is refused while the seats are taken, nothing charged.
    const late = await pay(second.body.clientSecret);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The last seats of Squatted Seminar are held in other checkouts right now. Please try again in a few minutes.');
    expect(await db.knex('test_payment_intents').where({ id: second.body.paymentIntentId }).first()).toMatchObject({ status: 'canceled' });
    expect((await order(second.body.orderId)).status).toBe('failed');
    // The first one, which holds its seats, can still be paid; never more than 20.
    expect((await pay(first.body.clientSecret)).body.status).toBe('succeeded');
    expect(await course(seminar.id)).toMatchObject({ seats_held: 0, guest_seats_held: 0, current_participants: 20 });
  });

  it('guests from many addresses hold at most three quarters of a session; the rest is held by signed-in buyers or bought by paying', async () => {
    const seminar = await createCourse(db.knex, { title: 'Crowded Seminar', type: 'live_seminar', priceCents: 1_000, maxParticipants: 20 });
    const row = await course(seminar.id);
    const held: Array<string | null> = [];
    for (const client of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      const response = await guestCheckout(api, row, 10, `squat-${client}@made-up.test`, client);
      expect(response.status).toBe(200);
      held.push(response.body.holdExpiresAt);
    }
    expect(held.map((h) => h !== null)).toEqual([true, false, false]);
    // Up to 15 of 20 seats for guests.
    expect((await guestCheckout(api, row, 5, 'five@example.com', '198.51.100.24')).body.holdExpiresAt).not.toBeNull();
    expect((await guestCheckout(api, row, 1, 'one-more@example.com', '198.51.100.25')).body.holdExpiresAt).toBeNull();
    expect(await course(seminar.id)).toMatchObject({ seats_held: 15, guest_seats_held: 15, current_participants: 0 });
    const { headers } = await customer();
    const member = await signedInCheckout(api, row, 5, headers);
    expect(member.status).toBe(200);
    expect(member.body.holdExpiresAt).not.toBeNull();
    // Every seat is held now, none sold: a new checkout is told so, not "fully booked".
    const refused = await guestCheckout(api, row, 1, 'too-late@example.com', '198.51.100.26');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The last seats of Crowded Seminar are held in other checkouts right now. Please try again in a few minutes.');
    expect((await api.get(`/api/courses/${seminar.id}`)).body.currentParticipants).toBe(0);
  });

  it('30 concurrent guest checkouts from 5 clients keep both bounds: one hold per client, at most 15 of 20 seats held by guests', async () => {
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 1_000, maxParticipants: 20 });
    const row = await course(seminar.id);
    const clients = ['198.51.100.41', '198.51.100.42', '198.51.100.43', '198.51.100.44', '198.51.100.45'];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => guestCheckout(api, row, 4, `rush-${i}@made-up.test`, clients[i % clients.length]!)),
    );
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const holds = await db.knex('seat_holds').where({ course_id: seminar.id, status: 'held' });
    const perClient = new Map<string, number>();
    for (const hold of holds) perClient.set(hold.client_key, (perClient.get(hold.client_key) ?? 0) + 1);
    expect([...perClient.values()].every((n) => n === 1)).toBe(true);
    const heldSeats = holds.reduce((sum, hold) => sum + Number(hold.seats), 0);
    expect(heldSeats).toBeLessThanOrEqual(15);
    expect(await course(seminar.id)).toMatchObject({ seats_held: heldSeats, guest_seats_held: heldSeats, current_participants: 0 });
    console.log(
      `[${testEngine()}] 30 concurrent 4-seat guest checkouts from 5 clients on 20 seats: ${holds.length} holds (${heldSeats} seats), ${responses.filter((r) => r.status === 200).length} answered 200`,
    );
  });
});

describe(`#5 purchases for someone else's address (${testEngine()})`, () => {
  it("a stranger's PRIME for a BUSINESS member's e-mail changes nothing until the owner signs in, and never lowers the plan", async () => {
    const { user: victim, headers } = await customer({ email: 'victim.business@academy.test', membershipType: 'business' });
    const bought = await api.request(
      'POST',
      '/api/create-subscription',
      { email: victim.email, name: 'Stan Stranger', priceId: 'price_prime_monthly' },
      from('192.0.2.66'),
    );
    expect(bought.status).toBe(200);
    expect((await pay(bought.body.clientSecret)).body.status).toBe('succeeded');

    const me = await api.get('/api/auth/me', headers);
    const profile = await api.get('/api/profile', headers);
    console.log(
      `[${testEngine()}] stranger's PRIME for a BUSINESS member: membership ${me.body.membershipType}, orders in the victim's profile ${profile.body.orders.length}`,
    );
    expect(me.body.membershipType).toBe('business');
    expect(profile.body.orders).toEqual([]);
    expect(await order(bought.body.orderId)).toMatchObject({ status: 'completed', user_id: null, customer_email: victim.email });
    expect(api.sent.filter((m) => m.to === victim.email).at(-1)!.text).toContain('Sign in with this e-mail address to add the membership to your account');
    // Cancelling the stranger's subscription does not touch the member either.
    await api.app.services.checkout.endMembership(bought.body.orderId);
    expect((await api.get('/api/auth/me', headers)).body.membershipType).toBe('business');

    // The owner proves the address: the order joins the account, the plan stays BUSINESS.
    const owner = await signIn(victim.email, '192.0.2.10');
    expect((await api.get('/api/profile', owner)).body.orders.map((o: { id: string }) => o.id)).toEqual([bought.body.orderId]);
    expect((await api.get('/api/auth/me', owner)).body.membershipType).toBe('business');
  });

  it("a stranger's membership for an account without one waits for the owner's sign-in; a cancelled one is never given", async () => {
    const waiting = await customer({ email: 'waiting.member@academy.test' });
    const cancelled = await customer({ email: 'cancelled.member@academy.test' });
    const buy = async (email: string) => {
      const response = await api.request(
        'POST',
        '/api/create-subscription',
        { email, name: 'Stan Stranger', priceId: 'price_prime_monthly' },
        from('192.0.2.67'),
      );
      expect((await pay(response.body.clientSecret)).body.status).toBe('succeeded');
      return response.body.orderId as string;
    };
    await buy(waiting.user.email);
    await api.app.services.checkout.endMembership(await buy(cancelled.user.email));
    expect((await api.get('/api/auth/me', waiting.headers)).body.membershipType).toBeNull();
    expect((await api.get('/api/auth/me', await signIn(waiting.user.email, '192.0.2.11'))).body.membershipType).toBe('prime');
    expect((await api.get('/api/auth/me', await signIn(cancelled.user.email, '192.0.2.12'))).body.membershipType).toBeNull();
  });

  it('a signed-in member buys for their own account at once, but not a plan they have already or a lower one', async () => {
    const { user, headers } = await customer({ membershipType: 'prime' });
    const upgrade = await api.request('POST', '/api/create-subscription', { email: user.email, name: user.name, priceId: 'price_business_yearly' }, headers);
    expect((await pay(upgrade.body.clientSecret)).body.status).toBe('succeeded');
    expect((await api.get('/api/auth/me', headers)).body.membershipType).toBe('business');
    expect(await order(upgrade.body.orderId)).toMatchObject({ user_id: user.id });
    for (const priceId of ['price_prime_monthly', 'price_business_yearly']) {
      const refused = await api.request('POST', '/api/create-subscription', { email: user.email, name: user.name, priceId }, headers);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Your account already has the BUSINESS membership.');
    }
    // Signed in but buying for another address: that address's purchase, held for its owner.
    const gift = await api.request(
      'POST',
      '/api/create-subscription',
      { email: 'colleague@academy.test', name: 'Col League', priceId: 'price_prime_monthly' },
      headers,
    );
    expect(gift.status).toBe(200);
    expect((await order(gift.body.orderId)).user_id).toBeNull();
  });

  it("a guest course order with an account's e-mail stays with the payer's receipt link and joins the account when its owner signs in", async () => {
    const { user, headers } = await customer({ email: 'owner.of.address@academy.test' });
    const webinar = await course((await createCourse(db.knex, { title: 'Guest Bought Webinar', priceCents: 7_500 })).id);
    const intent = await guestCheckout(api, webinar, 1, user.email, '192.0.2.68');
    expect((await pay(intent.body.clientSecret)).body.status).toBe('succeeded');
    expect(await order(intent.body.orderId)).toMatchObject({ status: 'completed', user_id: null });
    const before = (await api.get('/api/profile', headers)).body;
    expect([before.orders, before.enrollments]).toEqual([[], []]);
    const receipt = await api.get(`/api/payments/${intent.body.paymentIntentId}/receipt.pdf?client_secret=${encodeURIComponent(intent.body.clientSecret)}`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toMatch(/^application\/pdf/);

    const after = (await api.get('/api/profile', await signIn(user.email, '192.0.2.13'))).body;
    expect(after.orders.map((o: { id: string }) => o.id)).toEqual([intent.body.orderId]);
    expect(after.enrollments.map((e: { courseId: string }) => e.courseId)).toEqual([webinar.id]);
  });

  it("a stranger's guest checkout with the owner's e-mail leaves the owner's open checkout alone; if both are paid the stranger's is flagged for a refund", async () => {
    const { user, headers } = await customer();
    const seminar = await course((await createCourse(db.knex, { title: 'Contested Seminar', priceCents: 3_000, maxParticipants: 10 })).id);
    const own = await signedInCheckout(api, seminar, 1, headers);
    const stranger = await guestCheckout(api, seminar, 1, user.email, '192.0.2.69');
    expect(stranger.status).toBe(200);
    expect((await order(own.body.orderId)).status).toBe('pending');
    expect((await pay(own.body.clientSecret)).body.status).toBe('succeeded');
    expect((await pay(stranger.body.clientSecret)).body.status).toBe('succeeded');
    expect(await order(stranger.body.orderId)).toMatchObject({ status: 'completed', user_id: null, refund_due_cents: 3_000 });
    expect(await course(seminar.id)).toMatchObject({ seats_held: 0, current_participants: 1 });
    expect(await count('enrollments', { user_id: user.id })).toBe(1);
  });
});

describe(`#6 paying twice for a course you own (${testEngine()})`, () => {
  it('a guest e-mail that owns the course is refused up front with the course to go to, and nothing is written', async () => {
    const { user, headers } = await customer();
    const owned = await course((await createCourse(db.knex, { title: 'Owned Course', priceCents: 2_000 })).id);
    const other = await course((await createCourse(db.knex, { title: 'Other Course', priceCents: 1_000 })).id);
    expect((await pay((await signedInCheckout(api, owned, 1, headers)).body.clientSecret)).body.status).toBe('succeeded');
    const ordersBefore = await count('orders');

    const expected = { message: 'You already own this course', courseId: owned.id, courseTitle: 'Owned Course', path: `/courses/${owned.id}` };
    const asGuest = await guestCheckout(api, owned, 1, user.email, '192.0.2.70');
    expect(asGuest.status).toBe(409);
    expect(asGuest.body).toEqual(expected);
    // In a cart with other courses too: the owned one is named.
    const cart = await api.request('POST', '/api/create-payment-intent', { courseIds: [other.id, owned.id], amount: 30 }, headers);
    expect(cart.status).toBe(409);
    expect(cart.body).toEqual(expected);
    expect(await count('orders')).toBe(ordersBefore);

    // A guest e-mail without an account owns what its earlier guest orders bought.
    const first = await guestCheckout(api, other, 1, 'no.account.yet@example.com', '192.0.2.71');
    expect((await pay(first.body.clientSecret)).body.status).toBe('succeeded');
    const again = await guestCheckout(api, other, 1, 'No.Account.Yet@example.com', '192.0.2.71');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'You already own this course', path: `/courses/${other.id}` });
  });
});

describe(`#12 course and price checked again at payment (${testEngine()})`, () => {
  it('test processor: a price raised during the hold stops the payment with the new total, as the cart does; nothing is charged', async () => {
    const { user, headers } = await customer();
    const cheap = await course((await createCourse(db.knex, { title: 'Typo Price Course', priceCents: 400, maxParticipants: 5 })).id);
    const intent = paymentIntentResponseSchema.parse((await signedInCheckout(api, cheap, 1, headers)).body);
    await db.knex('courses').where({ id: cheap.id }).update({ price_cents: 40_000 });

    const paid = await pay(intent.clientSecret);
    const cart = await signedInCheckout(api, cheap, 1, headers);
    console.log(`[${testEngine()}] paying a 4.00 checkout after a raise to 400.00: ${paid.status} ${paid.body.message}`);
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({
      message: 'Prices have changed since you added these courses. The new total is $400.00. Please review your cart.',
      total: '400.00',
    });
    expect(cart.status).toBe(409);
    expect(cart.body).toEqual(paid.body);
    expect(await db.knex('test_payment_intents').where({ id: intent.paymentIntentId }).first()).toMatchObject({ status: 'canceled' });
    expect((await order(intent.orderId)).status).toBe('failed');
    expect(await course(cheap.id)).toMatchObject({ seats_held: 0, current_participants: 0 });
    expect(await count('enrollments', { user_id: user.id })).toBe(0);

    const repriced = await api.request('POST', '/api/create-payment-intent', { courseIds: [cheap.id], amount: 400 }, headers);
    expect((await pay(repriced.body.clientSecret)).body).toMatchObject({ status: 'succeeded', amount: '400.00' });
  });

  it('test processor: a tier repriced, or a course deactivated, during the hold cannot be paid (also after authentication)', async () => {
    const { headers } = await customer();
    const tiered = await course((await createCourse(db.knex, { title: 'Tiered Course', priceCents: 1_000 })).id);
    const tier = await createPricingTier(db.knex, tiered.id, { name: 'Team', priceCents: 5_000 });
    const intent = (
      await api.request(
        'POST',
        '/api/create-payment-intent',
        { courseIds: [tiered.id], amount: 100, items: [{ courseId: tiered.id, pricingTierId: tier.id, quantity: 2 }] },
        headers,
      )
    ).body;
    await db.knex('pricing_tiers').where({ id: tier.id }).update({ price_cents: 4_500 });
    expect((await pay(intent.clientSecret)).body).toMatchObject({ total: '90.00' });

    const retired = await course((await createCourse(db.knex, { title: 'Retired Course', priceCents: 1_000 })).id);
    const step = (await signedInCheckout(api, retired, 1, headers)).body;
    expect((await pay(step.clientSecret, NEEDS_AUTH)).body.status).toBe('requires_action');
    await db.knex('courses').where({ id: retired.id }).update({ is_active: false });
    const approved = await api.request('POST', '/api/test-payments/authenticate', { clientSecret: step.clientSecret, outcome: 'approve' });
    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe('Retired Course is no longer available. Please remove it from your cart.');
    expect((await order(step.orderId)).status).toBe('failed');
    expect(await db.knex('test_payment_intents').where({ id: step.paymentIntentId }).first()).toMatchObject({ status: 'canceled' });
  });
});

describe(`#4 and #12 with Stripe: the money is in, so the order is marked for a refund (${testEngine()})`, () => {
  const deliver = (event: object) => {
    const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);
    return stripeApi.request('POST', '/api/stripe/webhook', payload, headers);
  };
  const succeeded = (intentId: string) => {
    const intent = fake.paymentIntents.get(intentId)!;
    return stripeEvent('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: intent.amount });
  };

  it('a payment for a raised price or a deactivated course is not completed: refund due, no enrollment, seats back', async () => {
    const { user, headers } = await customer();
    const raised = await course((await createCourse(db.knex, { title: 'Raised Seminar', priceCents: 400, maxParticipants: 5 })).id);
    const dropped = await course((await createCourse(db.knex, { title: 'Dropped Seminar', priceCents: 2_500, maxParticipants: 5 })).id);
    const first = (await signedInCheckout(stripeApi, raised, 1, headers)).body;
    const second = (await signedInCheckout(stripeApi, dropped, 1, headers)).body;
    await db.knex('courses').where({ id: raised.id }).update({ price_cents: 40_000 });
    await db.knex('courses').where({ id: dropped.id }).update({ is_active: false });

    for (const intent of [first, second]) expect((await deliver(succeeded(intent.paymentIntentId))).status).toBe(200);
    expect(await order(first.orderId)).toMatchObject({
      status: 'refund_required',
      refund_due_cents: 400,
      refund_reason: 'Prices changed before the payment: $4.00 paid, $400.00 now',
    });
    expect(await order(second.orderId)).toMatchObject({
      status: 'refund_required',
      refund_due_cents: 2_500,
      refund_reason: 'Dropped Seminar is no longer available. Please remove it from your cart.',
    });
    expect(await count('enrollments', { user_id: user.id })).toBe(0);
    for (const id of [raised.id, dropped.id]) expect(await course(id)).toMatchObject({ seats_held: 0, current_participants: 0 });
  });

  it('a guest checkout that held nothing and whose seats were sold meanwhile is marked for a refund, never oversold', async () => {
    const seminar = await course((await createCourse(db.knex, { title: 'Two Seat Seminar', priceCents: 9_900, maxParticipants: 2 })).id);
    // Guests hold at most three quarters of 2 seats: one. The second guest's checkout holds nothing.
    const holding = (await guestCheckout(stripeApi, seminar, 1, 'holder@example.com', '198.51.100.31')).body;
    const unheld = (await guestCheckout(stripeApi, seminar, 1, 'unheld@example.com', '198.51.100.32')).body;
    expect([holding.holdExpiresAt !== null, unheld.holdExpiresAt]).toEqual([true, null]);
    const { headers } = await customer();
    const member = (await signedInCheckout(stripeApi, seminar, 1, headers)).body;
    for (const intent of [holding, member, unheld]) expect((await deliver(succeeded(intent.paymentIntentId))).status).toBe(200);
    expect((await order(holding.orderId)).status).toBe('completed');
    expect((await order(member.orderId)).status).toBe('completed');
    expect(await order(unheld.orderId)).toMatchObject({ status: 'refund_required', refund_due_cents: 9_900 });
    expect(await course(seminar.id)).toMatchObject({ seats_held: 0, guest_seats_held: 0, current_participants: 2 });
  });
});
