/**
 * Backup of a MySQL/MariaDB database (`npm run db:backup` with a mysql:// DATABASE_URL): the
 * server's own tool, `mysqldump --single-transaction` (one consistent InnoDB snapshot, no table
 * locks, so it is safe while the app writes), run when it is installed; otherwise — and for
 * restores, which this tool never performs on MySQL — the commands to run, with the connection
 * details from DATABASE_URL and the password never shown (`--password` asks for it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedDatabaseUrl } from './connection-config';
import { BackupError, backupStamp } from './sqlite-backup';

type MysqlConnection = NonNullable<ParsedDatabaseUrl['mysql']>;

const DUMP_OPTIONS = ['--single-transaction', '--routines', '--triggers', '--hex-blob', '--no-tablespaces', '--default-character-set=utf8mb4'];

/** data/backups/training-2026-11-26T13-45-00Z.sql */
export function defaultDumpPath(connection: MysqlConnection, now = new Date()): string {
  return path.join('data', 'backups', `${connection.database}-${backupStamp(now)}.sql`);
}

/** The first of `names` found as an executable on PATH. */
export function findOnPath(names: string[], searchPath = process.env.PATH ?? ''): string | null {
  for (const name of names) {
    for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

const shellQuote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/** Connection options for the mysql clients; the password is asked for, never written. */
function connectionArgs(connection: MysqlConnection): string[] {
  return [`--host=${connection.host}`, `--port=${connection.port}`, `--user=${connection.user}`, ...(connection.password ? ['--password'] : [])];
}

const passwordNote = (connection: MysqlConnection) =>
  connection.password ? `\n(--password asks for the password of ${connection.user} in DATABASE_URL: ***)` : '';

export function dumpCommand(connection: MysqlConnection, file: string): string {
  return ['mysqldump', ...DUMP_OPTIONS, ...connectionArgs(connection), connection.database].map(shellQuote).join(' ') + ` > ${shellQuote(file)}`;
}

/** What to run when mysqldump is not installed here. */
export function dumpInstructions(connection: MysqlConnection, file: string): string {
  return `mysqldump (or mariadb-dump) is not installed here, so no backup was made. Install the MySQL or MariaDB client (e.g. apt-get install mariadb-client) and run npm run db:backup again, or run on a machine that has it:\n\n  ${dumpCommand(connection, file)}${passwordNote(connection)}`;
}

/** How to load a dump: into the database recreated empty, so nothing newer than the dump is left behind. */
export function restoreInstructions(connection: MysqlConnection, file: string): string {
  const client = ['mysql', ...connectionArgs(connection)].map(shellQuote).join(' ');
  const name = connection.database.replace(/`/g, '``');
  const recreate = `DROP DATABASE IF EXISTS \`${name}\`; CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`;
  return [
    `Not restored: on MySQL/MariaDB, db:restore does not load a dump itself (loading is not atomic). Stop every server process using ${connection.database}, then run:`,
    '',
    `  ${client} -e ${shellQuote(recreate)}`,
    `  ${client} --default-character-set=utf8mb4 ${shellQuote(connection.database)} < ${shellQuote(file)}`,
    '',
    `and start the server again (it applies any newer migrations).${passwordNote(connection)}`,
  ].join('\n');
}

/** Runs `binary` (mysqldump or mariadb-dump) into `destination` (which must not exist yet). */
export async function runDump(binary: string, connection: MysqlConnection, destination: string): Promise<{ file: string; bytes: number }> {
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists; backups are never overwritten. Name another file.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const temp = `${destination}.partial`;
  const out = fs.openSync(temp, 'w', 0o600);
  let stderr = '';
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(binary, [...DUMP_OPTIONS, ...connectionArgs(connection).filter((arg) => arg !== '--password'), connection.database], {
        env: { ...process.env, MYSQL_PWD: connection.password },
        stdio: ['ignore', out, 'pipe'],
      });
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      child.once('error', reject);
      child.once('close', resolve);
    });
    fs.fsyncSync(out);
    fs.closeSync(out);
    const tail = readTail(temp);
    if (code !== 0 || !/-- Dump completed/.test(tail)) {
      throw new BackupError(`${path.basename(binary)} failed (exit ${code}); no backup was written.\n${stderr.trim()}`);
    }
    fs.renameSync(temp, destination);
    return { file: destination, bytes: fs.statSync(destination).size };
  } finally {
    try {
      fs.closeSync(out);
    } catch {
      // closed already
    }
    fs.rmSync(temp, { force: true });
  }
}

function readTail(file: string): string {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(size, 512));
    fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}
