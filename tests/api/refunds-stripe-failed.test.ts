/**
 * Refunds Stripe reports failed later (issue 29, point 11): `refund.failed`, or
 * `charge.refund.updated` / `refund.updated` with `status: failed`, through the signed webhook.
 * An issued refund is marked failed: its credit note stands, nothing new is issued, the order keeps
 * its status and what the refund ended stays ended (access is not given back); the back office
 * reads "refund failed" and the audit log says so. A refund whose request never finished gives its
 * amount back. Redeliveries, other updates and refunds not made here change nothing; a bad
 * signature or a malformed refund is a 400 and changes nothing. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@api/logger';
import { refundMailJob } from '@api/jobs/send-refund-mail';
import { JobRunner } from '@api/jobs/runner';
import { creditNotePath, refundPath, type AdminOrder } from '@contracts/admin-orders';
import { createSession, createUser } from './support/factories';
import { download } from './support/documents';
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
  fake = await startFakeStripe({ secretKey: FAKE_SECRET_KEY });
  api = await startTestServer(db.knex, { stripe: fakeStripeConfig(fake.api, WEBHOOK_SECRET) });
  const user = await createUser(db.knex, { role: 'admin' });
  admin = auth(await createSession(db.knex, user.id));
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
  await db?.destroy();
});

beforeEach(() => fake.failWith(null));

const deliver = (event: object, secret = WEBHOOK_SECRET) => {
  const { payload, headers } = signedWebhook(event, secret);
  return api.request('POST', '/api/stripe/webhook', payload, headers);
};
const refund = (orderId: string, body: unknown, key = crypto.randomUUID()) =>
  api.request('POST', refundPath(orderId), body, { ...admin, 'Idempotency-Key': key });
const order = (id: string) => db.knex('orders').where({ id }).first();
const refundRow = (orderId: string) => db.knex('refunds').where({ order_id: orderId }).first();
const liveRights = (orderId: string) => db.knex('entitlements').where({ source_id: orderId }).whereNull('revoked_at');
const audits = (orderId: string) => db.knex('audit_entries').where({ entity: 'order', entity_id: orderId }).orderBy('created_at');
/** Stripe's refund object, as it later reads: failed, with its reason. */
const failedAtStripe = (refundId: string, reason = 'expired_or_canceled_card') => ({
  ...fake.refunds.get(refundId)!,
  status: 'failed',
  failure_reason: reason,
});

async function adminOrder(orderId: string): Promise<AdminOrder> {
  const list = await api.get(`/api/admin/orders?search=${orderId}`, admin);
  return (list.body as AdminOrder[]).find((o) => o.id === orderId)!;
}

const paidOrder = (priceCents?: number) => paidStripeOrder({ knex: db.knex, api, fake, webhookSecret: WEBHOOK_SECRET }, priceCents);

describe(`a refund Stripe reports failed (${testEngine()})`, () => {
  it('marks an issued full refund failed, keeps its credit note, issues nothing new and gives no access back', async () => {
    const { orderId, user, headers } = await paidOrder();
    const key = crypto.randomUUID();
    const done = await refund(orderId, { reason: 'Customer asked' }, key);
    expect(done.status, done.text).toBe(200);
    const { id: refundId, processorRefundId, creditNoteNumber } = done.body.refund;
    expect(await liveRights(orderId)).toHaveLength(0);

    const event = stripeEvent('refund.failed', failedAtStripe(processorRefundId));
    expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true } });
    expect(await refundRow(orderId)).toMatchObject({ status: 'failed', credit_note_number: creditNoteNumber, processor_refund_id: processorRefundId });
    // The order stays refunded (its money stays credited, never refundable twice), access stays ended.
    expect(await order(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 10_000 });
    expect(await liveRights(orderId)).toHaveLength(0);
    expect(await adminOrder(orderId)).toMatchObject({ status: 'refunded', refunded: '0.00', refundable: '0.00', refundFailed: '100.00' });
    expect((await adminOrder(orderId)).refunds).toMatchObject([{ id: refundId, status: 'failed', creditNoteNumber }]);
    // The audit log (the back office's activity) says what happened and what to do; written by no person.
    const entries = await audits(orderId);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ actor_id: null, actor_email: null });
    expect(entries[1].summary).toBe(
      `Refund failed at the payment processor (expired_or_canceled_card): $100.00 of order ${orderId.slice(0, 8)} (${creditNoteNumber}) did not reach the customer. Access stays ended; pay the customer back another way`,
    );
    // The credit note stands; the mail saying "we have refunded" is not sent now.
    expect((await download(api.baseUrl, creditNotePath(refundId), headers)).status).toBe(200);
    await new JobRunner({ knex: db.knex, logger: createLogger('silent'), queued: [refundMailJob(api.app.services.refunds)] }).tick();
    expect(api.sent.filter((m) => m.to === user.email && m.subject.startsWith('Your refund'))).toEqual([]);
    expect(await db.knex('queued_jobs').where({ name: 'send-refund-mail', job_key: refundId }).first()).toMatchObject({ status: 'done' });

    // The redelivery, and Stripe's other event for the same failure, change nothing.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripeEvent('charge.refund.updated', failedAtStripe(processorRefundId)))).status).toBe(200);
    expect(await audits(orderId)).toHaveLength(2);
    // The same key again is the kept answer: never issued a second time (nor once the answer is pruned).
    const before = fake.requestsTo('POST', '/v1/refunds').length;
    const again = await refund(orderId, { reason: 'Customer asked' }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    await db.knex('idempotency_keys').delete();
    const pruned = await refund(orderId, { reason: 'Customer asked' }, key);
    expect(pruned.status, pruned.text).toBe(200);
    expect(pruned.body.refund).toMatchObject({ id: refundId, status: 'failed', creditNoteNumber });
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(before);
    expect(await db.knex('refunds').where({ order_id: orderId })).toHaveLength(1);
  });

  it('a partial refund failed (charge.refund.updated) leaves the order completed and the rest refundable', async () => {
    const { orderId } = await paidOrder();
    const done = await refund(orderId, { amountCents: 2_500, reason: 'Goodwill' });
    expect(done.status).toBe(200);
    expect((await deliver(stripeEvent('charge.refund.updated', failedAtStripe(done.body.refund.processorRefundId, 'lost_or_stolen_card')))).status).toBe(200);
    expect(await order(orderId)).toMatchObject({ status: 'completed', refunded_cents: 2_500 });
    expect(await liveRights(orderId)).toHaveLength(1);
    expect(await adminOrder(orderId)).toMatchObject({ status: 'completed', refunded: '0.00', refundable: '75.00', refundFailed: '25.00' });
    expect((await audits(orderId)).at(-1).summary).toContain('(lost_or_stolen_card)');
  });

  it('a refund whose request never finished is failed and its amount given back', async () => {
    const { orderId } = await paidOrder();
    fake.failWith({ match: 'POST /v1/refunds', status: 500, shouldRetry: false });
    expect((await refund(orderId, { reason: 'Stripe was down' })).status).toBe(502);
    fake.failWith(null);
    const pending = await refundRow(orderId);
    expect(pending).toMatchObject({ status: 'pending', processor_refund_id: null });
    // Stripe made it after all (the answer was lost) and reports it failed, naming ours in its metadata.
    const stripeRefund = {
      id: `re_fake_${crypto.randomBytes(8).toString('hex')}`,
      object: 'refund',
      amount: 10_000,
      status: 'failed',
      failure_reason: 'unknown',
    };
    expect((await deliver(stripeEvent('refund.failed', { ...stripeRefund, metadata: { orderId, refundId: pending.id } }))).status).toBe(200);
    expect(await refundRow(orderId)).toMatchObject({ status: 'failed', processor_refund_id: stripeRefund.id, credit_note_number: null });
    expect(await order(orderId)).toMatchObject({ status: 'completed', refunded_cents: 0 });
    expect(await liveRights(orderId)).toHaveLength(1);
    const view = await adminOrder(orderId);
    expect(view).toMatchObject({ refundable: '100.00' });
    expect(view.refundFailed).toBeUndefined();
    expect((await audits(orderId)).at(-1).summary).toContain('was not refunded; the amount may be refunded again');
    // The recovery has nothing left to finish.
    expect((await api.app.services.refunds.recoverStuck()).finished).toBe(0);
  });

  it('ignores other refund updates and refunds not made here; refuses bad signatures and malformed refunds, changing nothing', async () => {
    const { orderId } = await paidOrder();
    const done = await refund(orderId, { reason: 'Customer asked' });
    const processorRefundId = done.body.refund.processorRefundId as string;
    const unchanged = async () => {
      expect(await refundRow(orderId)).toMatchObject({ status: 'succeeded' });
      expect(await audits(orderId)).toHaveLength(1);
    };
    expect((await deliver(stripeEvent('refund.updated', { ...fake.refunds.get(processorRefundId)!, status: 'succeeded' }))).status).toBe(200);
    expect(
      (await deliver(stripeEvent('refund.failed', { ...failedAtStripe(processorRefundId), id: 're_fake_made_at_the_dashboard', metadata: {} }))).status,
    ).toBe(200);
    await unchanged();

    const forged = await deliver(stripeEvent('refund.failed', failedAtStripe(processorRefundId)), 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/signature/i);
    const unsigned = await api.request('POST', '/api/stripe/webhook', JSON.stringify(stripeEvent('refund.failed', failedAtStripe(processorRefundId))), {
      'Content-Type': 'application/json',
    });
    expect(unsigned.status).toBe(400);
    for (const object of [{ status: 'failed' }, { ...failedAtStripe(processorRefundId), object: 'charge' }, { ...failedAtStripe(processorRefundId), id: 42 }]) {
      const event = stripeEvent('refund.failed', object);
      const bad = await deliver(event);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Malformed refund in Stripe event refund.failed');
      expect(await db.knex('processed_webhook_events').where({ id: event.id })).toEqual([]);
    }
    await unchanged();
  });
});
