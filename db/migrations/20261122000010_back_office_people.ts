/**
 * Back office, people and messages (back-office spec §2, §3, §7): a contributor's permissions
 * (stored and shown; roles grant access), when each person last signed in (the contributors
 * page's Active This Month), the order that outlives a deleted account (its e-mail may sign up
 * again as a new account, which must not inherit the old one's purchases), and the read and
 * handled marks of contact messages. Paged lists newest first get their (created_at, id) keys.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // JSON array of course-management | instructor-management | order-management.
    t.string('permissions', 200).nullable();
    t.string('last_sign_in_at', ISO_LENGTH).nullable();
    t.index(['created_at', 'id'], 'users_created_idx');
    t.index(['role', 'created_at', 'id'], 'users_role_created_idx');
  });
  await knex.schema.alterTable('orders', (t) => {
    // Set when the buyer's account was deleted: the order stays, with the name and e-mail as bought.
    t.string('account_deleted_at', ISO_LENGTH).nullable();
  });
  await knex.schema.alterTable('contact_messages', (t) => {
    t.string('read_at', ISO_LENGTH).nullable();
    t.string('handled_at', ISO_LENGTH).nullable();
    t.string('handled_by', 320).nullable();
    t.index(['handled_at', 'created_at', 'id'], 'contact_messages_handled_idx');
  });
  await knex.schema.alterTable('audit_entries', (t) => {
    t.index(['created_at', 'id'], 'audit_entries_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_entries', (t) => t.dropIndex(['created_at', 'id'], 'audit_entries_created_idx'));
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropIndex(['handled_at', 'created_at', 'id'], 'contact_messages_handled_idx');
    t.dropColumns('read_at', 'handled_at', 'handled_by');
  });
  await knex.schema.alterTable('orders', (t) => t.dropColumn('account_deleted_at'));
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['role', 'created_at', 'id'], 'users_role_created_idx');
    t.dropIndex(['created_at', 'id'], 'users_created_idx');
    t.dropColumns('permissions', 'last_sign_in_at');
  });
}
