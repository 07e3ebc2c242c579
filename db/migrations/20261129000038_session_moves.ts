/**
 * Issue 35 (moving a booked seat to another session of the same course):
 * - `courses.series_id`: the sessions of one course share it (Duplicate gives the copy the
 *   original's series, the original's own id when it had none); null: a course of its own.
 * - `cancellation_policies.session_change_until_hours`: a move is allowed until this many hours
 *   before the start; null: never. Policies an admin saved before take the default of their type.
 * - `booking_changes.to_course_id`: the session a moved seat went to.
 * - `courses.seats_offered`: the part of `seats_held` that waitlist offers hold (public: the
 *   storefront counts them as taken, so a session whose free seats are all offered reads as fully
 *   booked and offers its waitlist); counted from the offers open now.
 */
import type { Knex } from 'knex';

/** As the contracts say today; a migration keeps its own copy (it must not change with them). */
const LIVE_TYPES = ['live_webinar', 'live_seminar'];
const DEFAULT_HOURS = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    t.string('series_id', 36).nullable();
    t.index(['series_id'], 'courses_series_idx');
    t.integer('seats_offered').notNullable().defaultTo(0);
  });
  await knex('courses').update({
    seats_offered: knex('waitlist_entries').count('*').where('status', 'offered').where('course_id', knex.ref('courses.id')),
  });
  await knex.schema.alterTable('cancellation_policies', (t) => {
    t.integer('session_change_until_hours').nullable();
  });
  await knex('cancellation_policies').whereIn('course_type', LIVE_TYPES).update({ session_change_until_hours: DEFAULT_HOURS });
  await knex.schema.alterTable('booking_changes', (t) => {
    t.string('to_course_id', 36).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_changes', (t) => {
    t.dropColumn('to_course_id');
  });
  await knex.schema.alterTable('cancellation_policies', (t) => {
    t.dropColumn('session_change_until_hours');
  });
  // SQLite's own DROP COLUMN: knex's rebuild of the table cannot copy its generated columns.
  if (!String(knex.client.config.client).startsWith('mysql')) {
    await knex.raw('DROP INDEX courses_series_idx');
    await knex.raw('ALTER TABLE courses DROP COLUMN series_id');
    await knex.raw('ALTER TABLE courses DROP COLUMN seats_offered');
  } else {
    await knex.schema.alterTable('courses', (t) => {
      t.dropIndex(['series_id'], 'courses_series_idx');
      t.dropColumn('series_id');
      t.dropColumn('seats_offered');
    });
  }
}
