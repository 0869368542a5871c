/**
 * What route handlers and actors share: the world, the clock, the gateway and the resolved options.
 */
import type { FakeClock } from './clock.js';
import type { Gateway } from './gateway.js';
import type { InteractionRecord, World } from './world.js';

export interface ResolvedOptions {
  token: string;
  /** How long the bot has for the initial interaction response (Discord: 3 s). */
  responseWindowMs: number;
  /** How long an interaction token works for edits and follow-ups (Discord: 15 min). */
  tokenLifetimeMs: number;
  /** Largest upload accepted, also sent to the bot as `attachment_size_limit` (Discord: 10 MiB). */
  maxFileSize: number;
  heartbeatIntervalMs: number;
  privilegedIntents: number;
  /** GET /gateway/bot: recommended shard count and session_start_limit.max_concurrency. */
  recommendedShards: number;
  maxConcurrency: number;
  /** More guilds on one shard: IDENTIFY closes with 4011 Sharding required. */
  maxGuildsPerShard: number;
  /** Counted requests a bot token may make a second (Discord's global rate limit: 50). */
  globalRateLimit: number;
}

export interface Core {
  world: World;
  clock: FakeClock;
  gateway: Gateway;
  options: ResolvedOptions;
  interactionsByToken: Map<string, InteractionRecord>;
  /** REST traffic from the bot, for "wait until the bot is quiet" (performance.now() times). */
  activity: { inflight: number; lastAt: number };
}
