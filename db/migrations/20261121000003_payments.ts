/**
 * Payments: seat holds (so seat-limited courses are never oversold), what an order is for,
 * the built-in test processor's payment intents, and the webhook events already processed.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    // Seats reserved by unpaid checkouts; current_participants counts paid ones.
    t.integer('seats_held').notNullable().defaultTo(0);
  });

  await knex.schema.alterTable('orders', (t) => {
    t.string('kind', 20).notNullable().defaultTo('courses'); // courses | membership
    t.string('membership_plan', 20).nullable(); // prime | business
    t.string('payment_processor', 10).nullable(); // stripe | test
    // The processor's intent while the order is pending; stripe_payment_intent_id is set when paid.
    t.string('processor_intent_id', 255).nullable();
    t.string('receipt_sent_at', ISO_LENGTH).nullable();
    t.index(['processor_intent_id'], 'orders_processor_intent_idx');
  });

  await knex.schema.createTable('seat_holds', (t) => {
    t.string('id', 36).primary();
    t.string('order_id', 36).notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('course_id', 36).notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('seats').notNullable();
    t.string('status', 12).notNullable(); // held | converted | released
    t.string('expires_at', ISO_LENGTH).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['order_id'], 'seat_holds_order_idx');
    t.index(['status', 'expires_at'], 'seat_holds_status_expires_idx');
  });

  await knex.schema.createTable('test_payment_intents', (t) => {
    t.string('id', 64).primary();
    t.string('client_secret_hash', 64).notNullable().unique('test_payment_intents_secret_unique');
    t.string('order_id', 36).notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('amount_cents').unsigned().notNullable();
    t.string('currency', 3).notNullable().defaultTo('usd');
    t.string('status', 30).notNullable();
    t.string('card_brand', 20).nullable();
    t.string('card_last4', 4).nullable();
    t.string('failure_message', 300).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['order_id'], 'test_payment_intents_order_idx');
  });

  await knex.schema.createTable('processed_webhook_events', (t) => {
    t.string('id', 255).primary();
    t.string('type', 100).notNullable();
    t.string('processed_at', ISO_LENGTH).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('processed_webhook_events');
  await knex.schema.dropTableIfExists('test_payment_intents');
  await knex.schema.dropTableIfExists('seat_holds');
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['processor_intent_id'], 'orders_processor_intent_idx');
    t.dropColumns('kind', 'membership_plan', 'payment_processor', 'processor_intent_id', 'receipt_sent_at');
  });
  await knex.schema.alterTable('courses', (t) => t.dropColumn('seats_held'));
}
