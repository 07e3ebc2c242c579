/**
 * Issue 34 (learning offline), exams taken without a connection: `offline_papers` holds a question
 * draw made for a person's device before they go offline (the correct flags stay here, never sent).
 * `unused_key` (`<assessment>:<user>`, unique, cleared when the paper is handed in) keeps one unused
 * paper per person and assessment, whichever process is asked. Handing it in makes it a numbered
 * attempt: `attempt_id` is set once (unique), so a paper sent twice, from two tabs or two
 * processes, is graded once and answers the same result again.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('offline_papers', (t) => {
    t.string('id', 36).primary();
    t.string('assessment_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('user_id', 36).notNullable();
    t.text('questions').notNullable();
    t.string('created_at', 24).notNullable();
    t.string('unused_key', 80).nullable().unique('offline_papers_unused_unique');
    t.string('attempt_id', 36).nullable().unique('offline_papers_attempt_unique');
    t.index(['assessment_id', 'user_id'], 'offline_papers_person_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('offline_papers');
}
