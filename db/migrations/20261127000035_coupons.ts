/**
 * Issue 35 (coupons): codes that take a percentage or an amount off, and each order's use of one.
 *
 * - `coupons.code_key`: the code upper-cased, unique (a code is matched without regard to case).
 * - `coupons.claimed`: uses held by open checkouts plus uses counted (paid). One conditional
 *   `UPDATE … SET claimed = claimed + 1 WHERE claimed < max_uses` takes a use, so concurrent
 *   checkouts on any number of processes never pass `max_uses`.
 * - `coupon_redemptions`: one per order (`order_id` unique): `held` while its checkout is open,
 *   `redeemed` once paid, `released` when the checkout ends unpaid or the order is refunded.
 *   `customer_key` is the buyer's e-mail (lower-case); `live_key` ("<coupon>|<e-mail>|<n>") is set
 *   while the use is held or redeemed and the coupon has a per-customer limit: unique, so the
 *   same customer cannot take use n twice, whichever process writes.
 * - `orders.coupon_id`, `coupon_code`, `coupon_label`, `coupon_discount_cents` and
 *   `order_items.coupon_discount_cents`: what the coupon took off the order and each line, kept as
 *   charged (the invoice and refunds read them).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('coupons', (t) => {
    t.string('id', 36).primary();
    t.string('code', 32).notNullable();
    t.string('code_key', 32).notNullable();
    t.unique(['code_key'], { indexName: 'coupons_code_key_unique' });
    t.integer('percent_off').nullable();
    t.integer('amount_off_cents').nullable();
    t.text('applies_types').nullable(); // JSON array of course types, null: not limited by type
    t.text('applies_course_ids').nullable(); // JSON array of course ids
    t.boolean('applies_memberships').notNullable().defaultTo(false);
    t.boolean('applies_all').notNullable().defaultTo(true);
    t.string('starts_at', 24).nullable();
    t.string('ends_at', 24).nullable();
    t.integer('max_uses').nullable();
    t.integer('max_uses_per_customer').nullable();
    t.integer('min_order_cents').nullable();
    t.integer('claimed').notNullable().defaultTo(0);
    t.boolean('paused').notNullable().defaultTo(false);
    t.string('created_by', 36).nullable();
    t.string('created_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
  });
  await knex.schema.createTable('coupon_redemptions', (t) => {
    t.string('id', 36).primary();
    t.string('coupon_id', 36).notNullable().references('id').inTable('coupons').onDelete('CASCADE');
    t.string('order_id', 36).notNullable();
    t.unique(['order_id'], { indexName: 'coupon_redemptions_order_unique' });
    t.string('customer_key', 254).notNullable();
    t.string('status', 10).notNullable(); // held | redeemed | released
    t.string('live_key', 330).nullable();
    t.unique(['live_key'], { indexName: 'coupon_redemptions_live_key_unique' });
    t.integer('discount_cents').notNullable();
    t.string('created_at', 24).notNullable();
    t.string('redeemed_at', 24).nullable();
    t.index(['coupon_id', 'status'], 'coupon_redemptions_coupon_idx');
    t.index(['coupon_id', 'customer_key'], 'coupon_redemptions_customer_idx');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('coupon_id', 36).nullable();
    t.string('coupon_code', 32).nullable();
    t.string('coupon_label', 80).nullable();
    t.integer('coupon_discount_cents').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('order_items', (t) => t.integer('coupon_discount_cents').notNullable().defaultTo(0));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_items', (t) => t.dropColumn('coupon_discount_cents'));
  await knex.schema.alterTable('orders', (t) => t.dropColumns('coupon_id', 'coupon_code', 'coupon_label', 'coupon_discount_cents'));
  await knex.schema.dropTable('coupon_redemptions');
  await knex.schema.dropTable('coupons');
}
