/**
 * A benchmark database: a fresh SQLite file, or — with BENCH_MYSQL_URL — a fresh database on that
 * MySQL/MariaDB server, migrated and filled with the demo catalogue (45 courses) or a generated
 * one of `courses` courses. Dropped by `destroy()`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { sanitizeRichText } from '@api/lib/sanitize-html';
import { migrateToLatest, openDatabase, type Database } from '@db/knex';
import { seedDemoCatalogue } from '@db/seeds/demo-catalogue';
import { generateCatalogue } from './generate-catalogue';

export interface BenchDatabase extends Database {
  url: string;
  engine: 'sqlite' | 'mysql';
  destroy(): Promise<void>;
}

export const DEMO = 'demo';

export async function createBenchDatabase(courses: number | typeof DEMO): Promise<BenchDatabase> {
  const mysqlUrl = process.env.BENCH_MYSQL_URL;
  let db: Database;
  let url: string;
  let drop: () => Promise<void>;
  if (mysqlUrl) {
    const name = `training_bench_${crypto.randomBytes(4).toString('hex')}`;
    const server = new URL(mysqlUrl);
    const admin = knexFactory({
      client: 'mysql2',
      connection: {
        host: server.hostname,
        port: Number(server.port || 3306),
        user: decodeURIComponent(server.username || 'root'),
        password: decodeURIComponent(server.password),
      },
    });
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    server.pathname = `/${name}`;
    url = server.toString();
    db = openDatabase(url);
    drop = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-bench-'));
    url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
    db = openDatabase(url);
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(db.knex);
  if (courses === DEMO) await seedDemoCatalogue(db.knex, { sanitize: sanitizeRichText });
  else await generateCatalogue(db.knex, courses);
  return {
    ...db,
    url,
    engine: mysqlUrl ? 'mysql' : 'sqlite',
    async destroy() {
      await db.close();
      await drop();
    },
  };
}

/** The server secret every benchmark's app runs with. */
export const BENCH_AUTH_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

/** A person of `role` with a session (as signing in makes one): their id and the session token (`Authorization: Bearer …`, localStorage `auth_token`). */
export async function benchPerson(
  knex: Knex,
  role: 'admin' | 'customer',
  email: string,
  name = `Bench ${role}`,
  sessionMs = 86_400_000,
): Promise<{ id: string; token: string }> {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await knex('users').insert({ id, name, email, role, is_active: true, created_at: now, updated_at: now });
  const token = crypto.randomBytes(32).toString('base64url');
  await knex('sessions').insert({
    id: crypto.randomUUID(),
    user_id: id,
    token_hash: crypto.createHash('sha256').update(token).digest('hex'),
    expires_at: new Date(Date.now() + sessionMs).toISOString(),
    created_at: now,
  });
  return { id, token };
}

/** A recorded course of the bench's own (active, one price), its id; `fields` are extra columns. */
export async function benchCourse(knex: Knex, title: string, stamp: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  await knex('courses').insert({
    id,
    title,
    code: `BENCH${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
    type: 'recorded_course',
    category: 'Pharmaceutical',
    price_cents: 100,
    tags: '[]',
    is_active: true,
    current_participants: 0,
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  });
  return id;
}
