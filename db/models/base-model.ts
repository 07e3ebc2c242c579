import { Model, snakeCaseMappers, type Pojo } from 'objection';

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

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const name of (this.constructor as typeof BaseModel).booleanAttributes) {
      if (name in parsed && parsed[name] !== null && parsed[name] !== undefined) parsed[name] = Boolean(parsed[name]);
    }
    return parsed;
  }
}
