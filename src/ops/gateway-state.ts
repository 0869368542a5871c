/**
 * How the discord.js client's gateway connections stand, shard by shard, for the health check and the
 * metrics. A shard this process runs that the client has not started yet (before login) counts as idle.
 */
import { Status, type Client } from 'discord.js';

/** discord.js's shard statuses, by the names the metrics and the health check use. */
export const SHARD_STATES = ['ready', 'connecting', 'reconnecting', 'idle', 'nearly', 'disconnected', 'waiting_for_guilds', 'identifying', 'resuming'] as const;
export type ShardStateName = (typeof SHARD_STATES)[number];

const BY_STATUS: Record<Status, ShardStateName> = {
  [Status.Ready]: 'ready',
  [Status.Connecting]: 'connecting',
  [Status.Reconnecting]: 'reconnecting',
  [Status.Idle]: 'idle',
  [Status.Nearly]: 'nearly',
  [Status.Disconnected]: 'disconnected',
  [Status.WaitingForGuilds]: 'waiting_for_guilds',
  [Status.Identifying]: 'identifying',
  [Status.Resuming]: 'resuming',
};

export interface ShardState {
  readonly id: number;
  readonly state: ShardStateName;
  /** The last heartbeat's round trip in milliseconds (-1: none yet). */
  readonly pingMs: number;
}

/** Each shard of `shardIds` (the shards this process runs), as the client sees it now. */
export function shardStates(client: Client, shardIds: readonly number[]): ShardState[] {
  return shardIds.map((id) => {
    const shard = client.ws.shards.get(id);
    if (shard === undefined) return { id, state: 'idle', pingMs: -1 };
    return { id, state: BY_STATUS[shard.status] ?? 'idle', pingMs: shard.ping };
  });
}

/** Null when every shard is ready; else why the gateway is not connected, in a few words. */
export function gatewayProblem(shards: readonly ShardState[]): string | null {
  if (shards.length === 0) return 'this process runs no shard';
  const notReady = shards.filter((s) => s.state !== 'ready');
  if (notReady.length === 0) return null;
  return notReady.map((s) => `shard ${s.id} is ${s.state.replaceAll('_', ' ')}`).join(', ');
}
