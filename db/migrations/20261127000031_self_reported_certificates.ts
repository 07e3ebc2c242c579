/**
 * Issue 32, point 7 (My credits): certificates from elsewhere a holder adds to their credits
 * wallet, marked self-reported: what they say (title, provider, completion day, credits by type,
 * the certificate's number) and the PDF they attached (a media key; none until it is uploaded).
 * Removed with the account.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('self_reported_certificates', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.string('provider', 200).notNullable();
    t.string('completed_on', 10).notNullable();
    t.text('credits').notNullable();
    t.string('certificate_number', 60).nullable();
    t.string('pdf_key', 120).nullable();
    t.integer('pdf_bytes').nullable();
    t.string('created_at', 24).notNullable();
    t.index(['user_id', 'completed_on'], 'self_reported_holder_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('self_reported_certificates');
}
