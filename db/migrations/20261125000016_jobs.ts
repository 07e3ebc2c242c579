/**
 * Issue 28 (one job runner): the jobs' own rows, shared by every process on the database.
 * - `job_schedules`: one row per periodic job. A runner takes a due run with a conditional UPDATE
 *   (`next_run_at` passed, no live lease) that writes its `lease_token` and `lease_until`; at the
 *   end of the run it moves `next_run_at` on by the job's period. A runner that died mid-run leaves
 *   its lease, which runs out and lets another runner take the job.
 * - `queued_jobs`: one-off jobs, `(name, job_key)` unique (enqueueing a key twice is one job):
 *   `queued` (from `run_at`) → `running` (leased to `lease_token` until `lease_until`) → `done`, or
 *   `queued` again after a failure with a backoff, or `dead` after its handler's attempts with the
 *   reason in `last_error`. `attempts` counts the claims, so a runner that died mid-job used one.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_schedules', (t) => {
    t.string('name', 100).primary();
    t.string('next_run_at', ISO_LENGTH).notNullable();
    t.string('lease_token', 36).nullable();
    t.string('lease_until', ISO_LENGTH).nullable();
    // Claimed runs that ended (failed ones too), and how the last one went.
    t.integer('runs').notNullable().defaultTo(0);
    t.string('last_started_at', ISO_LENGTH).nullable();
    t.string('last_finished_at', ISO_LENGTH).nullable();
    t.string('last_error', 1000).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
  });

  await knex.schema.createTable('queued_jobs', (t) => {
    t.string('id', 36).primary();
    t.string('name', 100).notNullable();
    t.string('job_key', 191).notNullable();
    t.text('payload').notNullable();
    t.string('status', 10).notNullable(); // queued | running | done | dead
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('run_at', ISO_LENGTH).notNullable();
    t.string('lease_token', 36).nullable();
    t.string('lease_until', ISO_LENGTH).nullable();
    t.text('last_error').nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.string('finished_at', ISO_LENGTH).nullable();
    t.unique(['name', 'job_key'], { indexName: 'queued_jobs_key_unique' });
    t.index(['status', 'run_at'], 'queued_jobs_status_run_idx');
    t.index(['status', 'lease_until'], 'queued_jobs_status_lease_idx');
    t.index(['lease_token'], 'queued_jobs_lease_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('queued_jobs');
  await knex.schema.dropTableIfExists('job_schedules');
}
