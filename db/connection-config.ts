/**
 * Turns a DATABASE_URL into a Knex configuration. Absent: data/app.sqlite; `sqlite:<path>`: that
 * file (`sqlite::memory:` for an in-memory database); `mysql://user:pass@host:port/db`: MySQL or
 * MariaDB through mysql2.
 */
import path from 'node:path';
import type { Knex } from 'knex';
import { migrationSource } from './migrations';

export type DatabaseKind = 'sqlite' | 'mysql';

export const DEFAULT_SQLITE_FILE = 'data/app.sqlite';

export interface ParsedDatabaseUrl {
  kind: DatabaseKind;
  /** SQLite file path or ':memory:'. */
  filename?: string;
  mysql?: { host: string; port: number; user: string; password: string; database: string };
}

export function parseDatabaseUrl(url: string | undefined, cwd = process.cwd()): ParsedDatabaseUrl {
  if (!url || url.trim() === '') return { kind: 'sqlite', filename: path.resolve(cwd, DEFAULT_SQLITE_FILE) };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new Error('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:data/app.sqlite');
    return { kind: 'sqlite', filename: file === ':memory:' ? ':memory:' : path.resolve(cwd, file) };
  }
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) {
    let parsed: URL;
    try {
      parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
    } catch {
      throw new Error('DATABASE_URL is not a valid mysql:// URL');
    }
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!database) throw new Error('DATABASE_URL must name a database, e.g. mysql://root@127.0.0.1:3306/training');
    return {
      kind: 'mysql',
      mysql: {
        host: parsed.hostname || '127.0.0.1',
        port: parsed.port ? Number(parsed.port) : 3306,
        user: decodeURIComponent(parsed.username || 'root'),
        password: decodeURIComponent(parsed.password),
        database,
      },
    };
  }
  throw new Error('DATABASE_URL must start with sqlite: or mysql:// (got "' + url.split(':')[0] + ':")');
}

interface SqliteConnection {
  pragma(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (...args: unknown[]) => unknown): unknown;
}

const regExps = new Map<string, RegExp>();
/** Compiled `REGEXP` patterns (case-insensitive, Unicode), the most recent 200. */
function cachedRegExp(pattern: string): RegExp {
  let compiled = regExps.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern, 'iu');
    regExps.set(pattern, compiled);
    if (regExps.size > 200) regExps.delete(regExps.keys().next().value as string);
  }
  return compiled;
}

export function knexConfigFor(parsed: ParsedDatabaseUrl): Knex.Config {
  const migrations: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };
  if (parsed.kind === 'sqlite') {
    return {
      client: 'better-sqlite3',
      connection: { filename: parsed.filename! },
      useNullAsDefault: true,
      migrations,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('journal_mode = WAL');
          // `x REGEXP y`: SQLite has the operator but no implementation; the search rule's is JavaScript's.
          conn.function('regexp', { deterministic: true }, (pattern, value) =>
            typeof pattern === 'string' && typeof value === 'string' && cachedRegExp(pattern).test(value) ? 1 : 0,
          );
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        },
      },
    };
  }
  return {
    client: 'mysql2',
    connection: { ...parsed.mysql!, charset: 'utf8mb4', timezone: 'Z', supportBigNumbers: true },
    migrations,
    pool: { min: 0, max: 10 },
  };
}
