/**
 * Issue 30, point 3 (Zoom attendance fetched by a job): on `meetings`, when its attendance report
 * was last fetched from Zoom and recorded (`attendance_fetched_at`), and why the last fetch did
 * not (`attendance_error`: Zoom's report not ready yet, a failure; null after a success). Whether
 * a fetch is queued or running is read from its queued jobs.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('meetings', (t) => {
    t.string('attendance_fetched_at', 24).nullable();
    t.string('attendance_error', 500).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (String(knex.client.config.client).startsWith('mysql'))
    return void (await knex.schema.alterTable('meetings', (t) => t.dropColumns('attendance_fetched_at', 'attendance_error')));
  // SQLite drops one column at a time.
  await knex.raw('ALTER TABLE meetings DROP COLUMN attendance_error');
  await knex.raw('ALTER TABLE meetings DROP COLUMN attendance_fetched_at');
}
