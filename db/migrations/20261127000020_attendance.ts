/**
 * Issue 30, point 3 (attendance of live sessions; learning spec "Attendance"):
 * - `attendance`: one row per course and person (`(course_id, email)` unique; the e-mail they
 *   attended with, lower case) matched to an account: the merged intervals present (JSON
 *   `[[startIso, endIso], …]`, clipped to the session), their total in seconds, first join, last
 *   leave, polls answered out of those asked, and the `source` that wrote it (`zoom`, `csv`,
 *   `check_in`, `join_log`). A re-import of a source rewrites only what changed.
 * - `attendance_adjustments`: staff's corrections of one person's credits (JSON `[{ kind, amount }]`)
 *   with the reason, who and when; the newest wins, earlier ones stay as evidence. Keyed by course
 *   and e-mail so a re-import never takes one away.
 * - `attendance_unmatched`: report rows nobody entitled matched (by e-mail or Zoom registrant),
 *   kept for staff to match (`resolved_user_id`, by, at); never dropped. `person_key` is the
 *   e-mail, or `name:<name>` for a guest without one.
 * - `attendance_poll_answers`: one row per course, source, person and poll question answered
 *   (`question_hash`: SHA-256 of the question); the questions asked are those of the report.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attendance', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).nullable();
    t.string('email', 320).notNullable();
    t.string('name', 200).notNullable();
    t.text('intervals', 'mediumtext').notNullable();
    t.integer('seconds').notNullable();
    t.string('first_joined_at', ISO_LENGTH).nullable();
    t.string('last_left_at', ISO_LENGTH).nullable();
    t.integer('polls_answered').notNullable().defaultTo(0);
    t.integer('polls_asked').notNullable().defaultTo(0);
    t.string('source', 12).notNullable(); // zoom | csv | check_in | join_log
    t.string('imported_at', ISO_LENGTH).notNullable();
    t.unique(['course_id', 'email'], { indexName: 'attendance_course_email_unique' });
    t.index(['user_id', 'course_id'], 'attendance_user_idx');
  });

  await knex.schema.createTable('attendance_adjustments', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('email', 320).notNullable();
    t.string('attendance_id', 36).notNullable();
    t.text('credits').notNullable();
    t.string('reason', 500).notNullable();
    t.string('adjusted_by', 36).notNullable();
    t.string('adjusted_at', ISO_LENGTH).notNullable();
    t.index(['course_id', 'email', 'adjusted_at'], 'attendance_adjustments_person_idx');
  });

  await knex.schema.createTable('attendance_unmatched', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('source', 12).notNullable();
    t.string('person_key', 330).notNullable();
    t.string('email', 320).notNullable();
    t.string('name', 200).notNullable();
    t.text('intervals', 'mediumtext').notNullable();
    t.integer('seconds').notNullable();
    t.string('resolved_user_id', 36).nullable();
    t.string('resolved_by', 36).nullable();
    t.string('resolved_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.unique(['course_id', 'source', 'person_key'], { indexName: 'attendance_unmatched_person_unique' });
  });

  await knex.schema.createTable('attendance_poll_answers', (t) => {
    t.string('course_id', 36).notNullable();
    t.string('source', 12).notNullable();
    t.string('email', 320).notNullable();
    t.string('question_hash', 64).notNullable();
    t.primary(['course_id', 'source', 'email', 'question_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('attendance_poll_answers');
  await knex.schema.dropTableIfExists('attendance_unmatched');
  await knex.schema.dropTableIfExists('attendance_adjustments');
  await knex.schema.dropTableIfExists('attendance');
}
