/**
 * Refunds a crash left pending are finished by the `refund-recovery` job (issue 29, point 11),
 * exactly once across processes. The crash is real: a child process (`support/refund-crash-server.ts`)
 * SIGKILLs itself after Stripe (the local fake) refunded, as the refund's completion starts. Two
 * app instances on their own connection pools then recover at the same time: Stripe is asked again
 * with the refund's own Idempotency-Key (one Stripe refund), and one of them finishes it — one
 * credit note, one audit entry, one mail, access revoked. A refund Stripe never answered is
 * finished once it does, a refusal is given back, a live request is left alone.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '@api/domains';
import { createLogger } from '@api/logger';
import { refundPath } from '@contracts/admin-orders';
import { openDatabase, type Database } from '@db/knex';
import { createSession, createUser } from './support/factories';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { FAKE_SECRET_KEY, fakeStripeConfig, paidStripeOrder } from './support/stripe-orders';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const WEBHOOK_SECRET = `whsec_test_${crypto.randomBytes(16).toString('hex')}`;

let db: TestDatabase;
let second: Database;
let fake: FakeStripe;
let api: TestServer;
/** Two more instances, as two processes, whose clock is `later` minutes ahead. */
let recoverers: TestServer[];
let later = 0;
let admin: { id: string; email: string; headers: Record<string, string> };
const children = new Set<ChildProcess>();
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const clock = () => new Date(Date.now() + later * 60_000);

beforeAll(async () => {
  db = await createTestDatabase();
  second = openDatabase(db.url);
  fake = await startFakeStripe({ secretKey: FAKE_SECRET_KEY });
  const stripe = fakeStripeConfig(fake.api, WEBHOOK_SECRET);
  api = await startTestServer(db.knex, { stripe });
  // On SQLite one connection in this process (see jobs-schedule.test.ts); two pools on MySQL.
  const knexes = testEngine() === 'mysql' ? [db.knex, second.knex] : [db.knex, db.knex];
  recoverers = [await startTestServer(knexes[0]!, { stripe, clock }), await startTestServer(knexes[1]!, { stripe, clock })];
  const user = await createUser(db.knex, { role: 'admin' });
  admin = { id: user.id, email: user.email, headers: auth(await createSession(db.knex, user.id)) };
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const server of [api, ...(recoverers ?? [])]) await server?.close();
  await fake?.close();
  await second?.close();
  await db?.destroy();
});

const order = (id: string) => db.knex('orders').where({ id }).first();
const refundsOf = (orderId: string) => db.knex('refunds').where({ order_id: orderId });
const stripeRefundsOf = (intentId: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
const refundCalls = (intentId: string) => fake.requestsTo('POST', '/v1/refunds').filter((r) => r.body.payment_intent === intentId);
const refundMails = () => recoverers.flatMap((r) => r.sent).filter((m) => m.subject.startsWith('Your refund for order'));

const paidOrder = (priceCents = 12_000) => paidStripeOrder({ knex: db.knex, api, fake, webhookSecret: WEBHOOK_SECRET }, priceCents);

/** The admin's refund sent to a process that dies once Stripe has refunded; resolves when it is gone. */
async function refundThatCrashes(orderId: string, key: string) {
  const port = await freePort();
  const env = { FAKE_STRIPE_PORT: String(fake.api.port), FAKE_STRIPE_SECRET_KEY: FAKE_SECRET_KEY };
  const child = await startServerProcess(port, db.url, env, children, 'tests/api/support/refund-crash-server.ts');
  const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  const request = fetch(`http://127.0.0.1:${port}${refundPath(orderId)}`, {
    method: 'POST',
    headers: { ...admin.headers, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ reason: 'Duplicate purchase' }),
  });
  await expect(request).rejects.toThrow();
  await exited;
}

describe(`refund recovery (${testEngine()})`, () => {
  it('finishes a refund a crash left pending, once across two processes, with the same Stripe refund', { timeout: 120_000 }, async () => {
    const { orderId, paymentIntentId, user } = await paidOrder();
    const key = crypto.randomUUID();
    await refundThatCrashes(orderId, key);
    // Stripe refunded; here the refund is pending and its amount reserved, nothing else happened.
    const [stuck] = await refundsOf(orderId);
    expect(stuck).toMatchObject({ status: 'pending', amount_cents: 12_000, credit_note_number: null });
    expect(await order(orderId)).toMatchObject({ status: 'completed', refunded_cents: 12_000 });
    expect(stripeRefundsOf(paymentIntentId)).toHaveLength(1);
    expect(await db.knex('entitlements').where({ source_id: orderId }).whereNull('revoked_at')).toHaveLength(1);

    // Within its grace (a request may still be waiting for Stripe) the recovery leaves it alone.
    expect(await recoverers[0]!.app.services.refunds.recoverStuck()).toEqual({ finished: 0, refused: 0, unanswered: 0, tooOld: 0 });
    expect((await refundsOf(orderId))[0].status).toBe('pending');

    later = 3;
    const outcomes = await Promise.all([...recoverers, ...recoverers].map((r) => r.app.services.refunds.recoverStuck()));
    expect(outcomes.reduce((sum, o) => sum + o.finished, 0)).toBe(1);
    const [done] = await refundsOf(orderId);
    expect(done).toMatchObject({ status: 'succeeded', processor_refund_id: stripeRefundsOf(paymentIntentId)[0]!.id });
    expect(done.credit_note_number).toMatch(/^CN-\d{4}-\d{6}$/);
    // Stripe was asked again, always with the refund's own key: still one Stripe refund.
    expect(refundCalls(paymentIntentId).length).toBeGreaterThanOrEqual(2);
    expect(new Set(refundCalls(paymentIntentId).map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${stuck.id}`]));
    expect(stripeRefundsOf(paymentIntentId)).toHaveLength(1);
    // The same finishing steps as the request: refunded, access revoked, one audit entry in the admin's name, one mail queued.
    expect(await order(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 12_000 });
    expect(await db.knex('entitlements').where({ source_id: orderId }).whereNull('revoked_at')).toHaveLength(0);
    const audit = await db.knex('audit_entries').where({ entity: 'order', entity_id: orderId });
    expect(audit.map((a) => [a.actor_email, a.summary])).toEqual([[admin.email, expect.stringContaining('(finished by the refund recovery)')]]);
    expect(await db.knex('queued_jobs').where({ name: 'send-refund-mail', job_key: stuck.id })).toHaveLength(1);

    // The processes' job runners: the recovery job runs once for the minute, the mail goes once.
    const config = { seminarSweepMinutes: 5, reminderSweepSeconds: 60 };
    const logger = createLogger('silent');
    const runners = recoverers.map((r, i) =>
      createJobRunner({
        knex: i === 0 ? db.knex : testEngine() === 'mysql' ? second.knex : db.knex,
        services: r.app.services,
        config,
        logger,
        clock,
        role: 'worker',
      }),
    );
    await Promise.all(runners.flatMap((runner) => [runner.tick(), runner.tick()]));
    expect(await db.knex('job_schedules').where({ name: 'refund-recovery' }).first()).toMatchObject({ runs: 1, lease_token: null });
    expect(refundMails().filter((m) => m.to === user.email)).toHaveLength(1);

    // The admin's retry with the same key (its dead request's claim taken over after a minute) gets the finished refund; Stripe refunds nothing more.
    const retry = await recoverers[0]!.request('POST', refundPath(orderId), { reason: 'Duplicate purchase' }, { ...admin.headers, 'Idempotency-Key': key });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.refund).toMatchObject({ id: stuck.id, status: 'succeeded', creditNoteNumber: done.credit_note_number });
    expect(stripeRefundsOf(paymentIntentId)).toHaveLength(1);
    later = 0;
  });

  it('finishes a refund Stripe did not answer once it does, gives back one it refuses, and leaves one older than its key', async () => {
    const answered = await paidOrder(5_000);
    const refused = await paidOrder(6_000);
    const old = await paidOrder(7_000);
    fake.failWith({ match: 'POST /v1/refunds', status: 500, shouldRetry: false });
    for (const { orderId } of [answered, refused, old])
      expect(
        (await api.request('POST', refundPath(orderId), { reason: 'Stripe was down' }, { ...admin.headers, 'Idempotency-Key': crypto.randomUUID() })).status,
      ).toBe(502);
    fake.failWith(null);
    // Stripe holds less than the order says (refunded at its dashboard meanwhile): it refuses.
    fake.paymentIntents.get(refused.paymentIntentId)!.amount_received = 1_000;
    // Pending for a day: Stripe may have forgotten its key, so the same key could refund twice.
    await db
      .knex('refunds')
      .where({ order_id: old.orderId })
      .update({ updated_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString() });

    later = 3;
    const outcome = await recoverers[1]!.app.services.refunds.recoverStuck();
    later = 0;
    expect(outcome).toEqual({ finished: 1, refused: 1, unanswered: 0, tooOld: 1 });
    expect(await refundsOf(answered.orderId)).toMatchObject([{ status: 'succeeded' }]);
    expect(await order(answered.orderId)).toMatchObject({ status: 'refunded', refunded_cents: 5_000 });
    expect(stripeRefundsOf(answered.paymentIntentId).map((r) => r.amount)).toEqual([5_000]);
    expect(await refundsOf(refused.orderId)).toMatchObject([{ status: 'failed', credit_note_number: null }]);
    expect(await order(refused.orderId)).toMatchObject({ status: 'completed', refunded_cents: 0 });
    expect(await refundsOf(old.orderId)).toMatchObject([{ status: 'pending' }]);
    expect(refundCalls(old.paymentIntentId)).toHaveLength(1);
  });
});
