/**
 * Rebuilding the skill ratings from the stored results, for the operator's command
 * `npm run ratings:rebuild [-- --guild <id>]` (src/ratings-rebuild.ts). Every finished game is rated
 * again, in the order the games finished, and the stored ratings are replaced in one transaction
 * (see RatingRepository.rebuild): for after an update that changes how games are rated, for the games
 * finished before ratings existed, or to repair a damaged rating.
 */
import { openConfiguredDatabase, storeOn, type DatabaseChoice } from '../persistence/open-store.js';

export const RATINGS_REBUILD_USAGE = 'Usage: npm run ratings:rebuild [-- --guild <server id>]   (rates every finished game again from the stored results and replaces the stored ratings; all servers, or one)';

export type RebuildArgs = { readonly ok: true; readonly guildId: string | null } | { readonly ok: false };

/** The command's arguments: nothing (every server) or `--guild <id>` (a Discord server id). */
export function parseRebuildArgs(args: readonly string[]): RebuildArgs {
  if (args.length === 0) return { ok: true, guildId: null };
  if (args.length === 2 && args[0] === '--guild' && /^[0-9]{1,20}$/.test(args[1] ?? '')) return { ok: true, guildId: args[1] as string };
  return { ok: false };
}

export interface RebuildReport {
  readonly games: number;
  readonly ratings: number;
  readonly servers: number;
  readonly ms: number;
}

/**
 * Opens the database as the bot does (applying its migrations), rebuilds the ratings of one server or of
 * all, and closes it.
 */
export async function rebuildRatings(database: DatabaseChoice, guildId: string | null): Promise<RebuildReport> {
  const began = performance.now();
  const opened = await openConfiguredDatabase(database);
  const store = storeOn(opened);
  try {
    const result = await store.ratings.rebuild(guildId);
    return { games: result.games, ratings: result.ratings.length, servers: new Set(result.ratings.map((r) => r.guildId)).size, ms: Math.round(performance.now() - began) };
  } finally {
    // Closes the database under it too.
    await store.close();
  }
}
