import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/api/support/test-database';
import { seedDemoCatalogue } from './demo-catalogue';
import { DEMO_ACCOUNTS, seedDemoAccounts, seedDemoAccountsIfEmpty } from './demo-accounts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoCatalogue(db.knex);
});

afterAll(async () => {
  await db?.destroy();
});

describe('demo accounts', () => {
  it('creates one account per role, with a purchase history for the customer, idempotently', async () => {
    expect(await seedDemoAccountsIfEmpty(db.knex)).toHaveLength(3);
    await seedDemoAccounts(db.knex);
    const users = await db.knex('users').orderBy('email').select('email', 'role');
    expect(users).toEqual(
      [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.contributor, DEMO_ACCOUNTS.customer]
        .map((a) => ({ email: a.email, role: a.role }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    );
    const orders = await db.knex('orders').select('id', 'status');
    expect(orders.map((o) => o.status).sort()).toEqual(['completed', 'pending']);
    // Screens show the first 8 characters as the order number: no two demo orders share one.
    expect(new Set(orders.map((o) => o.id.slice(0, 8))).size).toBe(orders.length);
    expect(await db.knex('order_items').count({ n: '*' }).first()).toMatchObject({ n: 3 });
    expect(await db.knex('enrollments').count({ n: '*' }).first()).toMatchObject({ n: 2 });
    // The paid order's courses are the customer's to open (My Training).
    expect(await db.knex('entitlements').where({ source: 'order' }).count({ n: '*' }).first()).toMatchObject({ n: 2 });
    expect(await seedDemoAccountsIfEmpty(db.knex)).toBeNull();
  });
});
