/**
 * Issue 35 (waitlists): people waiting for a seat of a full live session, and the offers that
 * hold a freed seat for them.
 *
 * - `courses.waitlist_offer_minutes`: how long an offer holds its seat (default 24 hours).
 * - `waitlist_entries.status`: `waiting` → `offered` (a freed seat is held for them: counted in
 *   `courses.seats_held` until the offer ends) → `checkout` (they opened checkout: the seat moved
 *   to that order's hold, `order_id`) → `accepted` (paid); or `lapsed` (the offer ran out), `left`
 *   (they left the list), `removed` (staff).
 * - `live_key` ("<course>|<user>") while waiting, offered or in checkout: unique, one live place
 *   per person and course whichever process writes.
 * - `position`: the list's order (staff may reorder); ties by `created_at`, then `id`.
 * - `offer_round`: +1 per offer made to the entry (the notification's key: one per offer).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => t.integer('waitlist_offer_minutes').notNullable().defaultTo(1440));
  await knex.schema.createTable('waitlist_entries', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('status', 10).notNullable();
    t.string('live_key', 80).nullable();
    t.unique(['live_key'], { indexName: 'waitlist_entries_live_key_unique' });
    t.integer('position').notNullable();
    t.integer('offer_round').notNullable().defaultTo(0);
    t.string('offered_at', 24).nullable();
    t.string('offer_expires_at', 24).nullable();
    t.string('order_id', 36).nullable();
    t.string('created_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
    t.index(['course_id', 'status', 'position'], 'waitlist_entries_course_idx');
    t.index(['status', 'offer_expires_at'], 'waitlist_entries_offer_idx');
    t.index(['order_id'], 'waitlist_entries_order_idx');
    t.index(['user_id'], 'waitlist_entries_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('waitlist_entries');
  // SQLite's own DROP COLUMN: knex's rebuild of the table cannot copy its generated columns.
  if (!String(knex.client.config.client).startsWith('mysql')) await knex.raw('ALTER TABLE courses DROP COLUMN waitlist_offer_minutes');
  else await knex.schema.alterTable('courses', (t) => t.dropColumn('waitlist_offer_minutes'));
}
