/**
 * Catalogue tables: instructors, courses, pricing tiers, and the change log behind catalogue sync.
 *
 * Times are UTC ISO-8601 strings of fixed width (`2026-03-04T15:00:00.000Z`): identical on
 * SQLite and MySQL, exact, and ordered correctly by plain string comparison. Money is integer cents.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('instructors', (t) => {
    t.string('id', 36).primary();
    t.string('name', 200).notNullable();
    t.string('title', 200).nullable();
    t.text('bio').nullable();
    t.string('image', 500).nullable();
    t.text('expertise').notNullable(); // JSON array of strings
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['name'], 'instructors_name_idx');
  });

  await knex.schema.createTable('courses', (t) => {
    t.string('id', 36).primary();
    t.string('title', 300).notNullable();
    t.string('code', 60).notNullable().unique('courses_code_unique');
    t.string('type', 30).notNullable();
    t.string('category', 100).nullable();
    t.integer('price_cents').unsigned().notNullable().defaultTo(0);
    t.text('short_description').nullable();
    t.text('description', 'mediumtext').nullable();
    t.string('image', 500).nullable();
    t.string('start_date', ISO_LENGTH).nullable();
    t.string('end_date', ISO_LENGTH).nullable();
    t.integer('duration').nullable();
    t.string('timezone', 50).nullable();
    t.string('location', 300).nullable();
    t.integer('max_participants').nullable();
    t.integer('current_participants').notNullable().defaultTo(0);
    t.text('tags').notNullable(); // JSON array of strings
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('instructor_id', 36).nullable().references('id').inTable('instructors').onDelete('SET NULL');
    t.string('instructor_name', 200).nullable();
    t.string('instructor_title', 200).nullable();
    t.string('instructor_image', 500).nullable();
    t.text('instructor_bio').nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    // Listing: active courses of some types, ordered by start date.
    t.index(['is_active', 'type', 'start_date'], 'courses_active_type_start_idx');
    t.index(['is_active', 'start_date'], 'courses_active_start_idx');
    t.index(['category'], 'courses_category_idx');
    // The live-seminar sweep looks for live seminars whose end date has passed.
    t.index(['type', 'end_date'], 'courses_type_end_idx');
    t.index(['instructor_id'], 'courses_instructor_idx');
  });

  await knex.schema.createTable('pricing_tiers', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('name', 120).notNullable();
    t.integer('price_cents').unsigned().notNullable();
    t.text('description').nullable();
    t.text('features').notNullable(); // JSON array of strings
    t.boolean('is_default').notNullable().defaultTo(false);
    t.integer('tier_level').notNullable().defaultTo(1);
    t.integer('sort_order').notNullable().defaultTo(1);
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['course_id', 'sort_order'], 'pricing_tiers_course_sort_idx');
  });

  // One row holding the last change sequence handed out. Writers bump it inside their
  // transaction, which serialises them, so sequences become visible in commit order.
  await knex.schema.createTable('catalogue_sync_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('last_seq').notNullable();
  });
  await knex('catalogue_sync_state').insert({ id: 1, last_seq: 0 });

  await knex.schema.createTable('catalogue_changes', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('seq').notNullable();
    t.string('entity', 20).notNullable(); // course | pricing_tier | instructor
    t.string('entity_id', 36).notNullable();
    t.string('action', 10).notNullable(); // upsert | delete
    t.string('changed_at', ISO_LENGTH).notNullable();
    t.index(['seq'], 'catalogue_changes_seq_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('catalogue_changes');
  await knex.schema.dropTableIfExists('catalogue_sync_state');
  await knex.schema.dropTableIfExists('pricing_tiers');
  await knex.schema.dropTableIfExists('courses');
  await knex.schema.dropTableIfExists('instructors');
}
