/**
 * `lesson_progress.paced_at`: the server accepts watched time only as fast as it can have been
 * watched (`api/services/learning/progress-pace.ts`). The moment by which everything accepted so
 * far could have been watched at the player's fastest speed; a report may add what the time since
 * then allows. Rows kept before it start from their last report (`updated_at`).
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lesson_progress', (t) => {
    t.string('paced_at', ISO_LENGTH).nullable();
  });
  await knex('lesson_progress').update({ paced_at: knex.ref('updated_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lesson_progress', (t) => {
    t.dropColumn('paced_at');
  });
}
