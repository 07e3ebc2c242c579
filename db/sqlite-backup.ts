/**
 * Backup and restore of a SQLite database (`npm run db:backup`, `npm run db:restore`; the CLI is
 * scripts/db-backup.ts).
 *
 * A backup is SQLite's online backup API copying every page in one step, so inside one read
 * transaction: a consistent snapshot of every transaction committed before it began — those still
 * in the write-ahead log included — taken while the server keeps writing (in WAL mode a reader
 * never blocks a writer). A plain copy of the main file misses whatever is still in the WAL.
 *
 * A restore first copies the file beside the target and checks that copy (a SQLite database that
 * passes `PRAGMA integrity_check` and holds this app's migrations); it refuses while any other
 * process has the target open, keeps the current database as a backup, removes the target's
 * stale -wal/-shm and renames the checked copy into place. Any refusal changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrationSource } from './migrations';

/** A refusal or failure to show the user as it is (no stack). */
export class BackupError extends Error {}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
/** Pages per backup step: all of them, so the copy is one read transaction that a write never restarts. */
const ALL_PAGES = 0x7fffffff;
const NOTHING_CHANGED = 'Nothing was changed.';

/** 2026-11-26T13:45:00.123Z → 2026-11-26T13-45-00Z (sorts by time, no ':' for other file systems). */
export function backupStamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * data/app.sqlite → data/backups/app-2026-11-26T13-45-00Z.sqlite (`label` goes before the time;
 * -2, -3, … after it when that name is taken in the same second).
 */
export function defaultBackupPath(databaseFile: string, now = new Date(), label = ''): string {
  const stem = path.join(path.dirname(databaseFile), 'backups', `${path.basename(databaseFile).replace(/\.(sqlite3?|db)$/i, '')}-${label}${backupStamp(now)}`);
  for (let n = 1; ; n++) {
    const candidate = `${stem}${n > 1 ? `-${n}` : ''}.sqlite`;
    if (!fs.existsSync(candidate)) return candidate;
  }
}

export interface CopySummary {
  /** The file written (backup) or restored into. */
  file: string;
  bytes: number;
  orders: number;
  /** The last migration the copy holds. */
  schema: string | null;
}

export interface RestoreSummary extends CopySummary {
  /** Where the database as it was before the restore is kept (null: there was none). */
  previous: string | null;
  /** This app's migrations the restored database lacks; the server applies them at its next start. */
  pending: number;
}

function hasSqliteHeader(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    fs.closeSync(fd);
  }
}

/** The database file and its companions (write-ahead log, shared-memory index, rollback journal). */
function removeDatabaseFiles(file: string, { keepMain = false } = {}): void {
  for (const suffix of keepMain ? ['-wal', '-shm', '-journal'] : ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

function fsync(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const sqliteCode = (error: unknown): string => String((error as { code?: unknown })?.code ?? '');

async function copyPages(source: Database, destination: string): Promise<void> {
  await source.backup(destination, { progress: () => ALL_PAGES });
}

interface CheckedCopy {
  problems: string[];
  /** Applied migrations, oldest first; null: no knex_migrations table. */
  migrations: string[] | null;
  orders: number;
}

/** Makes `file` a self-contained (rollback-journal) database, runs the integrity check and reads what it holds. */
function checkCopy(file: string): CheckedCopy {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const problems = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length) return { problems, migrations: null, orders: 0 };
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    const migrations = tables.has('knex_migrations') ? (db.prepare('SELECT name FROM knex_migrations ORDER BY id').pluck().all() as string[]) : null;
    const orders = tables.has('orders') ? Number(db.prepare('SELECT COUNT(*) FROM orders').pluck().get()) : 0;
    return { problems, migrations, orders };
  } finally {
    db.close();
  }
}

async function appMigrations(): Promise<string[]> {
  return (await migrationSource.getMigrations([])).map((migration) => migrationSource.getMigrationName(migration));
}

/** Why `applied` is not this app's database (null: it is), and how many of the app's migrations it lacks. */
async function migrationVerdict(file: string, applied: string[] | null): Promise<{ problem: string | null; pending: number }> {
  const known = await appMigrations();
  if (applied === null || applied.length === 0)
    return { problem: `${file} is a SQLite database, but not this app's: it holds none of its migrations (no knex_migrations).`, pending: 0 };
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length === applied.length)
    return {
      problem: `${file} is a SQLite database, but not this app's: none of its migrations (${applied.slice(0, 2).join(', ')}${applied.length > 2 ? ', …' : ''}) is this app's.`,
      pending: 0,
    };
  if (unknown.length) {
    return {
      problem: `${file} is not a database of this version of the app: it holds migrations this version does not know (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}).`,
      pending: 0,
    };
  }
  return { problem: null, pending: known.filter((name) => !applied.includes(name)).length };
}

/** Copies the database in `sourceFile` to `destination` (which must not exist yet) while it may be in use. */
export async function backupSqlite(sourceFile: string, destination: string): Promise<CopySummary> {
  if (!fs.existsSync(sourceFile)) throw new BackupError(`There is no database at ${sourceFile}: nothing to back up (DATABASE_URL names the database).`);
  if (!hasSqliteHeader(sourceFile)) throw new BackupError(`${sourceFile} is not a SQLite database: nothing was backed up.`);
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists; backups are never overwritten. Name another file.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const temp = `${destination}.partial`;
  removeDatabaseFiles(temp);
  try {
    const source = new Database(sourceFile, { fileMustExist: true, timeout: 10_000 });
    try {
      await copyPages(source, temp);
    } finally {
      source.close();
    }
    let checked: CheckedCopy;
    try {
      checked = checkCopy(temp);
    } catch (error) {
      if (!sqliteCode(error).startsWith('SQLITE_')) throw error;
      checked = { problems: [(error as Error).message], migrations: null, orders: 0 };
    }
    if (checked.problems.length) {
      throw new BackupError(
        `The copy of ${sourceFile} fails SQLite's integrity check (${checked.problems.slice(0, 3).join('; ')}): the database itself may be damaged. No backup was written.`,
      );
    }
    fsync(temp);
    fs.renameSync(temp, destination);
    fsync(path.dirname(destination));
    return { file: destination, bytes: fs.statSync(destination).size, orders: checked.orders, schema: checked.migrations?.at(-1) ?? null };
  } finally {
    removeDatabaseFiles(temp);
  }
}

/**
 * Takes the target for the restore: an exclusive lock, which SQLite cannot get while any other
 * connection (a running server's, idle or not) has the WAL database open. Then keeps a copy of it.
 */
async function setAsidePrevious(target: string, now: Date): Promise<string> {
  const keep = defaultBackupPath(target, now, 'before-restore-');
  let db: Database | undefined;
  try {
    db = new Database(target, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db?.close();
    if (sqliteCode(error).startsWith('SQLITE_BUSY') || sqliteCode(error).startsWith('SQLITE_LOCKED')) {
      throw new BackupError(
        `${target} is in use by another process (a running server?). Stop the server — every process using this database — and restore again. ${NOTHING_CHANGED}`,
      );
    }
    if (sqliteCode(error) !== 'SQLITE_NOTADB' && sqliteCode(error) !== 'SQLITE_CORRUPT') throw error;
    fs.mkdirSync(path.dirname(keep), { recursive: true });
    fs.copyFileSync(target, keep); // not readable as a database: keep its bytes as they are
    return keep;
  }
  try {
    fs.mkdirSync(path.dirname(keep), { recursive: true });
    await copyPages(db, keep);
  } finally {
    db.close();
  }
  try {
    const copy = new Database(keep, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE'); // self-contained, as every backup
    copy.close();
  } catch {
    // a damaged database is kept as it is: that is what it was
  }
  return keep;
}

/** Replaces the database in `target` with the backup in `file`, checked first. */
export async function restoreSqlite(file: string, target: string, now = new Date()): Promise<RestoreSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}. ${NOTHING_CHANGED}`);
  if (!fs.statSync(file).isFile())
    throw new BackupError(`${file} is not a file; name a backup such as data/backups/app-${backupStamp(now)}.sqlite. ${NOTHING_CHANGED}`);
  if (fs.existsSync(target) && fs.realpathSync(file) === fs.realpathSync(target))
    throw new BackupError(`${file} is the database itself; name a backup file. ${NOTHING_CHANGED}`);
  if (!hasSqliteHeader(file)) throw new BackupError(`${file} is not a SQLite database (npm run db:backup writes .sqlite files). ${NOTHING_CHANGED}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.restoring-${process.pid}`;
  removeDatabaseFiles(temp);
  try {
    // A byte copy (with the file's write-ahead log, if one lies beside it), opened only as the
    // copy: nothing is written next to the backup.
    fs.copyFileSync(file, temp);
    if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${temp}-wal`);
    let checked: CheckedCopy;
    try {
      checked = checkCopy(temp);
    } catch (error) {
      if (!sqliteCode(error).startsWith('SQLITE_')) throw error;
      throw new BackupError(`${file} cannot be read as a SQLite database (${(error as Error).message}). ${NOTHING_CHANGED}`);
    }
    if (checked.problems.length)
      throw new BackupError(`${file} fails SQLite's integrity check (${checked.problems.slice(0, 3).join('; ')}). ${NOTHING_CHANGED}`);
    const verdict = await migrationVerdict(file, checked.migrations);
    if (verdict.problem) throw new BackupError(`${verdict.problem} ${NOTHING_CHANGED}`);

    const previous = fs.existsSync(target) ? await setAsidePrevious(target, now) : null;
    if (previous) fs.chmodSync(temp, fs.statSync(target).mode & 0o777);
    fsync(temp);
    removeDatabaseFiles(target, { keepMain: true }); // the old database's log must never be replayed into the new one
    fs.renameSync(temp, target);
    fsync(path.dirname(target));
    return {
      file: target,
      bytes: fs.statSync(target).size,
      orders: checked.orders,
      schema: checked.migrations?.at(-1) ?? null,
      previous,
      pending: verdict.pending,
    };
  } finally {
    removeDatabaseFiles(temp);
  }
}
