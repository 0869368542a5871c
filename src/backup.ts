/**
 * `npm run backup -- <file> [--force]`: a consistent copy of the bot's SQLite database, taken while the
 * bot runs (src/ops/backup.ts). The database is found as the bot finds it: DATABASE_PATH from the
 * environment or .env in the current folder. With DATABASE_URL (PostgreSQL) there is nothing to copy
 * here: pg_dump is the way, and this says so. Exit codes: 0 done, 1 failed, 2 not run (usage, PostgreSQL).
 * In the Docker image: `docker exec <container> node dist/src/backup.js /data/backups/bazaar.db`.
 */
import { commandDatabase } from './ops/command-database.js';
import { BackupError, backupSqlite } from './ops/backup.js';
import { describeConnection } from './persistence/postgres/database.js';

const USAGE = 'Usage: npm run backup -- <file> [--force]   (a consistent copy of the SQLite database while the bot runs; --force replaces an existing file)';

async function main(args: readonly string[]): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const configured = commandDatabase();
  if (!configured.ok) {
    console.error(configured.message);
    return 1;
  }
  const { database } = configured;
  if (database.databaseUrl !== undefined) {
    console.error(
      `DATABASE_URL is set: the bot's database is PostgreSQL (${describeConnection(database.databaseUrl)}), which this command does not copy. ` +
        'Back it up with pg_dump, which takes a consistent snapshot while the bot runs, e.g. pg_dump --format=custom --file=bazaar.dump "$DATABASE_URL" (restore with pg_restore).',
    );
    return 2;
  }
  try {
    const result = await backupSqlite(database.databasePath, files[0] as string, { force });
    const size = result.bytes >= 1024 * 1024 ? `${(result.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(result.bytes / 1024)} kB`;
    console.log(`Backed up ${database.databasePath} to ${result.file}: ${result.games} games, ${size}, integrity check ok, in ${result.ms} ms.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`Backup: ${error.message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
