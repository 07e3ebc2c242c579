/**
 * Issue 33 (companies): organisations, their members (invited or active, manager or learner),
 * their seat pools, and each person's training record.
 *
 * - `org_members.member_key` is the member's e-mail while the membership is invited or active,
 *   null once it is revoked: unique, so a person belongs to (or is invited to) one organisation at
 *   a time, whichever process writes.
 * - `org_members.mail_state`: the invitation e-mail, `due` → `sent` (the queued job claims it).
 * - `org_seats`: one row per seat bought with an order of the organisation; `member_id` the person
 *   it is assigned to, `entitlement_id` the right it gave (revoked when the seat moves on),
 *   `due_at` when the manager wants it completed (past it and not complete: overdue).
 * - `training_record_entries`: append-only, per person; `seq` numbers them (unique with the
 *   person, so two writers cannot both append entry N) and each `hash` covers the entry and the
 *   previous entry's hash.
 * - `orders.org_id`: the organisation an order buys seats for (null: for the buyer).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organisations', (t) => {
    t.string('id', 36).primary();
    t.string('name', 200).notNullable();
    t.string('created_by', 36).nullable();
    t.string('created_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
  });
  await knex.schema.createTable('org_members', (t) => {
    t.string('id', 36).primary();
    t.string('org_id', 36).notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.string('user_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('email', 254).notNullable();
    t.string('name', 200).nullable();
    t.string('department', 200).nullable();
    t.string('role', 10).notNullable(); // manager | learner
    t.string('status', 10).notNullable(); // invited | active | revoked
    t.string('member_key', 254).nullable();
    t.unique(['member_key'], { indexName: 'org_members_member_key_unique' });
    t.string('mail_state', 10).notNullable(); // due | sent | none
    t.integer('mails_sent').notNullable().defaultTo(0);
    t.string('invited_by', 36).nullable();
    t.string('invited_at', 24).notNullable();
    t.string('accepted_at', 24).nullable();
    t.string('revoked_at', 24).nullable();
    t.index(['org_id', 'status'], 'org_members_org_idx');
    t.index(['user_id'], 'org_members_user_idx');
  });
  await knex.schema.createTable('org_seats', (t) => {
    t.string('id', 36).primary();
    t.string('org_id', 36).notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.string('course_id', 36).notNullable();
    t.string('order_id', 36).notNullable();
    t.string('order_item_id', 36).notNullable();
    t.integer('number').notNullable();
    t.string('member_id', 36).nullable();
    t.string('entitlement_id', 36).nullable();
    t.string('assigned_at', 24).nullable();
    t.integer('assignments').notNullable().defaultTo(0);
    t.string('due_at', 24).nullable();
    t.string('voided_at', 24).nullable();
    t.string('created_at', 24).notNullable();
    // One seat per order line and number: a fulfilment step run twice makes no more seats.
    t.unique(['order_item_id', 'number'], { indexName: 'org_seats_line_number_unique' });
    t.index(['org_id', 'course_id'], 'org_seats_org_course_idx');
    t.index(['member_id'], 'org_seats_member_idx');
  });
  await knex.schema.createTable('training_record_entries', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable();
    t.integer('seq').notNullable();
    t.string('org_id', 36).nullable();
    t.string('type', 20).notNullable();
    t.string('course_id', 36).nullable();
    t.text('data').notNullable();
    t.string('at', 24).notNullable();
    t.string('prev_hash', 64).notNullable();
    t.string('hash', 64).notNullable();
    t.unique(['user_id', 'seq'], { indexName: 'training_record_user_seq_unique' });
  });
  // Courses whose completion the learner signs ("I have read and understood"), and the one-time
  // e-mail codes that sign (only their hash kept; single use; a few wrong tries and it is spent).
  await knex.schema.createTable('course_acknowledgements', (t) => {
    t.string('course_id', 36).primary();
    t.boolean('required').notNullable();
    t.string('updated_at', 24).notNullable();
  });
  await knex.schema.createTable('signature_codes', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('code_hash', 64).notNullable();
    t.integer('wrong_tries').notNullable().defaultTo(0);
    t.string('expires_at', 24).notNullable();
    t.string('used_at', 24).nullable();
    t.string('created_at', 24).notNullable();
    t.index(['user_id', 'course_id'], 'signature_codes_person_idx');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('org_id', 36).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('org_id');
  });
  await knex.schema.dropTableIfExists('signature_codes');
  await knex.schema.dropTableIfExists('course_acknowledgements');
  await knex.schema.dropTableIfExists('training_record_entries');
  await knex.schema.dropTableIfExists('org_seats');
  await knex.schema.dropTableIfExists('org_members');
  await knex.schema.dropTableIfExists('organisations');
}
