/**
 * Backup and restore of the database named by DATABASE_URL (default: data/app.sqlite).
 *
 *   npm run db:backup [DEST]    a consistent copy while the server runs (tsx scripts/db-backup.ts backup)
 *   npm run db:restore FILE     replace the database with a backup (tsx scripts/db-backup.ts restore)
 *
 * SQLite: db/sqlite-backup.ts. MySQL/MariaDB: mysqldump when installed, else the commands to run;
 * a restore prints the mysql commands (db/mysql-dump.ts). Exit code 0 only when the backup was
 * written or the database restored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDatabaseUrl } from '../db/connection-config';
import { BackupError, backupSqlite, defaultBackupPath, restoreSqlite } from '../db/sqlite-backup';
import { defaultDumpPath, dumpInstructions, findOnPath, restoreInstructions, runDump } from '../db/mysql-dump';

const USAGE = `Usage:
  npm run db:backup [DEST]   back up the database while the server may run, into DEST
                             (default: data/backups/app-<UTC time>.sqlite beside the database;
                             on MySQL/MariaDB a mysqldump file, data/backups/<database>-<UTC time>.sql)
  npm run db:restore FILE    replace the database with the backup FILE (SQLite; stop the server first)

The database is chosen by DATABASE_URL (sqlite:<file> or mysql://user:pass@host:port/db);
without it, data/app.sqlite is used.`;

/** A path the user typed: relative to the folder npm was run from. */
const userPath = (value: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value);

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** For commands to copy: relative to the project when inside it. */
const shown = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
};

function databaseFromEnv() {
  try {
    return parseDatabaseUrl(process.env.DATABASE_URL);
  } catch (error) {
    throw new BackupError(`DATABASE_URL: ${(error as Error).message}`);
  }
}

async function backup(destinationArg: string | undefined): Promise<number> {
  const database = databaseFromEnv();
  if (database.kind === 'mysql') {
    const connection = database.mysql!;
    const destination = destinationArg ? userPath(destinationArg) : path.resolve(defaultDumpPath(connection));
    const binary = findOnPath(['mysqldump', 'mariadb-dump']);
    if (!binary) {
      console.error(dumpInstructions(connection, shown(destination)));
      return 1;
    }
    console.log(
      `Dumping ${connection.database} on ${connection.host}:${connection.port} as ${connection.user} with ${path.basename(binary)} --single-transaction (a consistent snapshot; the app may keep writing)…`,
    );
    const dump = await runDump(binary, connection, destination);
    console.log(`Backed up MySQL database ${connection.database} to ${dump.file} (${size(dump.bytes)}).`);
    console.log(`Restore: npm run db:restore ${dump.file} prints the mysql commands.`);
    return 0;
  }
  if (database.filename === ':memory:') throw new BackupError('DATABASE_URL names an in-memory database: there is nothing on disk to back up.');
  const destination = destinationArg ? userPath(destinationArg) : defaultBackupPath(database.filename!);
  const summary = await backupSqlite(database.filename!, destination);
  console.log(
    `Backed up ${database.filename} to ${summary.file} (${size(summary.bytes)}, ${summary.orders} orders, schema ${summary.schema ?? 'none'}; integrity check ok).`,
  );
  console.log(`Restore it with the server stopped: npm run db:restore ${summary.file}`);
  return 0;
}

async function restore(fileArg: string | undefined): Promise<number> {
  if (!fileArg) {
    console.error('Name the backup to restore: npm run db:restore data/backups/app-<UTC time>.sqlite\n');
    console.error(USAGE);
    return 1;
  }
  const file = userPath(fileArg);
  const database = databaseFromEnv();
  if (database.kind === 'mysql') {
    if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}. Nothing was changed.`);
    console.error(restoreInstructions(database.mysql!, shown(file)));
    return 1;
  }
  if (database.filename === ':memory:') throw new BackupError('DATABASE_URL names an in-memory database: there is nothing on disk to restore into.');
  const summary = await restoreSqlite(file, database.filename!);
  console.log(`Restored ${file} into ${summary.file} (${summary.orders} orders, schema ${summary.schema}; integrity check ok).`);
  if (summary.previous) console.log(`The database as it was before is kept in ${summary.previous}.`);
  if (summary.pending) console.log(`The backup predates ${summary.pending} migration(s) of this version; the server applies them at its next start.`);
  console.log('Start the server again: npm start');
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, argument, extra] = argv;
  if (command === '--help' || command === '-h' || command === 'help' || argument === '--help' || argument === '-h') {
    console.log(USAGE);
    return 0;
  }
  if ((command !== 'backup' && command !== 'restore') || extra !== undefined) {
    console.error(
      command === 'backup' || command === 'restore' ? `Too many arguments.\n` : command ? `Unknown command "${command}".\n` : 'No command given.\n',
    );
    console.error(USAGE);
    return 1;
  }
  return command === 'backup' ? backup(argument) : restore(argument);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
