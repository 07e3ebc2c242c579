/**
 * Full-text search over a course's title, code and description. SQLite: an FTS5 index over the
 * courses table, kept in step by triggers, so every write to a course updates it in the same
 * transaction. MySQL/MariaDB: an InnoDB FULLTEXT index (maintained by the engine), created
 * without the stop-word list so words like "about" or "will" stay searchable.
 * The index finds candidates; the exact rule (`contracts/search.ts`) confirms them.
 */
import type { Knex } from 'knex';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    await knex.transaction(async (trx) => {
      await trx.raw('SET SESSION innodb_ft_enable_stopword = 0');
      await trx.raw('ALTER TABLE courses ADD FULLTEXT INDEX courses_search_ft (title, code, description)');
    });
    return;
  }
  await knex.raw("CREATE VIRTUAL TABLE courses_fts USING fts5(title, code, description, content='courses', content_rowid='rowid', tokenize='unicode61')");
  await knex.raw(`CREATE TRIGGER courses_fts_insert AFTER INSERT ON courses BEGIN
    INSERT INTO courses_fts(rowid, title, code, description) VALUES (new.rowid, new.title, new.code, new.description);
  END`);
  await knex.raw(`CREATE TRIGGER courses_fts_delete AFTER DELETE ON courses BEGIN
    INSERT INTO courses_fts(courses_fts, rowid, title, code, description) VALUES ('delete', old.rowid, old.title, old.code, old.description);
  END`);
  await knex.raw(`CREATE TRIGGER courses_fts_update AFTER UPDATE OF title, code, description ON courses BEGIN
    INSERT INTO courses_fts(courses_fts, rowid, title, code, description) VALUES ('delete', old.rowid, old.title, old.code, old.description);
    INSERT INTO courses_fts(rowid, title, code, description) VALUES (new.rowid, new.title, new.code, new.description);
  END`);
  await knex.raw("INSERT INTO courses_fts(courses_fts) VALUES ('rebuild')");
}

export async function down(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    await knex.raw('ALTER TABLE courses DROP INDEX courses_search_ft');
    return;
  }
  for (const trigger of ['courses_fts_insert', 'courses_fts_delete', 'courses_fts_update']) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
  await knex.raw('DROP TABLE IF EXISTS courses_fts');
}
