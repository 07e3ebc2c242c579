/**
 * What a database failure means, the same on both engines and whether or not Objection wrapped
 * it (its errors keep the driver's error as `nativeError`). One place for the codes that the
 * services and the error middleware act on.
 */
import type { Knex } from 'knex';

function driverCode(error: unknown): string {
  const e = error as { code?: unknown; nativeError?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.nativeError?.code;
  return typeof code === 'string' ? code : '';
}

/** A unique or primary key already holds this value (MySQL ER_DUP_ENTRY, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverCode(error);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Any constraint refused the write: unique keys, foreign keys, SQLite's other constraints. */
export function isConstraintViolation(error: unknown): boolean {
  const code = driverCode(error);
  return isUniqueViolation(error) || code === 'ER_NO_REFERENCED_ROW_2' || code === 'ER_ROW_IS_REFERENCED_2' || code.startsWith('SQLITE_CONSTRAINT');
}

/** The connection is MySQL/MariaDB (locking reads and collations differ from SQLite). */
export function isMysql(knex: Knex | Knex.Transaction): boolean {
  return String(knex.client.config.client).startsWith('mysql');
}
