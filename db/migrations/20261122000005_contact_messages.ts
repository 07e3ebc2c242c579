/** Messages sent through the contact form: kept for the back office, and mailed to support. */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.string('id', 36).primary();
    t.string('name', 200).notNullable();
    t.string('email', 320).notNullable();
    t.string('phone', 40).nullable();
    t.text('message').notNullable();
    t.string('mailed_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['created_at'], 'contact_messages_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_messages');
}
