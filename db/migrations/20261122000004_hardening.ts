/**
 * Hardening: atomic rate-limit counters (one row per bucket and window, updated with a
 * conditional UPDATE), order lines stored once with their quantity, refunds owed on completed
 * orders, and at most one live seat hold per buyer and course (a unique key that is set while the
 * hold is live and cleared when it ends).
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_counters', (t) => {
    t.string('bucket', 200).primary();
    t.string('window_started_at', ISO_LENGTH).notNullable();
    t.integer('hits').notNullable();
    t.index(['window_started_at'], 'rate_limit_counters_window_idx');
  });
  await knex.schema.dropTableIfExists('rate_limit_events');

  await knex.schema.alterTable('order_items', (t) => {
    t.integer('quantity').notNullable().defaultTo(1);
  });

  await knex.schema.alterTable('orders', (t) => {
    // Money received that must go back (e.g. a course the buyer already owned); 0 when none.
    t.integer('refund_due_cents').notNullable().defaultTo(0);
    t.string('refund_reason', 200).nullable();
  });

  await knex.schema.alterTable('seat_holds', (t) => {
    // "<buyer e-mail>|<course id>" while the hold is live, null afterwards: unique, so one buyer
    // never has two live holds on one course, even when two checkouts race.
    t.string('live_key', 400).nullable().unique('seat_holds_live_key_unique');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('seat_holds', (t) => {
    t.dropUnique(['live_key'], 'seat_holds_live_key_unique');
    t.dropColumn('live_key');
  });
  await knex.schema.alterTable('orders', (t) => t.dropColumns('refund_due_cents', 'refund_reason'));
  await knex.schema.alterTable('order_items', (t) => t.dropColumn('quantity'));
  await knex.schema.dropTableIfExists('rate_limit_counters');
  await knex.schema.createTable('rate_limit_events', (t) => {
    t.bigIncrements('id').primary();
    t.string('bucket', 200).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['bucket', 'created_at'], 'rate_limit_bucket_created_idx');
  });
}
