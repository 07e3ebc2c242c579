/**
 * Issue 29, point 3: `video_upload_locks`, the lock of one resumable video upload shared by every
 * API process on the database (tus's `locker`), so two PATCHes of one upload never write at once
 * even when two processes or machines receive them. A request takes the row with a conditional
 * UPDATE (no live lease) that writes its `lease_token` and `lease_until`, renews it while it
 * works, and deletes it when done; a request that waits sets `release_requested_at`, which tells
 * the holder to finish early (tus's request to release); a holder that died leaves a lease that
 * runs out, after which another request takes the row over.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('video_upload_locks', (t) => {
    // The upload's id in its store (the bare UUID, or the bucket key `media/incoming-videos/{id}`).
    t.string('upload_id', 100).primary();
    t.string('lease_token', 36).notNullable();
    t.string('lease_until', ISO_LENGTH).notNullable();
    t.string('release_requested_at', ISO_LENGTH).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.index(['lease_until'], 'video_upload_locks_lease_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('video_upload_locks');
}
