import type { Knex } from 'knex';
import { Model, snakeCaseMappers, type ModelClass, type PartialModelObject, type Pojo } from 'objection';

/**
 * Shared model behaviour: camelCase properties over snake_case columns, booleans read back as
 * booleans on both engines (SQLite and MySQL answer 0/1), and JSON-array columns.
 */
export abstract class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }

  /** Properties stored as 0/1 that the application sees as booleans. */
  static booleanAttributes: string[] = [];

  /**
   * Columns the database computes (generated columns, snake_case) for its indexes and queries: a
   * `select *` leaves them out of the model and no insert or patch ever names them (MySQL refuses
   * a value for a generated column). Queries name them as columns (`courses.listing_title`).
   */
  static generatedColumns: string[] = [];

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(omit(json, (this.constructor as typeof BaseModel).generatedColumns));
    for (const name of (this.constructor as typeof BaseModel).booleanAttributes) {
      if (name in parsed && parsed[name] !== null && parsed[name] !== undefined) parsed[name] = Boolean(parsed[name]);
    }
    return parsed;
  }

  override $formatDatabaseJson(json: Pojo): Pojo {
    return omit(super.$formatDatabaseJson(json), (this.constructor as typeof BaseModel).generatedColumns);
  }

  /**
   * Inserts several rows in one statement. Objection's own batch insert works only on PostgreSQL
   * (it wants the inserted ids back); our ids are made by the caller, so knex's multi-row insert
   * of the model's database form (column names and JSON attributes converted) is enough.
   * `ignoreConflictsOn` names a unique key whose existing rows win (`INSERT … ON CONFLICT DO NOTHING`).
   */
  static async insertMany<M extends BaseModel>(
    this: ModelClass<M>,
    db: Knex,
    rows: Array<PartialModelObject<M>>,
    options: { ignoreConflictsOn?: string[] } = {},
  ): Promise<void> {
    if (rows.length === 0) return;
    const insert = db(this.tableName).insert(rows.map((row) => this.fromJson(row).$toDatabaseJson()));
    // `INSERT … ON CONFLICT DO NOTHING` / `INSERT IGNORE`: an existing row with the same key wins.
    await (options.ignoreConflictsOn ? insert.onConflict(options.ignoreConflictsOn).ignore() : insert);
  }
}

/** `json` without the keys in `names` (the same object when it has none of them). */
function omit(json: Pojo, names: string[]): Pojo {
  if (!names.some((name) => name in json)) return json;
  const rest: Pojo = { ...json };
  for (const name of names) delete rest[name];
  return rest;
}
