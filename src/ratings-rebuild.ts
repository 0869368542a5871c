/**
 * `npm run ratings:rebuild [-- --guild <id>]`: rates every finished game again from the stored results and
 * replaces the stored skill ratings (src/ops/ratings-rebuild.ts). The database is found as the bot finds
 * it: DATABASE_URL or DATABASE_PATH, from the environment or .env in the current folder. Exit codes: 0
 * done, 1 failed, 2 not run (usage). In the Docker image: `docker exec <container> node
 * dist/src/ratings-rebuild.js`.
 */
import { commandDatabase } from './ops/command-database.js';
import { parseRebuildArgs, RATINGS_REBUILD_USAGE, rebuildRatings } from './ops/ratings-rebuild.js';

async function main(args: readonly string[]): Promise<number> {
  const parsed = parseRebuildArgs(args);
  if (!parsed.ok) {
    console.error(RATINGS_REBUILD_USAGE);
    return 2;
  }
  const configured = commandDatabase();
  if (!configured.ok) {
    console.error(configured.message);
    return 1;
  }
  const { database } = configured;
  const report = await rebuildRatings(database, parsed.guildId);
  const where = parsed.guildId === null ? `${report.servers} server(s)` : `server ${parsed.guildId}`;
  console.log(`Rebuilt the ratings from ${report.games} finished game(s): ${report.ratings} rating(s) in ${where}, in ${report.ms} ms.`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Rebuilding the ratings failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
