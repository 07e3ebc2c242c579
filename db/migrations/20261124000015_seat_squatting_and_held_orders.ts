/**
 * Issue 27 (checkout): seats held by guests are bounded, and memberships bought for someone
 * else's address wait for that address's owner.
 * - `courses.guest_seats_held`: the part of `seats_held` that guest (not signed-in) checkouts
 *   hold; guests together may hold at most three quarters of a seat-limited course.
 * - `seat_holds.client_key`: the client (address) that opened a guest checkout, null for a
 *   signed-in buyer; `client_live_key` ("<client>|<course>") while a guest hold is live, unique,
 *   so one client holds seats of one course in one guest checkout at a time.
 * - `orders.membership_ended_at`: the subscription behind a membership order was cancelled
 *   (a membership waiting for its owner's sign-in is then not given).
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    t.integer('guest_seats_held').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('seat_holds', (t) => {
    t.string('client_key', 100).nullable();
    t.string('client_live_key', 200).nullable().unique('seat_holds_client_live_key_unique');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('membership_ended_at', ISO_LENGTH).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => t.dropColumn('membership_ended_at'));
  await knex.schema.alterTable('seat_holds', (t) => {
    t.dropUnique(['client_live_key'], 'seat_holds_client_live_key_unique');
    t.dropColumns('client_key', 'client_live_key');
  });
  await knex.schema.alterTable('courses', (t) => t.dropColumn('guest_seats_held'));
}
