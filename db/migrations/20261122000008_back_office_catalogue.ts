/**
 * Back office, catalogue: a version on every course (optimistic concurrency: `If-Match`), an
 * archive mark for courses that had buyers (kept for their history, hidden everywhere else), the
 * audit log of staff writes, and the idempotency keys of staff requests.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    t.integer('version').notNullable().defaultTo(1);
    t.string('archived_at', ISO_LENGTH).nullable();
  });

  await knex.schema.createTable('audit_entries', (t) => {
    t.string('id', 36).primary();
    t.string('actor_id', 36).nullable();
    t.string('actor_email', 320).nullable();
    t.string('entity', 20).notNullable(); // course | pricing_tier
    t.string('entity_id', 36).notNullable();
    t.string('action', 20).notNullable(); // create | update | delete | archive
    // JSON: { field: [before, after] } for what changed.
    t.text('changes', 'mediumtext').notNullable();
    t.string('summary', 300).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['actor_id', 'created_at'], 'audit_entries_actor_idx');
    t.index(['entity', 'entity_id', 'created_at'], 'audit_entries_entity_idx');
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable();
    t.string('idempotency_key', 200).notNullable();
    t.string('request_hash', 64).notNullable();
    // 0 while the first request is being answered; then its status and body.
    t.integer('status').notNullable().defaultTo(0);
    t.text('response_body', 'mediumtext').nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.unique(['user_id', 'idempotency_key'], { indexName: 'idempotency_keys_user_key_unique' });
    t.index(['created_at'], 'idempotency_keys_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
  await knex.schema.dropTableIfExists('audit_entries');
  await knex.schema.alterTable('courses', (t) => t.dropColumns('version', 'archived_at'));
}
