/**
 * Uploaded images (back-office spec §7: `POST /api/objects/upload`, stored paths
 * `/objects/uploads/{file}`): one row per upload ticket. The ticket is single use (a conditional
 * UPDATE moves it out of `pending`), bound to its uploader and size limit, and only a `ready`
 * object (checked by its bytes and re-encoded) may be referenced by a course or an instructor.
 */
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploaded_objects', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).nullable();
    // pending (ticket issued) → receiving / processing → ready | rejected; ready → deleted (swept when unreferenced).
    t.string('status', 12).notNullable();
    // The path courses and instructors store: /objects/uploads/{id}.webp.
    t.string('path', 120).notNullable().unique('uploaded_objects_path_unique');
    t.integer('max_bytes').notNullable();
    t.string('source_type', 20).nullable(); // image/png | image/jpeg | image/webp, sniffed
    t.integer('source_bytes').nullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.string('expires_at', ISO_LENGTH).notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['status', 'updated_at'], 'uploaded_objects_status_idx');
  });
  await knex.schema.alterTable('courses', (t) => {
    t.index(['image'], 'courses_image_idx');
    t.index(['instructor_image'], 'courses_instructor_image_idx');
  });
  await knex.schema.alterTable('instructors', (t) => t.index(['image'], 'instructors_image_idx'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('instructors', (t) => t.dropIndex(['image'], 'instructors_image_idx'));
  await knex.schema.alterTable('courses', (t) => {
    t.dropIndex(['instructor_image'], 'courses_instructor_image_idx');
    t.dropIndex(['image'], 'courses_image_idx');
  });
  await knex.schema.dropTableIfExists('uploaded_objects');
}
