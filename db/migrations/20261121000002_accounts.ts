/**
 * Accounts and access: users, e-mailed login codes (stored only as HMACs), sessions (stored only
 * as hashes), rate-limit events, and the orders and enrollments a profile shows.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.string('id', 36).primary();
    t.string('name', 200).notNullable();
    t.string('email', 320).notNullable().unique('users_email_unique');
    t.string('role', 20).notNullable().defaultTo('customer');
    t.string('membership_type', 20).nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['role'], 'users_role_idx');
  });

  await knex.schema.createTable('login_codes', (t) => {
    t.string('id', 36).primary();
    t.string('email', 320).notNullable();
    // HMAC of the attempt id held in the browser's httpOnly cookie: binds the code to this attempt.
    t.string('attempt_hash', 64).notNullable().unique('login_codes_attempt_unique');
    // HMAC of the code with the server secret; the code itself is never stored.
    t.string('code_hash', 64).notNullable();
    t.string('purpose', 10).notNullable(); // customer | admin
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.string('expires_at', ISO_LENGTH).notNullable();
    t.string('consumed_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['email', 'created_at'], 'login_codes_email_created_idx');
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique('sessions_token_unique');
    t.string('expires_at', ISO_LENGTH).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['user_id'], 'sessions_user_idx');
  });

  await knex.schema.createTable('rate_limit_events', (t) => {
    t.bigIncrements('id').primary();
    t.string('bucket', 200).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['bucket', 'created_at'], 'rate_limit_bucket_created_idx');
  });

  await knex.schema.createTable('orders', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('customer_email', 320).nullable();
    t.string('customer_name', 200).nullable();
    t.string('status', 20).notNullable().defaultTo('pending');
    t.integer('total_cents').unsigned().notNullable();
    t.string('stripe_payment_intent_id', 255).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['user_id', 'created_at'], 'orders_user_created_idx');
    t.index(['customer_email'], 'orders_customer_email_idx');
    t.index(['status', 'created_at'], 'orders_status_created_idx');
  });

  await knex.schema.createTable('order_items', (t) => {
    t.string('id', 36).primary();
    t.string('order_id', 36).notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('course_id', 36).nullable().references('id').inTable('courses').onDelete('SET NULL');
    t.string('pricing_tier_id', 36).nullable();
    t.string('title', 300).notNullable();
    t.string('tier_name', 120).nullable();
    t.integer('price_cents').unsigned().notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.index(['order_id', 'position'], 'order_items_order_idx');
  });

  await knex.schema.createTable('enrollments', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('course_id', 36).notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('order_id', 36).nullable().references('id').inTable('orders').onDelete('SET NULL');
    t.string('enrolled_at', ISO_LENGTH).notNullable();
    t.unique(['user_id', 'course_id'], { indexName: 'enrollments_user_course_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['enrollments', 'order_items', 'orders', 'rate_limit_events', 'sessions', 'login_codes', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
