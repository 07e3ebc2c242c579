/**
 * The storefront listing's order (`orderByStartDate`: undated courses last, start date, title
 * ignoring case compared byte by byte, id) read straight from an index on both engines, so a page
 * of `GET /api/courses` — with or without one type, at any cursor depth — is the first rows of an
 * index range instead of every active course sorted (MySQL's "Using filesort", SQLite's "TEMP
 * B-TREE"). MariaDB has no indexes on expressions, so the two computed sort keys are generated
 * columns on both engines (the same names, one query): `listing_undated` (1 without a start date)
 * and `listing_title` (the database's own `lower(title)`, binary collation on MySQL; SQLite's
 * default collation is binary already). VIRTUAL: computed on read, stored only in the indexes.
 * The database maintains them; the Course model never reads or writes them (`generatedColumns`).
 */
import type { Knex } from 'knex';
import { isMysql } from '../errors';

const TITLE_LENGTH = 300;

export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    // One statement: one table rebuild on MySQL/MariaDB.
    await knex.raw(`ALTER TABLE courses
      ADD COLUMN listing_undated TINYINT GENERATED ALWAYS AS (start_date IS NULL) VIRTUAL,
      ADD COLUMN listing_title VARCHAR(${TITLE_LENGTH}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin GENERATED ALWAYS AS (lower(title)) VIRTUAL,
      ADD INDEX courses_listing_idx (is_active, listing_undated, start_date, listing_title, id),
      ADD INDEX courses_listing_type_idx (is_active, type, listing_undated, start_date, listing_title, id)`);
  } else {
    // SQLite adds only VIRTUAL generated columns to an existing table.
    await knex.raw('ALTER TABLE courses ADD COLUMN listing_undated INTEGER GENERATED ALWAYS AS (start_date IS NULL) VIRTUAL');
    await knex.raw('ALTER TABLE courses ADD COLUMN listing_title TEXT GENERATED ALWAYS AS (lower(title)) VIRTUAL');
    await knex.raw('CREATE INDEX courses_listing_idx ON courses (is_active, listing_undated, start_date, listing_title, id)');
    await knex.raw('CREATE INDEX courses_listing_type_idx ON courses (is_active, type, listing_undated, start_date, listing_title, id)');
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    await knex.raw(`ALTER TABLE courses
      DROP INDEX courses_listing_type_idx,
      DROP INDEX courses_listing_idx,
      DROP COLUMN listing_title,
      DROP COLUMN listing_undated`);
    return;
  }
  await knex.raw('DROP INDEX IF EXISTS courses_listing_type_idx');
  await knex.raw('DROP INDEX IF EXISTS courses_listing_idx');
  await knex.raw('ALTER TABLE courses DROP COLUMN listing_title');
  await knex.raw('ALTER TABLE courses DROP COLUMN listing_undated');
}
