/**
 * Demo accounts so every role can be tried (codes arrive in the mail outbox): one admin, one
 * contributor and one customer with a purchase history. Idempotent by fixed ids.
 *
 * The paid order was paid through the built-in test processor, as a demo checkout is: it has that
 * processor's payment record (`test_payment_intents`, succeeded, a Visa ending in 4242), so an
 * admin can refund it in the demo (the processor refunds only payments it holds).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { DEMO_COURSES } from './demo-catalogue-data';

export const DEMO_ACCOUNTS = {
  admin: { id: '5d0c2a4e-1f3b-4c6d-9e8f-0a1b2c3d4e01', name: 'Avery Admin', email: 'admin@lifescience-academy.example', role: 'admin' },
  contributor: { id: '5d0c2a4e-1f3b-4c6d-9e8f-0a1b2c3d4e02', name: 'Casey Contributor', email: 'contributor@lifescience-academy.example', role: 'contributor' },
  customer: { id: '5d0c2a4e-1f3b-4c6d-9e8f-0a1b2c3d4e03', name: 'Jordan Customer', email: 'customer@lifescience-academy.example', role: 'customer' },
} as const;

/** A fixed UUID-shaped id derived from a name, so re-seeding finds the same rows. */
function stableId(name: string): string {
  const hex = crypto.createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// Screens show an order by the first 8 characters of its id: each demo order has its own.
const COMPLETED_ORDER_ID = '7a1e3c5b-2d4f-4a6b-8c0d-1e2f3a4b5c01';
const PENDING_ORDER_ID = 'c2d94f61-8b3e-4d7a-9f05-6e1a2b3c4d02';
/** The demo payment's card: refundable (the test processor refuses refunds only for …5126). */
const DEMO_CARD = { brand: 'visa', last4: '4242' };

export async function seedDemoAccounts(knex: Knex, now = new Date()): Promise<string[]> {
  const iso = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const purchasable = DEMO_COURSES.filter((c) => c.isActive && c.tiers.length > 0);
  const [first, second, third] = purchasable;
  if (!first || !second || !third) throw new Error('The demo catalogue needs at least three courses with tiers');
  const tierOf = (course: typeof first) => course.tiers.find((t) => t.isDefault) ?? course.tiers[0]!;

  await knex.transaction(async (trx) => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const row = {
        name: account.name,
        email: account.email,
        role: account.role,
        membership_type: account.role === 'customer' ? 'prime' : null,
        is_active: true,
        updated_at: iso(0),
      };
      const exists = await trx('users').where({ id: account.id }).first('id');
      if (exists) await trx('users').where({ id: account.id }).update(row);
      else {
        // An account with this e-mail may exist already (e.g. ADMIN_EMAIL): leave it alone.
        const byEmail = await trx('users').where({ email: account.email }).first('id');
        if (!byEmail) await trx('users').insert({ id: account.id, ...row, created_at: iso(120) });
      }
    }
    const customer = await trx('users').where({ email: DEMO_ACCOUNTS.customer.email }).first('id');
    if (!customer) return;

    const orders = [
      { id: COMPLETED_ORDER_ID, status: 'completed', daysAgo: 30, payment: 'pi_demo_3Qx7Lw2eZvKd9f01', lines: [first, second] },
      { id: PENDING_ORDER_ID, status: 'pending', daysAgo: 2, payment: null, lines: [third] },
    ];
    for (const order of orders) {
      const items = order.lines.map((course, position) => {
        const tier = tierOf(course);
        return {
          id: stableId(`demo-order-item:${order.id}:${position}`),
          order_id: order.id,
          course_id: course.id,
          pricing_tier_id: tier.id,
          title: `${course.title} - ${tier.name}`,
          tier_name: tier.name,
          price_cents: tier.priceCents,
          position,
        };
      });
      const total = items.reduce((sum, item) => sum + item.price_cents, 0);
      await trx('test_payment_intents').where({ order_id: order.id }).delete();
      await trx('order_items').where({ order_id: order.id }).delete();
      await trx('orders').where({ id: order.id }).delete();
      await trx('orders').insert({
        id: order.id,
        user_id: customer.id,
        customer_email: DEMO_ACCOUNTS.customer.email,
        customer_name: DEMO_ACCOUNTS.customer.name,
        status: order.status,
        total_cents: total,
        stripe_payment_intent_id: order.payment,
        // Paid through the test processor (the pending order never reached it).
        payment_processor: order.payment ? 'test' : null,
        processor_intent_id: order.payment,
        created_at: iso(order.daysAgo),
        updated_at: iso(order.daysAgo),
      });
      await trx('order_items').insert(items);
      // The test processor's record of the payment, as a checkout through it leaves.
      if (!order.payment) continue;
      await trx('test_payment_intents').insert({
        id: order.payment,
        client_secret_hash: crypto.createHash('sha256').update(`demo-payment:${order.id}`).digest('hex'),
        order_id: order.id,
        amount_cents: total,
        currency: 'usd',
        status: 'succeeded',
        card_brand: DEMO_CARD.brand,
        card_last4: DEMO_CARD.last4,
        created_at: iso(order.daysAgo),
        updated_at: iso(order.daysAgo),
      });
    }
    // What the paid order gives: its lines' entitlements (the only thing access reads).
    for (const [position, course] of [first, second].entries()) {
      const id = stableId(`demo-entitlement:${position}`);
      if (await trx('entitlements').where({ id }).first('id')) continue;
      await trx('entitlements').insert({
        id,
        user_id: customer.id,
        course_id: course.id,
        source: 'order',
        source_id: COMPLETED_ORDER_ID,
        order_item_id: stableId(`demo-order-item:${COMPLETED_ORDER_ID}:${position}`),
        pricing_tier_id: tierOf(course).id,
        starts_at: iso(30),
        created_at: iso(30),
      });
    }
    for (const [index, course] of [first, second].entries()) {
      const exists = await trx('enrollments').where({ user_id: customer.id, course_id: course.id }).first('id');
      if (!exists) {
        await trx('enrollments').insert({
          id: stableId(`demo-enrollment:${index}`),
          user_id: customer.id,
          course_id: course.id,
          order_id: COMPLETED_ORDER_ID,
          enrolled_at: iso(30),
        });
      }
    }
  });
  return Object.values(DEMO_ACCOUNTS).map((a) => `${a.email} (${a.role})`);
}

/** Seeds the demo accounts only into a database without users; returns what it created, or null. */
export async function seedDemoAccountsIfEmpty(knex: Knex, now = new Date()): Promise<string[] | null> {
  const row = await knex('users').count({ n: '*' }).first();
  if (Number(row?.n ?? 0) > 0) return null;
  return seedDemoAccounts(knex, now);
}
