/**
 * Which shard owns a guild: Discord's formula `(guild_id >> 22) % shard_count` (the snowflake's
 * timestamp, modulo the count). Every guild's events and interactions reach only the owning shard, so one
 * channel's game is only ever changed by the process that runs that shard.
 */
export function shardOfGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** The shards one process runs, out of the whole bot's count. */
export interface ShardSet {
  readonly shardCount: number;
  readonly shardIds: readonly number[];
}

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
