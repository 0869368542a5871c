/**
 * "The guild of this row belongs to one of my shards", as SQL, for the claims of a process that runs only
 * some shards (a process runs only its own guilds' jobs and deliveries). Guild ids are snowflakes kept as
 * text; both databases compute Discord's `(guild_id >> 22) % shard_count` on the 64-bit integer.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { runsAllShards, type ShardSet } from '../sharding.js';

function onShards(guildIdAsInteger: SQL, shards: ShardSet): SQL | undefined {
  if (runsAllShards(shards)) return undefined;
  if (shards.shardIds.length === 0) return sql`false`;
  const ids = sql.join(
    shards.shardIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`((${guildIdAsInteger} >> 22) % ${shards.shardCount}) in (${ids})`;
}

/** SQLite: undefined when the process runs every shard (no condition needed). */
export function guildOnShardsSqlite(guildId: SQLWrapper, shards: ShardSet): SQL | undefined {
  return onShards(sql`cast(${guildId} as integer)`, shards);
}

/** PostgreSQL: undefined when the process runs every shard (no condition needed). */
export function guildOnShardsPostgres(guildId: SQLWrapper, shards: ShardSet): SQL | undefined {
  return onShards(sql`cast(${guildId} as bigint)`, shards);
}
