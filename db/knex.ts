import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfigFor, parseDatabaseUrl, type DatabaseKind } from './connection-config';

export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * Opens the database named by `databaseUrl` and returns a handle. Objection is not bound globally:
 * every query names its knex or transaction (`Model.query(trx)`), so two databases in one process
 * (tests, tools) never cross.
 */
export function openDatabase(databaseUrl: string | undefined): Database {
  const parsed = parseDatabaseUrl(databaseUrl);
  if (parsed.kind === 'sqlite' && parsed.filename !== ':memory:') {
    fs.mkdirSync(path.dirname(parsed.filename!), { recursive: true });
  }
  const knex = knexFactory(knexConfigFor(parsed));
  return { knex, kind: parsed.kind, close: () => knex.destroy() };
}

export async function migrateToLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest();
}
