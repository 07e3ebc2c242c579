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

const modelClasses = Object.values(models).filter((value): value is typeof BaseModel => typeof value === 'function' && value.prototype instanceof BaseModel);

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
    // Generated columns are the database's (SQLite's columnInfo leaves them out, MySQL's lists them).
    const columns = Object.keys(await db.knex(table).columnInfo())
      .filter((column) => !Model.generatedColumns.includes(column))
      .map(camel)
      .sort();
    const relations = Object.keys(Model.relationMappings ?? {});
    const declared = Object.keys(new (Model as unknown as new () => object)())
      .filter((key) => !relations.includes(key))
      .sort();
    expect(declared).toEqual(columns);
  });
});

describe('generated columns', () => {
  it('are computed by the database and never read into nor written from a model', async () => {
    const { Course } = models;
    expect(Course.generatedColumns).toEqual(['listing_undated', 'listing_title']);
    const now = new Date().toISOString();
    const fields = {
      code: 'GEN-1',
      type: 'live_webinar',
      priceCents: 0,
      tags: [],
      isActive: true,
      currentParticipants: 0,
      seatsHeld: 0,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await Course.query(db.knex).insert({ ...fields, id: 'generated-1', title: 'Éclair Title', startDate: null });
    // A course read whole (select *) and written back whole: the generated columns stay out of both.
    const read = await Course.query(db.knex).findById('generated-1');
    expect(Object.keys(read!)).not.toEqual(expect.arrayContaining(['listingTitle']));
    expect(Object.keys(read!)).not.toEqual(expect.arrayContaining(['listingUndated']));
    expect(read!.$toDatabaseJson()).not.toHaveProperty('listing_title');
    await Course.query(db.knex).insert({ ...read!.toJSON(), id: 'generated-2', code: 'GEN-2', title: 'Dated', startDate: '2027-01-01T00:00:00.000Z' });
    await Course.query(db.knex)
      .findById('generated-1')
      .patch({ ...read!.toJSON(), title: 'ZULU title' });
    // Even named explicitly, a generated column is not written (both engines refuse a value for one).
    await Course.query(db.knex)
      .findById('generated-2')
      .patch({ listingTitle: 'forged', listingUndated: 1 } as never);
    const rows = await db.knex('courses').whereIn('id', ['generated-1', 'generated-2']).orderBy('id').select('listing_undated', 'listing_title');
    expect(rows.map((r: { listing_undated: number; listing_title: string }) => [Number(r.listing_undated), r.listing_title])).toEqual([
      [1, 'zulu title'],
      [0, 'dated'],
    ]);
  });
});
