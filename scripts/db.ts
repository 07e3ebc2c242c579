/**
 * Database commands, on the database named by DATABASE_URL (default: data/app.sqlite).
 *
 *   npm run db:migrate   run pending migrations (tsx scripts/db.ts migrate)
 *   npm run db:seed      migrate, then insert or refresh the demo catalogue
 */
import { openDatabase, migrateToLatest } from '../db/knex';
import { seedDemoCatalogue } from '../db/seeds/demo-catalogue';
// The CLI is a script, not db/ library code, so it may use the API's HTML allow-list: seeded
// rich text is stored through the same sanitizer as anything an editor writes.
import { sanitizeRichText } from '../api/lib/sanitize-html';

const USAGE = `Usage: tsx db/cli.ts <command>

Commands:
  migrate   run pending database migrations
  seed      run migrations, then insert or refresh the demo catalogue

The database is chosen by DATABASE_URL (sqlite:<file> or mysql://user:pass@host:port/db);
without it, data/app.sqlite is used.`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'migrate' && command !== 'seed') {
    console.error(command ? `Unknown command "${command}".\n` : 'No command given.\n');
    console.error(USAGE);
    return 1;
  }

  const db = openDatabase(process.env.DATABASE_URL);
  try {
    await migrateToLatest(db.knex);
    console.log(`Migrations applied; schema version ${await db.knex.migrate.currentVersion()} (${db.kind}).`);
    if (command === 'seed') {
      const counts = await seedDemoCatalogue(db.knex, { sanitize: sanitizeRichText });
      console.log(`Seeded the demo catalogue: ${counts.instructors} instructors, ${counts.courses} courses, ${counts.pricingTiers} pricing tiers.`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
