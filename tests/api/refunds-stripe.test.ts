/**
 * Refunds through Stripe (issue 29, point 11): the real `stripe` SDK against the local fake
 * (`support/fake-stripe.ts`): `POST /v1/refunds` with the refund's own Idempotency-Key, so the same
 * admin key is one Stripe refund even when Stripe's answer was lost; Stripe's refusal is the
 * admin's 422 and gives the amount back; a membership is refunded through its invoice's payment and
 * its subscription cancelled. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refundPath, type RefundResult } from '@contracts/admin-orders';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createSession, createUser } from './support/factories';
import { signedWebhook, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { FAKE_SECRET_KEY, fakeStripeConfig, paidStripeOrder } from './support/stripe-orders';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const WEBHOOK_SECRET = `whsec_test_${crypto.randomBytes(16).toString('hex')}`;

let db: TestDatabase;
let api: TestServer;
let fake: FakeStripe;
let admin: Record<string, string>;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startFakeStripe({ secretKey: FAKE_SECRET_KEY, prices: { price_fake_prime: 34_800 } });
  const prices = { price_prime_monthly: 'price_fake_prime', price_business_yearly: undefined };
  api = await startTestServer(db.knex, { stripe: fakeStripeConfig(fake.api, WEBHOOK_SECRET, prices) });
  const user = await createUser(db.knex, { role: 'admin' });
  admin = auth(await createSession(db.knex, user.id));
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
  await db?.destroy();
});

beforeEach(() => fake.failWith(null));

function deliver(event: object) {
  const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);
  return api.request('POST', '/api/stripe/webhook', payload, headers);
}

const refund = (orderId: string, body: unknown, key = crypto.randomUUID()) =>
  api.request('POST', refundPath(orderId), body, { ...admin, 'Idempotency-Key': key });
const order = (id: string) => db.knex('orders').where({ id }).first();
const stripeRefunds = (intentId: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);

const paidOrder = (priceCents?: number) => paidStripeOrder({ knex: db.knex, api, fake, webhookSecret: WEBHOOK_SECRET }, priceCents);

describe(`refunds through Stripe (${testEngine()})`, () => {
  it('sends one Stripe refund per key, with the amount, the payment intent and its own Idempotency-Key', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const before = fake.requestsTo('POST', '/v1/refunds').length;
    const key = crypto.randomUUID();
    const first = await refund(orderId, { amountCents: 2_500, reason: 'Partial refund at Stripe' }, key);
    expect(first.status, first.text).toBe(200);
    const again = await refund(orderId, { amountCents: 2_500, reason: 'Partial refund at Stripe' }, key);
    expect(again.body).toEqual(first.body);

    const calls = fake.requestsTo('POST', '/v1/refunds').slice(before);
    expect(calls).toHaveLength(1);
    const result = first.body as RefundResult;
    expect(calls[0]!.authorization).toBe(`Bearer ${FAKE_SECRET_KEY}`);
    expect(calls[0]!.idempotencyKey).toBe(`refund-${result.refund.id}`);
    expect(calls[0]!.body).toMatchObject({ payment_intent: paymentIntentId, amount: '2500', reason: 'requested_by_customer', metadata: { orderId } });
    expect(stripeRefunds(paymentIntentId).map((r) => r.amount)).toEqual([2_500]);
    expect(result.refund.processorRefundId).toBe(stripeRefunds(paymentIntentId)[0]!.id);
    expect(result.order).toMatchObject({ status: 'completed', refunded: '25.00', refundable: '75.00' });
  });

  it('a lost answer leaves the refund pending and reserved; the same key finishes it with the same Stripe refund', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const key = crypto.randomUUID();
    fake.failWith({ match: 'POST /v1/refunds', status: 500, shouldRetry: false });
    const lost = await refund(orderId, { reason: 'Stripe was down' }, key);
    expect(lost.status).toBe(502);
    expect(await db.knex('refunds').where({ order_id: orderId }).select('status', 'amount_cents')).toEqual([{ status: 'pending', amount_cents: 10_000 }]);
    // Reserved: no other refund can take the money meanwhile.
    expect((await refund(orderId, { amountCents: 100, reason: 'Meanwhile' })).status).toBe(409);

    fake.failWith(null);
    const done = await refund(orderId, { reason: 'Stripe was down' }, key);
    expect(done.status, done.text).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'refunded', refunded: '100.00' });
    const keys = new Set(
      fake
        .requestsTo('POST', '/v1/refunds')
        .filter((r) => r.body.payment_intent === paymentIntentId)
        .map((r) => r.idempotencyKey),
    );
    expect([...keys]).toEqual([`refund-${done.body.refund.id}`]);
    expect(stripeRefunds(paymentIntentId)).toHaveLength(1);
    expect(await db.knex('entitlements').where({ source_id: orderId }).whereNull('revoked_at')).toHaveLength(0);
  });

  it("Stripe's refusal is a 422 with its message; the refund is failed and its amount given back", async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    // Stripe holds less than the order says (refunded at Stripe's dashboard meanwhile).
    fake.paymentIntents.get(paymentIntentId)!.amount_received = 1_000;
    const refused = await refund(orderId, { amountCents: 5_000, reason: 'More than Stripe holds' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/greater than unrefunded amount/);
    expect(await db.knex('refunds').where({ order_id: orderId }).select('status', 'credit_note_number')).toEqual([
      { status: 'failed', credit_note_number: null },
    ]);
    expect(await order(orderId)).toMatchObject({ status: 'completed', refunded_cents: 0 });
  });

  it('a membership is refunded through its invoice payment, ends, and its subscription is cancelled', async () => {
    const member = await createUser(db.knex, { email: `prime.${crypto.randomBytes(3).toString('hex')}@academy.test`, name: 'Pia Prime' });
    const session = auth(await createSession(db.knex, member.id));
    const created = await api.request('POST', '/api/create-subscription', { email: member.email, name: 'Pia Prime', priceId: 'price_prime_monthly' }, session);
    expect(created.status, created.text).toBe(200);
    const { orderId, paymentIntentId: subscriptionId } = paymentIntentResponseSchema.parse(created.body);
    const invoice = fake.invoices.get(fake.subscriptions.get(subscriptionId)!.latest_invoice)!;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
    expect((await deliver(stripeEvent('invoice.paid', invoice))).status).toBe(200);
    expect((await api.get('/api/auth/me', session)).body.membershipType).toBe('prime');

    const done = await refund(orderId, { reason: 'Cancelled within 14 days' });
    expect(done.status, done.text).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'refunded', refunded: '348.00' });
    expect(fake.requestsTo('GET', '/v1/invoice_payments').at(-1)!.query).toMatchObject({ invoice: invoice.id });
    expect(stripeRefunds(invoice.payment_intent_id).map((r) => r.amount)).toEqual([34_800]);
    expect((await api.get('/api/auth/me', session)).body.membershipType).toBeNull();
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  });
});
