/**
 * Issue 33 (companies), reminders: a manager reminds chosen members of their outstanding training.
 * `org_reminders` holds one row per member and day (UTC): unique, so a member is reminded at most
 * once a day whichever process, or however many managers at once, asks.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('org_reminders', (t) => {
    t.string('id', 36).primary();
    t.string('org_id', 36).notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.string('member_id', 36).notNullable();
    t.string('day', 10).notNullable();
    t.string('sent_by', 36).notNullable();
    t.string('created_at', 24).notNullable();
    t.unique(['member_id', 'day'], { indexName: 'org_reminders_member_day_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('org_reminders');
}
