/**
 * Every table has a model, and every model declares exactly its table's columns (camelCase), so a
 * migration that adds a column without the model (or a model that names a column no migration
 * made) fails here rather than as an `undefined` in a service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/api/support/test-database';
import * as models from './index';
import { BaseModel } from './base-model';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.destroy();
});

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

const modelClasses = Object.values(models).filter(
  (value): value is typeof BaseModel => typeof value === 'function' && value.prototype instanceof BaseModel,
);

async function tableNames(): Promise<string[]> {
  const knex = db.knex;
  const rows: Array<Record<string, string>> =
    knex.client.config.client === 'mysql2'
      ? (await knex.raw('show tables'))[0]
      : await knex.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'");
  // Migration bookkeeping and SQLite's full-text index (a virtual table and its shadow tables) are not data.
  return rows.map((row) => Object.values(row)[0] as string).filter((name) => !name.startsWith('knex_') && !name.startsWith('courses_fts'));
}

describe('models', () => {
  it('gives every table exactly one model', async () => {
    const tables = (await tableNames()).sort();
    expect(modelClasses.map((m) => m.tableName).sort()).toEqual(tables);
  });

  it.each(modelClasses.map((m) => [m.tableName, m] as const))('%s declares exactly its columns', async (table, Model) => {
    const columns = Object.keys(await db.knex(table).columnInfo()).map(camel).sort();
    const relations = Object.keys(Model.relationMappings ?? {});
    const declared = Object.keys(new (Model as unknown as new () => object)()).filter((key) => !relations.includes(key)).sort();
    expect(declared).toEqual(columns);
  });
});
