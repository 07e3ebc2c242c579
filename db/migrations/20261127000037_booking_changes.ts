/**
 * Issue 35 (cancellation and transfer by policy):
 * - `cancellation_policies`: an admin's policy per course type (absent: the default in
 *   `contracts/bookings.ts`); `refund_tiers` JSON [{ daysBefore, percent }].
 * - `booking_changes`: each cancellation or transfer of a booked seat; `entitlement_id` unique, so
 *   a seat's right is cancelled or transferred once, whichever request or process comes first.
 *   `refund_id` the refund a cancellation asked for (its key is derived from this row).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cancellation_policies', (t) => {
    t.string('course_type', 20).primary();
    t.text('refund_tiers').notNullable();
    t.integer('transfer_until_hours').nullable();
    t.string('updated_by', 36).nullable();
    t.string('updated_at', 24).notNullable();
  });
  await knex.schema.createTable('booking_changes', (t) => {
    t.string('id', 36).primary();
    t.string('kind', 12).notNullable(); // cancelled | transferred
    t.string('entitlement_id', 36).notNullable();
    t.unique(['entitlement_id'], { indexName: 'booking_changes_entitlement_unique' });
    t.string('user_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('order_id', 36).notNullable();
    t.string('to_user_id', 36).nullable();
    t.integer('refund_percent').nullable();
    t.integer('refund_cents').nullable();
    t.string('refund_id', 36).nullable();
    t.string('created_at', 24).notNullable();
    t.index(['user_id'], 'booking_changes_user_idx');
    t.index(['order_id'], 'booking_changes_order_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('booking_changes');
  await knex.schema.dropTable('cancellation_policies');
}
