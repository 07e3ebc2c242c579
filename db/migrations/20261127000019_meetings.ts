/**
 * Issue 30, point 1 (meetings):
 * - `meetings`: one per course with a live session, `provider` `zoom` (created at Zoom by the
 *   `zoom-meeting-sync` job: `provider_meeting_id`, its `uuid`) or `link` (one `join_url` staff
 *   gave: Teams, Meet, Webex). `status`: creating → ready, or failed; deleting → deleted when the
 *   course is called off. `revision` counts the changes Zoom must follow (creation, a new date, the
 *   deletion) and `synced_revision` the last one Zoom has; `topic`, `start_time`, `duration`,
 *   `timezone` are what Zoom should show (compared with the course after each write).
 * - `meeting_registrants`: one per meeting and person (unique), registered once by the
 *   `zoom-registrant-sync` job: pending → registered (`join_url`, the personal link, and
 *   `provider_registrant_id`) or failed (`attempts`, `last_error`); cancelled when the person's
 *   right ends (`provider_cancelled_at` once Zoom has it). `revision` +1 each time the person is
 *   registered again or cancelled: the queued job's key, so each change runs once.
 * - `courses.credit_rules`: JSON credit rules of a course (another part of issue 30 writes it).
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('meetings', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable().unique('meetings_course_unique');
    t.string('provider', 8).notNullable(); // zoom | link
    t.string('status', 12).notNullable(); // creating | ready | failed | deleting | deleted
    t.string('provider_meeting_id', 40).nullable();
    t.string('provider_uuid', 100).nullable();
    t.string('join_url', 1000).nullable();
    t.string('topic', 200).nullable();
    t.string('start_time', ISO_LENGTH).nullable();
    t.integer('duration').nullable();
    t.string('timezone', 64).nullable();
    t.integer('revision').notNullable().defaultTo(1);
    t.integer('synced_revision').notNullable().defaultTo(0);
    t.string('last_error', 500).nullable();
    t.string('created_by', 36).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['provider', 'status'], 'meetings_provider_status_idx');
  });

  await knex.schema.createTable('meeting_registrants', (t) => {
    t.string('id', 36).primary();
    t.string('meeting_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    // The entitlement that made the person an attendee (the first live one seen).
    t.string('entitlement_id', 36).nullable();
    t.string('email', 254).notNullable();
    t.string('status', 12).notNullable(); // pending | registered | cancelled | failed
    t.integer('revision').notNullable().defaultTo(1);
    t.string('provider_registrant_id', 100).nullable();
    t.string('join_url', 1000).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('last_error', 500).nullable();
    t.string('registered_at', ISO_LENGTH).nullable();
    t.string('cancelled_at', ISO_LENGTH).nullable();
    t.string('provider_cancelled_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.unique(['meeting_id', 'user_id'], { indexName: 'meeting_registrants_person_unique' });
    t.index(['meeting_id', 'status'], 'meeting_registrants_status_idx');
    t.index(['user_id'], 'meeting_registrants_user_idx');
  });

  await knex.schema.alterTable('courses', (t) => t.text('credit_rules').nullable());
}

export async function down(knex: Knex): Promise<void> {
  // SQLite's own DROP COLUMN: knex's rebuild of the table cannot copy its generated columns.
  if (!String(knex.client.config.client).startsWith('mysql')) await knex.raw('ALTER TABLE courses DROP COLUMN credit_rules');
  else await knex.schema.alterTable('courses', (t) => t.dropColumn('credit_rules'));
  await knex.schema.dropTableIfExists('meeting_registrants');
  await knex.schema.dropTableIfExists('meetings');
}
