/**
 * Issue 30, point 2 (personal join links):
 * - `join_links`: one per course and person (unique), the address `/join/<token>` that person's
 *   receipt, calendar invite, reminders and My Training carry. Only the token's SHA-256 is kept
 *   (`token_hash`, unique: the lookup of a click); the token itself is derived again from the
 *   server secret when a mail needs it. `version` +1 makes a new token (the old one stops working);
 *   `announced_at` is when the person's calendar invite was given this link (null: an update with
 *   SEQUENCE + 1 is still to be mailed).
 * - `join_clicks`: each click that was let through to the meeting (who, when, the browser's user
 *   agent); refused clicks (too early, ended, refunded, unknown token) are not written.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('join_links', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    t.string('token_hash', 64).notNullable().unique('join_links_token_unique');
    t.integer('version').notNullable().defaultTo(1);
    t.string('announced_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.unique(['course_id', 'user_id'], { indexName: 'join_links_person_unique' });
    t.index(['user_id'], 'join_links_user_idx');
  });

  await knex.schema.createTable('join_clicks', (t) => {
    t.string('id', 36).primary();
    t.string('join_link_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    t.string('clicked_at', ISO_LENGTH).notNullable();
    t.string('user_agent', 500).nullable();
    t.index(['course_id', 'user_id'], 'join_clicks_person_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('join_clicks');
  await knex.schema.dropTableIfExists('join_links');
}
