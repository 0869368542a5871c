/**
 * Which shard owns a guild: Discord's formula `(guild_id >> 22) % shard_count` (the snowflake's
 * timestamp, modulo the count), and which shards this process runs.
 *
 * Why one channel's game is only ever changed by one process: a channel belongs to one guild, and a guild
 * to one shard. Discord sends a guild's interactions only to the session of the shard that owns it, and a
 * process takes only its own guilds' scheduled jobs, deliveries and start-up checks (the SQL filter in
 * persistence/shard-filter.ts). So every change to a channel's game starts in the one process that runs the
 * guild's shard, where the per-game lock (GameService.lockedGame) puts them in a row. Two processes could
 * only meet on one game while ownership moves: a killed shard's lease not yet run out, or a restart with a
 * different SHARD_COUNT while old processes still run. For those moments the optimistic version check
 * stays the last guard: a write that did not see the newest version changes nothing (stale_version).
 */

/** The shard that owns the guild (the id's timestamp part, modulo the count; exact beyond 2^53). */
export function shardOfGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** The shards one process runs, out of the whole bot's count. */
export interface ShardSet {
  readonly shardCount: number;
  readonly shardIds: readonly number[];
}

/** One process running the only shard: today's single-process bot. */
export const SINGLE_SHARD: ShardSet = { shardCount: 1, shardIds: [0] };

/** Does this process run the guild's shard? */
export function runsGuild(shards: ShardSet, guildId: string): boolean {
  return shards.shardIds.includes(shardOfGuild(guildId, shards.shardCount));
}

/** Does the process run every shard (so no row needs filtering by guild)? */
export function runsAllShards(shards: ShardSet): boolean {
  const ids = new Set(shards.shardIds);
  for (let id = 0; id < shards.shardCount; id++) if (!ids.has(id)) return false;
  return true;
}

/**
 * The shards this process runs, from SHARD_COUNT (a number, or 'auto': Discord's recommendation, asked
 * for only then) and SHARD_IDS ('all', or the ids of this process).
 */
export async function resolveShards(
  config: { readonly shardCount: number | 'auto'; readonly shardIds: readonly number[] | 'all' },
  recommendedShardCount: () => Promise<number>,
): Promise<ShardSet> {
  const shardCount = config.shardCount === 'auto' ? await recommendedShardCount() : config.shardCount;
  if (!Number.isInteger(shardCount) || shardCount < 1) throw new Error(`Discord recommended ${String(shardCount)} shards, which is not a shard count`);
  const shardIds = config.shardIds === 'all' ? Array.from({ length: shardCount }, (_, id) => id) : [...config.shardIds];
  return { shardCount, shardIds };
}

/**
 * The name a process's deliverer writes into the deliveries it holds. A restarted process takes back at
 * once what its predecessor of the same name held, so the name must be the same for the same shards and
 * differ between processes that run different shards ('bazaar' alone when one process runs them all).
 */
export function delivererName(shards: ShardSet): string {
  return runsAllShards(shards) ? 'bazaar' : `bazaar shards ${shards.shardIds.join(',')} of ${shards.shardCount}`;
}
