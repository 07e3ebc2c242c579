/**
 * Invoices, calendar invites and the "recording available" notice (issue 16).
 *
 * - `invoice_counters`: one row per calendar year (UTC) with the last invoice number given out.
 *   Fulfilment increments it in its own transaction, so numbers are gapless and unique on every
 *   engine and across processes (a rolled-back fulfilment rolls its number back too).
 * - `orders.invoice_number` / `invoiced_at`: the number and the invoice date; orders completed
 *   before this migration get theirs on their first download, from the same counter.
 * - `orders.client_secret_hash`: SHA-256 of the processor's client secret, kept after payment,
 *   so a guest on /success can fetch the receipt with the secret from the success address.
 * - `calendar_invites`: one per buyer (e-mail) and live course: the stable UID, the SEQUENCE, and
 *   which sequence the buyer was last mailed (`mail_due` marks an update or cancellation to send).
 * - `recording_notices`: one row per buyer and course whose live seminar became a recording; the
 *   unique key and a conditional claim make the mail go out once, whatever runs the sweep.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoice_counters', (t) => {
    t.integer('year').primary();
    t.integer('last').notNullable();
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('invoice_number', 20).nullable().unique('orders_invoice_number_unique');
    t.string('invoiced_at', ISO_LENGTH).nullable();
    t.string('client_secret_hash', 64).nullable();
  });
  await knex.schema.createTable('calendar_invites', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('order_id', 36).nullable();
    t.string('email', 320).notNullable();
    t.string('name', 200).nullable();
    // SEQUENCE of the current version of the event: +1 on every reschedule, and on the cancellation.
    t.integer('sequence').notNullable();
    // The SEQUENCE the buyer last received by mail (the receipt carries sequence 0).
    t.integer('sent_sequence').notNullable();
    // active | cancelled (archived or deleted course).
    t.string('status', 12).notNullable();
    // An update or cancellation waits to be mailed.
    t.boolean('mail_due').notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.unique(['course_id', 'email'], { indexName: 'calendar_invites_course_email_unique' });
    t.index(['mail_due'], 'calendar_invites_mail_due_idx');
    t.index(['order_id'], 'calendar_invites_order_idx');
  });
  await knex.schema.createTable('recording_notices', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('email', 320).notNullable();
    t.string('name', 200).nullable();
    // due → sending (claimed by one process) → sent; back to due when the mail failed.
    t.string('status', 12).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('sent_at', ISO_LENGTH).nullable();
    t.unique(['course_id', 'email'], { indexName: 'recording_notices_course_email_unique' });
    t.index(['status'], 'recording_notices_status_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('recording_notices');
  await knex.schema.dropTableIfExists('calendar_invites');
  await knex.schema.alterTable('orders', (t) => {
    t.dropUnique(['invoice_number'], 'orders_invoice_number_unique');
    t.dropColumns('invoice_number', 'invoiced_at', 'client_secret_hash');
  });
  await knex.schema.dropTableIfExists('invoice_counters');
}
