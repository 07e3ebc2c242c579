/**
 * Issue 32 (certificates), point 1:
 * - `certificate_counters`: one row per calendar year (UTC) with the last certificate number given
 *   out (`CERT-2026-000123`), like invoices: gapless, taken inside the issuing transaction.
 * - `certificates`: the issued proof of a completion, holding its own facts as they were at issue
 *   (holder's name, course title and code, format, dates, credits, instructor, validity), so it
 *   reads the same after the account or the course changes or goes. `source_key` is what it was
 *   issued for (`completion:<course>:<person>`), unique: a completion is issued once, whichever
 *   process runs the job. `course_id` and `user_id` carry no foreign key: the evidence outlives both.
 * - `course_certificate_settings`: per course, the validity in months, its refresher course and
 *   the fixed credits of a self-study course (live courses take theirs from attendance).
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('certificate_counters', (t) => {
    t.integer('year').primary();
    t.integer('last').notNullable();
  });

  await knex.schema.createTable('certificates', (t) => {
    t.string('id', 36).primary();
    t.string('number', 20).notNullable().unique('certificates_number_unique');
    t.string('source_key', 120).notNullable().unique('certificates_source_unique');
    t.string('user_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('holder_name', 200).notNullable();
    t.string('course_title', 200).notNullable();
    t.string('course_code', 50).notNullable();
    t.string('course_type', 30).notNullable();
    t.string('format', 12).notNullable();
    t.string('session_date', ISO_LENGTH).nullable();
    t.string('completed_at', ISO_LENGTH).notNullable();
    t.string('issued_at', ISO_LENGTH).notNullable();
    t.string('valid_until', ISO_LENGTH).nullable();
    t.text('credits').notNullable();
    t.string('instructor_name', 200).nullable();
    t.string('revoked_at', ISO_LENGTH).nullable();
    t.string('revoked_reason', 500).nullable();
    t.string('superseded_by', 36).nullable();
    t.index(['user_id', 'issued_at'], 'certificates_holder_idx');
    t.index(['course_id'], 'certificates_course_idx');
  });

  await knex.schema.createTable('course_certificate_settings', (t) => {
    t.string('course_id', 36).primary();
    t.integer('validity_months').nullable();
    t.string('refresher_course_id', 36).nullable();
    t.text('credits').nullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('course_certificate_settings');
  await knex.schema.dropTableIfExists('certificates');
  await knex.schema.dropTableIfExists('certificate_counters');
}
