/**
 * Issue 29 (delivering what was bought):
 * - `entitlements`: one row per person, course and source (`order` line, `membership`, admin
 *   `grant`, later `seat`) — the only thing access decisions read. `(user_id, course_id, source,
 *   source_id)` is unique, so fulfilment and membership changes write each right once. A right is
 *   live while `starts_at <= now`, `ends_at` is null or later, and `revoked_at` is null; revocation
 *   keeps the row (when, why, who). `pricing_tier_id` is the tier it was bought with.
 * - `course_modules` and `lessons`: a course's ordered content. A lesson is a `video` (its
 *   `video_asset_id`), a `document` (a PDF in the object store) or a `text` page (sanitised HTML);
 *   `material_tier_ids` (JSON, null = every tier) limits its handouts and transcript to the tiers
 *   that promise them.
 * - `video_assets`: one per resumable upload (its tus id): uploaded → queued → processing (with
 *   `progress`) → ready | failed (`error`); `renditions` (JSON) and `duration_seconds` when ready.
 * - `lesson_captions`: WebVTT per lesson and language.
 * - `lesson_progress`: per person and lesson, the watched ranges merged on the server (JSON),
 *   their total and the resume point.
 * - `refunds` and `credit_note_counters`: each refund once (its Idempotency-Key is the
 *   idempotency service's), with its numbered credit note (`CN-2026-000001`, gapless per year).
 * - `orders.membership_discount_cents`, `order_items.discount_cents`: what a membership took off,
 *   priced by the server; `orders.refunded_cents`: what has been refunded so far.
 * - `courses.no_skipping`: seeking past the furthest point watched is refused.
 * Completed orders of accounts placed before it are granted their lines (`grantPaidOrders`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

const ISO_LENGTH = 24;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('entitlements', (t) => {
    t.string('id', 36).primary();
    t.string('user_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.string('source', 12).notNullable(); // order | membership | grant | seat
    // The order (for `order` and `membership`), the grant's id, or the seat's.
    t.string('source_id', 36).notNullable();
    t.string('order_item_id', 36).nullable();
    t.string('pricing_tier_id', 36).nullable();
    t.string('starts_at', ISO_LENGTH).notNullable();
    t.string('ends_at', ISO_LENGTH).nullable();
    t.string('revoked_at', ISO_LENGTH).nullable();
    t.string('revoked_reason', 200).nullable();
    t.string('revoked_by', 36).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.unique(['user_id', 'course_id', 'source', 'source_id'], { indexName: 'entitlements_source_unique' });
    t.index(['course_id'], 'entitlements_course_idx');
    t.index(['source', 'source_id'], 'entitlements_source_idx');
  });

  await knex.schema.createTable('course_modules', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('title', 200).notNullable();
    t.integer('position').notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['course_id', 'position'], 'course_modules_course_idx');
  });

  await knex.schema.createTable('video_assets', (t) => {
    t.string('id', 64).primary(); // the tus upload id
    t.string('status', 12).notNullable(); // uploaded | queued | processing | ready | failed
    t.integer('progress').notNullable().defaultTo(0);
    t.float('duration_seconds').nullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.text('renditions').nullable(); // JSON [{ name, width, height, bandwidth }]
    t.string('error', 500).nullable();
    t.bigInteger('size_bytes').nullable();
    t.string('uploaded_by', 36).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
  });

  await knex.schema.createTable('lessons', (t) => {
    t.string('id', 36).primary();
    t.string('course_id', 36).notNullable();
    t.string('module_id', 36).nullable();
    t.string('title', 200).notNullable();
    t.string('kind', 10).notNullable(); // video | document | text
    t.text('body').nullable(); // text pages: sanitised HTML
    t.integer('position').notNullable();
    t.float('duration_seconds').nullable();
    t.string('video_asset_id', 64).nullable();
    t.string('document_name', 64).nullable(); // object name of the PDF
    t.integer('document_bytes').nullable();
    t.text('material_tier_ids').nullable(); // JSON string[]; null = every tier
    t.integer('version').notNullable().defaultTo(1);
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['course_id', 'position'], 'lessons_course_idx');
    t.index(['video_asset_id'], 'lessons_video_idx');
  });

  await knex.schema.createTable('lesson_captions', (t) => {
    t.string('lesson_id', 36).notNullable();
    t.string('lang', 12).notNullable();
    t.string('label', 60).notNullable();
    t.text('vtt', 'mediumtext').notNullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.primary(['lesson_id', 'lang']);
  });

  await knex.schema.createTable('lesson_progress', (t) => {
    t.string('user_id', 36).notNullable();
    t.string('lesson_id', 36).notNullable();
    t.string('course_id', 36).notNullable();
    t.text('ranges').notNullable(); // JSON [[from, to], …], merged, sorted
    t.float('watched_seconds').notNullable().defaultTo(0);
    t.float('position').notNullable().defaultTo(0);
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.primary(['user_id', 'lesson_id']);
    t.index(['user_id', 'course_id'], 'lesson_progress_course_idx');
  });

  await knex.schema.createTable('refunds', (t) => {
    t.string('id', 36).primary();
    t.string('order_id', 36).notNullable();
    t.integer('amount_cents').notNullable();
    t.string('reason', 500).notNullable();
    t.string('status', 12).notNullable(); // pending | succeeded | failed
    t.string('processor_refund_id', 100).nullable();
    t.string('credit_note_number', 20).nullable().unique('refunds_credit_note_unique');
    t.string('created_by', 36).nullable();
    t.string('created_at', ISO_LENGTH).notNullable();
    t.string('updated_at', ISO_LENGTH).notNullable();
    t.index(['order_id'], 'refunds_order_idx');
  });
  await knex.schema.createTable('credit_note_counters', (t) => {
    t.integer('year').primary();
    t.integer('last').notNullable();
  });

  await knex.schema.alterTable('orders', (t) => {
    t.integer('membership_discount_cents').notNullable().defaultTo(0);
    t.integer('refunded_cents').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('order_items', (t) => t.integer('discount_cents').notNullable().defaultTo(0));
  await knex.schema.alterTable('courses', (t) => t.boolean('no_skipping').notNullable().defaultTo(false));
  await grantPaidOrders(knex);
}

/**
 * Customers who paid before this migration keep what they bought: one entitlement per course
 * line of every completed order of an account (BUSINESS libraries follow at the first sweep).
 */
async function grantPaidOrders(knex: Knex): Promise<void> {
  const lines = (await knex('order_items')
    .join('orders', 'orders.id', 'order_items.order_id')
    .where('orders.status', 'completed')
    .whereNotNull('orders.user_id')
    .whereNotNull('order_items.course_id')
    .select(
      'order_items.id',
      'order_items.course_id',
      'order_items.pricing_tier_id',
      'orders.id as order_id',
      'orders.user_id',
      'orders.updated_at',
    )) as Array<{
    id: string;
    course_id: string;
    pricing_tier_id: string | null;
    order_id: string;
    user_id: string;
    updated_at: string;
  }>;
  const rows = lines.map((line) => ({
    id: crypto.randomUUID(),
    user_id: line.user_id,
    course_id: line.course_id,
    source: 'order',
    source_id: line.order_id,
    order_item_id: line.id,
    pricing_tier_id: line.pricing_tier_id,
    starts_at: line.updated_at,
    created_at: line.updated_at,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await knex('entitlements')
      .insert(rows.slice(i, i + 500))
      .onConflict(['user_id', 'course_id', 'source', 'source_id'])
      .ignore();
  }
}

export async function down(knex: Knex): Promise<void> {
  // SQLite's own DROP COLUMN: knex's rebuild of the table cannot copy its generated columns.
  if (!String(knex.client.config.client).startsWith('mysql')) await knex.raw('ALTER TABLE courses DROP COLUMN no_skipping');
  else await knex.schema.alterTable('courses', (t) => t.dropColumn('no_skipping'));
  await knex.schema.alterTable('order_items', (t) => t.dropColumn('discount_cents'));
  await knex.schema.alterTable('orders', (t) => t.dropColumns('membership_discount_cents', 'refunded_cents'));
  for (const table of ['credit_note_counters', 'refunds', 'lesson_progress', 'lesson_captions', 'lessons', 'video_assets', 'course_modules', 'entitlements']) {
    await knex.schema.dropTableIfExists(table);
  }
}
