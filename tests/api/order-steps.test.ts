/**
 * The seam of fulfilment as a contract (issue 28, point 2): a step added to the declared lists
 * (`ORDER_STEPS`) of a test-built CheckoutService —
 * - on completion, runs inside the completing transaction exactly once per order, also under
 *   concurrent confirmations (test processor, webhook, recovery), and sees the order as the
 *   earlier steps left it (enrolled, not yet invoiced: the invoice number is the last write);
 * - when it throws, the completion rolls back: the order stays pending, nothing is enrolled,
 *   no seat is taken, no invoice number is used, no receipt;
 * - after commit, runs once, and its failure undoes nothing (the receipt still goes);
 * - on cancellation (failed, expired, refund_required, membership_ended), runs once in the
 *   transaction that cancels, and a throw leaves the order and its seats as they were.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '@api/config';
import type { MailMessage } from '@api/integrations/mail';
import { TestPaymentProcessor } from '@api/integrations/payments/test-processor';
import { createLogger } from '@api/logger';
import { CheckoutService, defineOrderSteps, ORDER_STEPS, type OrderCancelStep, type OrderCompletionStep, type OrderSteps } from '@api/services/orders/checkout';
import { RateLimiter } from '@api/services/platform/rate-limiter';
import { TestPaymentService } from '@api/services/orders/payments/test-payment-service';
import { createCourse, createUser, updateCourse } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';

const CARD = { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const RUNS = 'order_step_runs';

let db: TestDatabase;
const sent: MailMessage[] = [];
const afterCommitRuns: Array<{ orderId: string; status: string }> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  // What a step wrote in its transaction: only committed runs stay.
  await db.knex.schema.createTable(RUNS, (t) => {
    t.increments('id');
    t.string('order_id', 36).notNullable();
    t.string('how', 40).nullable();
    t.string('status_seen', 40).notNullable();
    t.integer('enrollments_seen').notNullable();
    t.integer('open_holds_seen').notNullable();
    t.string('invoice_seen', 40).nullable();
  });
});

afterAll(async () => {
  await db?.destroy();
});

/** A CheckoutService as `services/orders/index.ts` builds it, with the given step lists. */
function checkoutWith(orderSteps: OrderSteps) {
  const clock = () => new Date();
  const { knex } = db;
  const checkout = new CheckoutService({
    knex,
    processor: new TestPaymentProcessor(knex, clock),
    mailer: { send: async (message) => void sent.push(message) },
    clock,
    logger: createLogger('silent'),
    publicUrl: 'http://localhost:3000',
    rateLimiter: new RateLimiter(knex, clock),
    secretKey: crypto.randomBytes(32),
    limits: { ...DEFAULT_LIMITS, checkoutPerIp: 100_000, checkoutPerEmail: 100_000 },
    orderSteps,
  });
  return { checkout, payments: new TestPaymentService(knex, checkout, clock) };
}

/** The declared completion list with `step` added before `before` (the invoice number by default). */
function completedWith(step: OrderCompletionStep, before = 'invoice number'): OrderSteps {
  const list = [...ORDER_STEPS.completed];
  list.splice(
    list.findIndex((s) => s.name === before),
    0,
    step,
  );
  return { completed: list, cancelled: ORDER_STEPS.cancelled };
}

/** A step that records, in its transaction, what it sees of the order. */
const recorder: OrderCompletionStep & OrderCancelStep = {
  name: 'test: recorder',
  inTransaction: async (ctx) => {
    const { trx, order } = ctx;
    const row = await trx('orders').where({ id: order.id }).first('status', 'invoice_number');
    const enrollments = await trx('enrollments').where({ order_id: order.id }).count({ n: '*' }).first();
    const holds = await trx('seat_holds').where({ order_id: order.id }).whereIn('status', ['held', 'wanted']).count({ n: '*' }).first();
    await trx(RUNS).insert({
      order_id: order.id,
      how: 'how' in ctx ? (ctx.how as string) : null,
      status_seen: row.status,
      enrollments_seen: Number(enrollments?.n),
      open_holds_seen: Number(holds?.n),
      invoice_seen: row.invoice_number,
    });
  },
  afterCommit: async ({ knex, order }) => {
    afterCommitRuns.push({ orderId: order.id, status: (await knex('orders').where({ id: order.id }).first('status')).status });
  },
};

const runsOf = (orderId: string) => db.knex(RUNS).where({ order_id: orderId }).select();
const order = (id: string) => db.knex('orders').where({ id }).first();

async function courseCheckout(checkout: CheckoutService, seats = 2) {
  const course = await createCourse(db.knex, { type: 'live_seminar', startDate: '2030-03-01T09:00:00.000Z', priceCents: 5_000, maxParticipants: 10 });
  const buyer = await createUser(db.knex);
  const intent = await checkout.createCheckout({
    courseIds: [course.id],
    amount: (5_000 * seats) / 100,
    items: [{ courseId: course.id, quantity: seats }],
    buyer: { userId: buyer.id, email: buyer.email, name: buyer.name },
    clientKey: '203.0.113.9',
  });
  return { course, buyer, ...intent };
}

describe(`completion steps (${testEngine()})`, () => {
  it('a declared step runs in the completing transaction exactly once per order under concurrent confirmations, and after commit once', async () => {
    const { checkout, payments } = checkoutWith(completedWith(recorder));
    const byTestProcessor = await courseCheckout(checkout);
    const byWebhookAndRecovery = await courseCheckout(checkout);
    const confirms = await Promise.all(Array.from({ length: 6 }, () => payments.confirm(byTestProcessor.clientSecret, CARD)));
    const fulfils = await Promise.all(
      Array.from({ length: 6 }, () => checkout.fulfilOrder(byWebhookAndRecovery.orderId, byWebhookAndRecovery.paymentIntentId)),
    );
    expect(confirms.map((c) => c.status)).toEqual(Array(6).fill('succeeded'));
    expect(fulfils.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(fulfils.filter((o) => o === 'already_fulfilled')).toHaveLength(5);

    for (const { orderId, buyer } of [byTestProcessor, byWebhookAndRecovery]) {
      // Once, inside the transaction: it sees the order completed and enrolled, before its invoice number.
      expect(await runsOf(orderId)).toEqual([
        expect.objectContaining({ status_seen: 'completed', enrollments_seen: 1, open_holds_seen: 0, invoice_seen: null }),
      ]);
      expect((await order(orderId)).invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(afterCommitRuns.filter((r) => r.orderId === orderId)).toEqual([{ orderId, status: 'completed' }]);
      expect(sent.filter((m) => m.to === buyer.email)).toHaveLength(1);
    }
    console.log(
      `[${testEngine()}] 6 + 6 concurrent confirmations of 2 orders: the added step ran ${(await db.knex(RUNS).count({ n: '*' }).first())?.n} times in a transaction, ${afterCommitRuns.length} after commit`,
    );
  });

  it('a step that throws rolls the completion back: the order stays pending, nothing enrolled, no seat, no invoice number, no receipt', async () => {
    const failing: OrderCompletionStep = { name: 'test: refuses', inTransaction: async () => Promise.reject(new Error('step refused')) };
    const { checkout, payments } = checkoutWith(completedWith(failing));
    const { orderId, paymentIntentId, clientSecret, course, buyer } = await courseCheckout(checkout, 3);
    const counter = async () => (await db.knex('invoice_counters').first('last'))?.last ?? 0;
    const lastInvoice = await counter();

    await expect(checkout.fulfilOrder(orderId, paymentIntentId)).rejects.toThrow('step refused');
    await expect(payments.confirm(clientSecret, CARD)).rejects.toThrow('step refused');
    expect(await order(orderId)).toMatchObject({ status: 'pending', invoice_number: null, receipt_sent_at: null });
    expect(await db.knex('enrollments').where({ order_id: orderId })).toEqual([]);
    expect(await db.knex('calendar_invites').where({ order_id: orderId })).toEqual([]);
    expect(await db.knex('courses').where({ id: course.id }).first('seats_held', 'current_participants')).toMatchObject({
      seats_held: 3,
      current_participants: 0,
    });
    expect((await db.knex('test_payment_intents').where({ id: paymentIntentId }).first()).status).toBe('requires_payment_method');
    expect(await counter()).toBe(lastInvoice);
    expect(sent.filter((m) => m.to === buyer.email)).toEqual([]);

    // The same order completes once the list stands.
    expect(await checkoutWith(ORDER_STEPS).checkout.fulfilOrder(orderId, paymentIntentId)).toBe('fulfilled');
    expect(await db.knex('courses').where({ id: course.id }).first('seats_held', 'current_participants')).toMatchObject({
      seats_held: 0,
      current_participants: 3,
    });
  });

  it('an after-commit step that throws undoes nothing, and the steps after it still run (the receipt)', async () => {
    const failing: OrderCompletionStep = { name: 'test: fails after commit', afterCommit: async () => Promise.reject(new Error('mail server gone')) };
    const { checkout } = checkoutWith(completedWith(failing));
    const { orderId, paymentIntentId, buyer } = await courseCheckout(checkout);
    expect(await checkout.fulfilOrder(orderId, paymentIntentId)).toBe('fulfilled');
    expect(await order(orderId)).toMatchObject({ status: 'completed', invoice_number: expect.stringMatching(/^INV-/) });
    expect(await db.knex('enrollments').where({ order_id: orderId, user_id: buyer.id })).toHaveLength(1);
    expect(sent.filter((m) => m.to === buyer.email)).toHaveLength(1);
  });

  it('a list that writes in the transaction after the invoice number is refused when the service is built', () => {
    const late: OrderCompletionStep = { name: 'test: too late', inTransaction: async () => undefined };
    expect(() => checkoutWith({ completed: [...ORDER_STEPS.completed, late], cancelled: [] })).toThrow(
      '"test: too late" writes in the transaction after "invoice number"',
    );
    expect(() =>
      defineOrderSteps({ completed: [...ORDER_STEPS.completed, { name: 'test: mail only', afterCommit: async () => undefined }], cancelled: [] }),
    ).not.toThrow();
  });
});

describe(`cancellation steps (${testEngine()})`, () => {
  const cancelledWith = (step: OrderCancelStep): OrderSteps => ({ completed: ORDER_STEPS.completed, cancelled: [...ORDER_STEPS.cancelled, step] });

  it('runs once in the transaction that fails, expires or refunds an order, after its seats went back', async () => {
    const { checkout } = checkoutWith(cancelledWith(recorder));
    const failed = await courseCheckout(checkout);
    const results = await Promise.all(Array.from({ length: 5 }, () => checkout.failOrder(failed.orderId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const expired = await courseCheckout(checkout);
    await checkout.failOrder(expired.orderId, 'expired');
    // Paid (a webhook) after the course stopped being sold: refund_required.
    const refunded = await courseCheckout(checkout);
    await updateCourse(db.knex, refunded.course.id, { is_active: false });
    expect(await Promise.all([1, 2, 3].map(() => checkout.fulfilOrder(refunded.orderId, refunded.paymentIntentId)))).toContain('refund_required');

    for (const [{ orderId, course }, how] of [
      [failed, 'failed'],
      [expired, 'expired'],
      [refunded, 'refund_required'],
    ] as const) {
      expect(await runsOf(orderId)).toEqual([expect.objectContaining({ how, status_seen: how, open_holds_seen: 0, enrollments_seen: 0 })]);
      expect(await db.knex('courses').where({ id: course.id }).first('seats_held')).toMatchObject({ seats_held: 0 });
    }
  });

  it('runs once when a membership ends (the plan is gone in the same transaction)', async () => {
    const { checkout } = checkoutWith(cancelledWith(recorder));
    const member = await createUser(db.knex);
    const bought = await checkout.createMembershipCheckout({
      email: member.email,
      name: member.name,
      priceId: 'price_prime_monthly',
      userId: member.id,
      clientKey: '203.0.113.9',
    });
    expect(await checkout.fulfilOrder(bought.orderId, bought.paymentIntentId)).toBe('fulfilled');
    expect((await db.knex('users').where({ id: member.id }).first()).membership_type).toBe('prime');
    await Promise.all([checkout.endMembership(bought.orderId), checkout.endMembership(bought.orderId)]);
    expect(await runsOf(bought.orderId)).toEqual([expect.objectContaining({ how: 'membership_ended', status_seen: 'completed' })]);
    expect((await db.knex('users').where({ id: member.id }).first()).membership_type).toBeNull();
  });

  it('a cancellation step that throws leaves the order pending and its seats held', async () => {
    const { checkout } = checkoutWith(cancelledWith({ name: 'test: refuses', inTransaction: async () => Promise.reject(new Error('cannot cancel')) }));
    const { orderId, course } = await courseCheckout(checkout, 4);
    await expect(checkout.failOrder(orderId)).rejects.toThrow('cannot cancel');
    expect((await order(orderId)).status).toBe('pending');
    expect(await db.knex('seat_holds').where({ order_id: orderId }).first('status')).toMatchObject({ status: 'held' });
    expect(await db.knex('courses').where({ id: course.id }).first('seats_held')).toMatchObject({ seats_held: 4 });
  });
});
