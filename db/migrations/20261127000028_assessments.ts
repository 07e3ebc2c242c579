/**
 * Issue 31 (assessments and completion):
 * - `questions`: a course's bank; `assessment_id` ties a question to one assessment (its own
 *   questions), null = the course's bank a final exam draws from. Options and their correct flags
 *   are JSON (`[{ id, text, correct }]`), the text sanitised HTML.
 * - `assessments`: review questions after a lesson (`lesson_id`) or the course's final exam, with
 *   their settings; `deleted_at` keeps one that has attempts (their evidence) out of sight.
 * - `assessment_attempts`: one per sitting, numbered per person and assessment (unique, so the
 *   attempt limit holds across processes); `open_key` is set while open and unique, so a person
 *   has one open attempt per assessment. The drawn questions (with their correct flags, never sent
 *   before submission) and their order are stored with it, so bank edits leave it as it was.
 * - `course_completion_rules`: the rule staff set per course (none: the type's default).
 * - `course_completions`: per person and course the rule's last verdict; `completed_at` is the
 *   moment it first held and is never cleared.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('assessments', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('lesson_id', 36).nullable();
    t.string('kind', 10).notNullable();
    t.string('title', 200).notNullable();
    t.integer('draw_count').nullable();
    t.integer('pass_mark_percent').notNullable();
    t.integer('max_attempts').nullable();
    t.integer('time_limit_minutes').nullable();
    t.boolean('shuffle_questions').notNullable().defaultTo(false);
    t.boolean('shuffle_options').notNullable().defaultTo(false);
    t.string('show_answers', 20).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.string('deleted_at', ISO_LENGTH).nullable();
    t.index(['course_id'], 'assessments_course_idx');
  });

  await knex.schema.createTable('questions', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('assessment_id', 36).nullable();
    t.string('kind', 12).notNullable();
    t.text('text').notNullable();
    t.text('options').notNullable();
    t.text('explanation').nullable();
    t.integer('position').notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['course_id', 'position'], 'questions_course_idx');
    t.index(['assessment_id'], 'questions_assessment_idx');
  });

  await knex.schema.createTable('assessment_attempts', (t) => {
    t.string('id', 36).primary();
    t.string('assessment_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    t.integer('number').notNullable();
    t.string('status', 10).notNullable();
    t.string('open_key', 80).nullable().unique('assessment_attempts_open_unique');
    t.text('questions').notNullable();
    t.text('answers').notNullable();
    t.string('started_at', ISO_LENGTH).notNullable();
    t.string('expires_at', ISO_LENGTH).nullable();
    t.string('answers_saved_at', ISO_LENGTH).nullable();
    t.string('submitted_at', ISO_LENGTH).nullable();
    t.double('score_percent').nullable();
    t.boolean('passed').nullable();
    t.unique(['assessment_id', 'user_id', 'number'], { indexName: 'assessment_attempts_number_unique' });
    t.index(['course_id', 'user_id'], 'assessment_attempts_person_idx');
  });

  await knex.schema.createTable('course_completion_rules', (t) => {
    t.string('course_id', 36).primary();
    t.text('rule').notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
  });

  await knex.schema.createTable('course_completions', (t) => {
    t.string('user_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('completed_at', ISO_LENGTH).nullable();
    t.text('left').notNullable();
    t.string('checked_at', ISO_LENGTH).notNullable();
    t.primary(['user_id', 'course_id']);
    t.index(['course_id', 'completed_at'], 'course_completions_course_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('course_completions');
  await knex.schema.dropTableIfExists('course_completion_rules');
  await knex.schema.dropTableIfExists('assessment_attempts');
  await knex.schema.dropTableIfExists('questions');
  await knex.schema.dropTableIfExists('assessments');
}
