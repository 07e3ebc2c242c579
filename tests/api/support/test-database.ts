/**
 * A fresh, migrated database per test file: a temporary SQLite file by default, or — when
 * TEST_MYSQL_URL is set (`npm run test:mysql`) — a new database on that MySQL/MariaDB server,
 * dropped again afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { openDatabase, migrateToLatest, type Database } from '@db/knex';

export interface TestDatabase extends Database {
  url: string;
  destroy(): Promise<void>;
}

export function testEngine(): 'mysql' | 'sqlite' {
  return process.env.TEST_MYSQL_URL ? 'mysql' : 'sqlite';
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const server = new URL(mysqlUrl);
    const name = `training_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    server.pathname = '/';
    const admin = knexFactory({
      client: 'mysql2',
      connection: {
        host: server.hostname,
        port: Number(server.port || 3306),
        user: decodeURIComponent(server.username || 'root'),
        password: decodeURIComponent(server.password),
      },
      pool: { min: 0, max: 1 },
    });
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const dbUrl = new URL(mysqlUrl);
    dbUrl.pathname = `/${name}`;
    const db = openDatabase(dbUrl.toString());
    await migrateToLatest(db.knex);
    return {
      ...db,
      url: dbUrl.toString(),
      async destroy() {
        await db.close();
        await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
        await admin.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-test-'));
  const url = `sqlite:${path.join(dir, 'test.sqlite')}`;
  const db = openDatabase(url);
  await migrateToLatest(db.knex);
  return {
    ...db,
    url,
    async destroy() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
