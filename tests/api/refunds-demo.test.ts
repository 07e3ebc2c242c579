/**
 * The demo can be refunded (issue 29, point 11): a database seeded as `npm start` seeds it
 * (`SEED_DEMO`: the demo catalogue and accounts) holds the test processor's record of the demo
 * customer's paid order, so the demo admin refunds it through the API like any order paid in the
 * demo — in part, then the rest — with its credit notes, and the customer's access ends.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { creditNotePath, refundPath, type AdminOrder } from '@contracts/admin-orders';
import { sanitizeRichText } from '@api/lib/sanitize-html';
import { DEMO_ACCOUNTS, seedDemoAccounts, seedDemoAccountsIfEmpty } from '@db/seeds/demo-accounts';
import { seedDemoCatalogueIfEmpty } from '@db/seeds/demo-catalogue';
import { createSession } from './support/factories';
import { download, pdfText } from './support/documents';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let customer: Record<string, string>;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  db = await createTestDatabase();
  // As the server seeds an empty database at start (api/server.ts).
  expect(await seedDemoCatalogueIfEmpty(db.knex, { sanitize: sanitizeRichText })).toBe(true);
  expect(await seedDemoAccountsIfEmpty(db.knex)).toHaveLength(3);
  api = await startTestServer(db.knex);
  admin = auth(await createSession(db.knex, DEMO_ACCOUNTS.admin.id));
  customer = auth(await createSession(db.knex, DEMO_ACCOUNTS.customer.id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function demoOrder(): Promise<AdminOrder> {
  const list = await api.get(`/api/admin/orders?search=${encodeURIComponent(DEMO_ACCOUNTS.customer.email)}&status=completed`, admin);
  expect(list.status).toBe(200);
  const orders = list.body as AdminOrder[];
  expect(orders).toHaveLength(1);
  return orders[0]!;
}

const refund = (orderId: string, body: unknown) => api.request('POST', refundPath(orderId), body, { ...admin, 'Idempotency-Key': crypto.randomUUID() });

describe(`the seeded demo (${testEngine()})`, () => {
  it("lets the demo admin refund the demo customer's paid order, in part and then in full", async () => {
    const order = await demoOrder();
    expect(order).toMatchObject({ paymentState: 'paid', refunded: '0.00', refundable: order.total });
    const rights = () => db.knex('entitlements').where({ source: 'order', source_id: order.id }).whereNull('revoked_at');
    expect(await rights()).toHaveLength(2);

    const partial = await refund(order.id, { amountCents: 1_000, reason: 'Demo goodwill credit' });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.refund).toMatchObject({ amount: '10.00', status: 'succeeded', processorRefundId: expect.stringMatching(/^re_test_/) });
    // The credit note names the demo payment as the test processor recorded it.
    const note = await download(api.baseUrl, creditNotePath(partial.body.refund.id), customer);
    expect(note.status).toBe(200);
    expect(await pdfText(note.bytes)).toContain('Visa ending in 4242 (test processor)');
    expect(await rights()).toHaveLength(2);

    const rest = await refund(order.id, { reason: 'Demo cancellation' });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.order).toMatchObject({ status: 'refunded', refunded: order.total, refundable: '0.00' });
    expect(await rights()).toHaveLength(0);
    const profile = await api.get('/api/profile', customer);
    expect(profile.body.orders.find((o: { id: string }) => o.id === order.id)).toMatchObject({ status: 'refunded', refunded: order.total });
  });

  it('seeding again gives the paid order its processor record again, and the pending order none', async () => {
    await seedDemoAccounts(db.knex);
    const payments = await db
      .knex('test_payment_intents')
      .join('orders', 'orders.id', 'test_payment_intents.order_id')
      .select('test_payment_intents.*', 'orders.status as order_status', 'orders.total_cents');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', order_status: 'completed', card_last4: '4242' });
    expect(payments[0].amount_cents).toBe(payments[0].total_cents);
    expect((await demoOrder()).refundable).toBe((await demoOrder()).total);
  });
});
