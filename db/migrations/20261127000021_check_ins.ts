/**
 * In-person check-in (issue 30, point 5).
 *
 * - `tickets`: one per seat (entitlement) of a live seminar, made lazily (the holder's first look
 *   at it, or the scanner's list). `code_hash` is the SHA-256 of the ticket's code: the code is a
 *   bearer secret, derived by the server from the seat with its key, so it is never stored.
 *   Unique per entitlement and per hash.
 * - `check_ins`: each scan, in or out, as the scanner recorded it (`at`, its `device_id`) and as
 *   the server received it (`received_at`, `by_user_id`). Unique per (ticket, kind, at): a scan
 *   sent again, however often, is one row.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tickets', (t) => {
    t.string('id', 36).primary();
    t.string('entitlement_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    t.string('code_hash', 64).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.unique(['entitlement_id'], { indexName: 'tickets_entitlement_unique' });
    t.unique(['code_hash'], { indexName: 'tickets_code_hash_unique' });
    t.index(['course_id'], 'tickets_course_idx');
  });

  await knex.schema.createTable('check_ins', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('ticket_id', 36).notNullable();
    t.string('entitlement_id', 36).notNullable();
    t.string('kind', 3).notNullable(); // in | out
    t.string('at', ISO_LENGTH).notNullable();
    t.string('device_id', 64).nullable();
    t.string('received_at', ISO_LENGTH).notNullable();
    t.string('by_user_id', 36).notNullable();
    t.unique(['ticket_id', 'kind', 'at'], { indexName: 'check_ins_event_unique' });
    t.index(['course_id', 'at'], 'check_ins_course_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('check_ins');
  await knex.schema.dropTableIfExists('tickets');
}
