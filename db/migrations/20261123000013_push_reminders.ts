/**
 * Reminders before live sessions (issue 15): the customer's devices (web-push subscriptions), their
 * reminder preferences, and one claim row per reminder sent or being sent. The claim's unique key
 * `(enrollment, session start, kind)` is what makes a reminder go out once across processes: a
 * rescheduled session has a new start, so it gets new reminders.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    // Endpoints can be longer than a unique index allows on MySQL: the key is their SHA-256.
    t.string('endpoint_hash', 64).notNullable().unique('push_subscriptions_endpoint_unique');
    t.text('endpoint').notNullable();
    t.string('p256dh', 120).notNullable();
    t.string('auth', 64).notNullable();
    t.string('expiration_time', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['user_id'], 'push_subscriptions_user_idx');
  });

  await knex.schema.alterTable('users', (t) => {
    t.boolean('remind_by_push').notNullable().defaultTo(true);
    t.boolean('remind_by_email').notNullable().defaultTo(true);
  });

  await knex.schema.createTable('session_reminders', (t) => {
    t.string('id', 36).primary();
    t.string('enrollment_id', 36).notNullable().references('id').inTable('enrollments').onDelete('CASCADE');
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    // The session start this reminder is for; a reschedule makes a new key.
    t.string('starts_at', ISO_LENGTH).notNullable();
    t.string('kind', 12).notNullable(); // day_before | soon
    // claimed (someone sends it; again after lease_until) → sent | cancelled | expired
    t.string('status', 12).notNullable();
    // Which sweep holds the claim: a conditional UPDATE hands it over once the lease has run out.
    t.string('claim_token', 36).notNullable();
    t.string('lease_until', ISO_LENGTH).notNullable();
    t.integer('attempts').notNullable().defaultTo(1);
    // Subscription ids this reminder already reached (a retry skips them), JSON array.
    t.text('delivered_to').notNullable();
    t.string('channel', 10).nullable(); // push | email, once sent
    t.string('last_error', 300).nullable();
    t.string('sent_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.unique(['enrollment_id', 'starts_at', 'kind'], { indexName: 'session_reminders_key_unique' });
    t.index(['status', 'lease_until'], 'session_reminders_status_lease_idx');
    t.index(['claim_token'], 'session_reminders_claim_idx');
  });

  // The sweep joins live courses to their enrollments.
  await knex.schema.alterTable('enrollments', (t) => t.index(['course_id'], 'enrollments_course_idx'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('enrollments', (t) => t.dropIndex(['course_id'], 'enrollments_course_idx'));
  await knex.schema.dropTableIfExists('session_reminders');
  await knex.schema.alterTable('users', (t) => t.dropColumns('remind_by_push', 'remind_by_email'));
  await knex.schema.dropTableIfExists('push_subscriptions');
}
