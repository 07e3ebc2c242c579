/**
 * `npm run db:backup` / `npm run db:restore` (issue 27, point 7). The real server process takes
 * paid orders (test processor) on a SQLite file, so the write-ahead log is in use by another
 * process; under that load a plain copy of the main file is taken (its losses are logged, the
 * before figure), then the backup script runs while the orders keep coming. The backup, restored
 * with the restore script into a fresh file, holds every order committed before the backup began
 * and passes `PRAGMA integrity_check`. A restore onto the running server's database, or from a
 * missing, non-SQLite, foreign or newer file, is refused with a message and changes nothing. On
 * MySQL/MariaDB the scripts print the mysqldump/mysql commands (password never shown), and with
 * TEST_MYSQL_URL a real mysqldump under writes is loaded back and checked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '@db/knex';
import { createCourse, createOrder } from './support/factories';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, testEngine } from './support/test-database';

const ROOT = process.cwd();
const CARD = { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Backup Buyer' };
const children = new Set<ChildProcess>();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-backup-'));
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The script itself (fast); `npmRun` goes through package.json as the README says. */
const script = (args: string[], env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', ...args], env);
const npmRun = (args: string[], env: Record<string, string>) => run('npm', ['run', '--silent', ...args], env);

async function openSqlite(file: string): Promise<Database> {
  const db = openDatabase(`sqlite:${file}`);
  await migrateToLatest(db.knex);
  return db;
}

const completedIds = async (db: Database) => (await db.knex('orders').where({ status: 'completed' }).pluck('id')) as string[];

/** Orders of `ids` the database in `file` lacks as completed orders, and its integrity check. */
async function inspect(file: string, ids: string[]): Promise<{ missing: number; integrity: string }> {
  const db = openDatabase(`sqlite:${file}`);
  try {
    const integrity = ((await db.knex.raw('PRAGMA integrity_check')) as Array<{ integrity_check: string }>).map((row) => row.integrity_check).join('; ');
    const present = new Set(await completedIds(db));
    return { missing: ids.filter((id) => !present.has(id)).length, integrity };
  } finally {
    await db.close();
  }
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Buyers (a new guest e-mail each time) check out and pay through the API until `stop.done`. */
async function orderLoad(port: number, courseId: string, priceCents: number, stop: { done: boolean }): Promise<number> {
  let paid = 0;
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const worker = async (w: number) => {
    for (let i = 0; !stop.done; i++) {
      const intent = await post('/api/create-payment-intent', {
        courseIds: [courseId],
        amount: priceCents / 100,
        items: [{ courseId, quantity: 1 }],
        customerEmail: `backup-${w}-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`,
        customerName: 'Backup Buyer',
      });
      if (intent.status !== 200) throw new Error(`checkout answered ${intent.status}: ${JSON.stringify(intent.body)}`);
      const confirmed = await post('/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
      if (confirmed.status !== 200) throw new Error(`payment answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
      paid++;
    }
  };
  await Promise.all(Array.from({ length: 4 }, (_, w) => worker(w)));
  return paid;
}

async function waitForOrders(db: Database, count: number, load?: { error?: unknown }): Promise<string[]> {
  for (;;) {
    if (load?.error) throw load.error;
    const ids = await completedIds(db);
    if (ids.length >= count) return ids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('db:backup and db:restore on SQLite', () => {
  it('a backup taken while the server takes orders restores every order committed before it began', async () => {
    const file = path.join(dir, 'app.sqlite');
    const db = await openSqlite(file);
    const course = await createCourse(db.knex, { priceCents: 4900, maxParticipants: null });
    const port = await freePort();
    const server = await startServerProcess(
      port,
      `sqlite:${file}`,
      { MAIL_OUTBOX_FILE: path.join(dir, 'outbox.jsonl'), CHECKOUT_LIMIT_PER_IP: '1000000', CHECKOUT_LIMIT_PER_EMAIL: '1000000' },
      children,
    );
    const stop: { done: boolean; error?: unknown } = { done: false };
    const load = orderLoad(port, course.id, course.price_cents, stop).catch((error: unknown) => {
      stop.error = error;
      return 0;
    });
    try {
      // Before: a plain copy of the main file under the same load.
      const beforeCopy = await waitForOrders(db, 30, stop);
      const plainCopy = path.join(dir, 'plain-copy.sqlite');
      fs.copyFileSync(file, plainCopy);

      // After: the backup script, while the orders keep coming.
      const beforeBackup = await waitForOrders(db, beforeCopy.length + 30, stop);
      const backup = await npmRun(['db:backup'], { DATABASE_URL: `sqlite:${file}` });
      const afterBackup = await completedIds(db);
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(afterBackup.length).toBeGreaterThan(beforeBackup.length); // orders were written while it ran
      const backups = fs.readdirSync(path.join(dir, 'backups'));
      expect(backups).toEqual([expect.stringMatching(/^app-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/)]);
      const backupFile = path.join(dir, 'backups', backups[0]!);

      // A restore onto the database the running server uses is refused.
      const busy = await script(['restore', backupFile], { DATABASE_URL: `sqlite:${file}` });
      expect(busy.code).not.toBe(0);
      expect(busy.stderr).toMatch(/in use by another process.*Stop the server.*Nothing was changed/s);
      expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual(backups);

      stop.done = true;
      await load;
      expect(stop.error).toBeUndefined();
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;

      const restoredFile = path.join(dir, 'restored', 'app.sqlite');
      const restore = await npmRun(['db:restore', backupFile], { DATABASE_URL: `sqlite:${restoredFile}` });
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toMatch(/Restored .* orders/);
      const restored = await inspect(restoredFile, beforeBackup);
      const copied = await inspect(plainCopy, beforeCopy).catch((error: Error) => ({ missing: NaN, integrity: `unreadable: ${error.message}` }));
      console.log(
        `[backup sqlite] plain copy of the main file: ${copied.missing} of ${beforeCopy.length} committed orders missing (integrity ${copied.integrity}); ` +
          `db:backup: ${restored.missing} of ${beforeBackup.length} missing after db:restore (integrity ${restored.integrity}); ` +
          `${afterBackup.length - beforeBackup.length} orders completed while the backup ran`,
      );
      expect(restored).toEqual({ missing: 0, integrity: 'ok' });
    } finally {
      stop.done = true;
      await load;
      await db.close();
    }
  }, 180_000);

  it('refuses a missing, non-SQLite, foreign or newer file, and never overwrites a backup, changing nothing', async () => {
    const target = path.join(dir, 'bad-input', 'app.sqlite');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const db = await openSqlite(target);
    const course = await createCourse(db.knex, { priceCents: 1200 });
    await createOrder(db.knex, { userId: null, email: 'kept@example.com', items: [{ courseId: course.id, title: course.title, priceCents: 1200 }] });
    await db.close();

    const notSqlite = path.join(dir, 'notes.txt');
    fs.writeFileSync(notSqlite, 'order export, not a database\n'.repeat(20));
    const foreign = path.join(dir, 'other-app.sqlite');
    const other = knexFactory({ client: 'better-sqlite3', connection: { filename: foreign }, useNullAsDefault: true });
    await other.schema.createTable('notes', (table) => table.increments('id'));
    await other.destroy();
    const otherKnexApp = path.join(dir, 'other-knex-app.sqlite');
    const otherKnex = knexFactory({ client: 'better-sqlite3', connection: { filename: otherKnexApp }, useNullAsDefault: true });
    await otherKnex.schema.createTable('knex_migrations', (table) => {
      table.increments('id');
      table.string('name');
    });
    await otherKnex('knex_migrations').insert({ name: '20200101000001_create_notes.js' });
    await otherKnex.destroy();
    const newer = path.join(dir, 'newer-version.sqlite');
    fs.copyFileSync(target, newer);
    const newerKnex = knexFactory({ client: 'better-sqlite3', connection: { filename: newer }, useNullAsDefault: true });
    await newerKnex('knex_migrations').insert({ name: '20991231000099_from_a_newer_version', batch: 99, migration_time: new Date() });
    await newerKnex.destroy();
    const explicit = path.join(dir, 'bad-input', 'nightly.sqlite');

    const hashBefore = sha256(target);
    const env = { DATABASE_URL: `sqlite:${target}` };
    const [missing, garbage, foreignApp, foreignKnexApp, newerVersion, noArgument, toExplicit] = await Promise.all([
      script(['restore', path.join(dir, 'no-such-backup.sqlite')], env),
      script(['restore', notSqlite], env),
      script(['restore', foreign], env),
      script(['restore', otherKnexApp], env),
      script(['restore', newer], env),
      script(['restore'], env),
      script(['backup', explicit], env),
    ]);
    expect(missing.stderr).toMatch(/No such file: .*no-such-backup\.sqlite\. Nothing was changed\./);
    expect(garbage.stderr).toMatch(/notes\.txt is not a SQLite database .*Nothing was changed\./);
    expect(foreignApp.stderr).toMatch(/other-app\.sqlite is a SQLite database, but not this app's.*Nothing was changed\./);
    expect(foreignKnexApp.stderr).toMatch(
      /other-knex-app\.sqlite is a SQLite database, but not this app's: none of its migrations .* is this app's\. Nothing was changed\./,
    );
    expect(newerVersion.stderr).toMatch(
      /newer-version\.sqlite is not a database of this version of the app: .*20991231000099_from_a_newer_version.*Nothing was changed\./,
    );
    expect(noArgument.stderr).toMatch(/Name the backup to restore/);
    for (const refused of [missing, garbage, foreignApp, foreignKnexApp, newerVersion, noArgument]) expect(refused.code).not.toBe(0);
    expect(toExplicit, toExplicit.stderr).toMatchObject({ code: 0 });
    const explicitHash = sha256(explicit);
    const again = await script(['backup', explicit], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/nightly\.sqlite already exists; backups are never overwritten/);

    expect(sha256(target)).toBe(hashBefore);
    expect(sha256(explicit)).toBe(explicitHash);
    expect(fs.readdirSync(path.dirname(target)).sort()).toEqual(['app.sqlite', 'nightly.sqlite']);
    expect(await inspect(explicit, [])).toEqual({ missing: 0, integrity: 'ok' });
  }, 120_000);
});

describe('db:backup and db:restore on MySQL/MariaDB', () => {
  it('without mysqldump installed, print the commands with the connection details and no password, and exit ≠ 0', async () => {
    const env = { DATABASE_URL: 'mysql://shop:s3cr%40t@db.internal:3307/training', PATH: fs.mkdtempSync(path.join(dir, 'empty-path-')) };
    const dumpFile = path.join(dir, 'training-2026-11-26T13-45-00Z.sql');
    fs.writeFileSync(dumpFile, '-- MariaDB dump\n');
    const [backup, restore, missing] = await Promise.all([
      script(['backup'], env),
      script(['restore', dumpFile], env),
      script(['restore', path.join(dir, 'no-such-dump.sql')], env),
    ]);
    expect(backup.code).not.toBe(0);
    expect(backup.stderr).toMatch(/no backup was made/);
    expect(backup.stderr).toMatch(
      /mysqldump --single-transaction --routines .*--host=db\.internal --port=3307 --user=shop --password training > data\/backups\/training-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql/,
    );
    expect(restore.code).not.toBe(0);
    expect(restore.stderr).toMatch(/Not restored/);
    expect(restore.stderr).toContain(`mysql --host=db.internal --port=3307 --user=shop --password --default-character-set=utf8mb4 training < ${dumpFile}`);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/No such file: .*no-such-dump\.sql\. Nothing was changed\./);
    for (const output of [backup.stderr + backup.stdout, restore.stderr + restore.stdout]) {
      expect(output).not.toContain('s3cr');
      expect(output).toContain('***');
    }
  }, 60_000);

  if (testEngine() === 'mysql') {
    it('mysqldump taken while orders are written loads back with every order committed before it began', async () => {
      const db = await createTestDatabase();
      const restoredName = `${new URL(db.url).pathname.slice(1)}_restored`;
      const server = new URL(process.env.TEST_MYSQL_URL!);
      const mysqlArgs = [`--host=${server.hostname}`, `--port=${server.port || 3306}`, `--user=${decodeURIComponent(server.username || 'root')}`];
      const mysqlEnv = { MYSQL_PWD: decodeURIComponent(server.password) };
      const stop = { done: false };
      try {
        const course = await createCourse(db.knex, { priceCents: 2500 });
        const writer = (async () => {
          while (!stop.done)
            await createOrder(db.knex, { userId: null, email: 'dump@example.com', items: [{ courseId: course.id, title: course.title, priceCents: 2500 }] });
        })();
        const before = await waitForOrders(db, 40);
        const dumpFile = path.join(dir, 'mysql', 'dump.sql');
        const backup = await npmRun(['db:backup', dumpFile], { DATABASE_URL: db.url });
        const duringDump = (await completedIds(db)).length - before.length;
        stop.done = true;
        await writer;
        expect(backup, backup.stderr).toMatchObject({ code: 0 });
        const load = await run('mysql', [...mysqlArgs, '-e', `CREATE DATABASE \`${restoredName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`], mysqlEnv);
        expect(load.code, load.stderr).toBe(0);
        const loaded = await new Promise<number | null>((resolve) => {
          const child = spawn('mysql', [...mysqlArgs, '--default-character-set=utf8mb4', restoredName], {
            env: { ...process.env, ...mysqlEnv },
            stdio: [fs.openSync(dumpFile, 'r'), 'ignore', 'inherit'],
          });
          child.once('close', resolve);
        });
        expect(loaded).toBe(0);
        const restoredUrl = new URL(db.url);
        restoredUrl.pathname = `/${restoredName}`;
        const restored = openDatabase(restoredUrl.toString());
        try {
          const present = new Set(await completedIds(restored));
          const missing = before.filter((id) => !present.has(id)).length;
          console.log(
            `[backup mysql] mysqldump --single-transaction: ${missing} of ${before.length} committed orders missing after loading the dump; ${duringDump} orders written while it ran`,
          );
          expect(missing).toBe(0);
        } finally {
          await restored.close();
        }
      } finally {
        stop.done = true;
        await run('mysql', [...mysqlArgs, '-e', `DROP DATABASE IF EXISTS \`${restoredName}\``], mysqlEnv);
        await db.destroy();
      }
    }, 120_000);
  }
});
