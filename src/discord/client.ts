/**
 * Builds the discord.js client the bot runs on. Slash commands and components need only the Guilds
 * intent (interactions arrive regardless of intents); no privileged intent is requested.
 *
 * `apiBaseUrl` points REST (and through GET /gateway/bot the gateway) somewhere other than Discord: the
 * fake Discord in tests, the playground locally. It takes the form discord.js expects for `rest.api`,
 * e.g. http://127.0.0.1:8080/api (requests go to <apiBaseUrl>/v10/...).
 */
import { Client, GatewayIntentBits, REST, RESTEvents, Routes, type APIGatewayBotInfo, type ClientOptions } from 'discord.js';
import { SINGLE_SHARD, type ShardSet } from '../sharding.js';

export interface DiscordClientOptions {
  token: string;
  /** REST base, without the version (default: Discord's). */
  apiBaseUrl?: string;
  /**
   * REST tuning. With `apiBaseUrl` set the defaults suit a local server: no global request cap
   * (Infinity), a 10 s timeout (a loaded test machine can be slow; the fake answers unknown routes at once)
   * and no retries.
   */
  rest?: { globalRequestsPerSecond?: number; timeout?: number; retries?: number };
  /** Extra intents on top of Guilds. */
  intents?: readonly GatewayIntentBits[];
  /** The shards this client connects (default: the only one). */
  shards?: ShardSet;
}

/**
 * REST against Discord, set deliberately (discord.js's own retry logic, nothing home-made):
 * - timeout 8 s (discord.js's default is 15 s): an acknowledgement must reach Discord within 3 s anyway,
 *   and a board post that hangs longer is better retried than waited for;
 * - 1 retry on a 5xx or a timeout (default 3). Each kind of call is safe to repeat: a repeated interaction
 *   acknowledgement is answered 40060 "already acknowledged", which the router counts as acknowledged
 *   (never a second one of its own); a repeated channel post carries the outbox's nonce with
 *   enforce_nonce, so Discord returns the first message; edits are idempotent. Beyond that one retry, the
 *   outbox tries again later with growing delays.
 * - 429s are waited out by discord.js whatever `retries` says.
 */
export const DISCORD_REST_TIMEOUT_MS = 8_000;
export const DISCORD_REST_RETRIES = 1;

export function createDiscordClient(options: DiscordClientOptions): Client {
  const local = options.apiBaseUrl !== undefined;
  const rest: NonNullable<ClientOptions['rest']> = {
    ...(local
      ? {
          api: options.apiBaseUrl,
          globalRequestsPerSecond: options.rest?.globalRequestsPerSecond ?? Infinity,
          timeout: options.rest?.timeout ?? 10_000,
          retries: options.rest?.retries ?? 0,
        }
      : {
          ...(options.rest?.globalRequestsPerSecond !== undefined ? { globalRequestsPerSecond: options.rest.globalRequestsPerSecond } : {}),
          timeout: options.rest?.timeout ?? DISCORD_REST_TIMEOUT_MS,
          retries: options.rest?.retries ?? DISCORD_REST_RETRIES,
        }),
  };
  const shards = options.shards ?? SINGLE_SHARD;
  const client = withoutShardEnvironment(
    () =>
      new Client({
        intents: [GatewayIntentBits.Guilds, ...(options.intents ?? [])],
        rest,
        shards: [...shards.shardIds],
        shardCount: shards.shardCount,
      }),
  );
  // Lets `client.login()` run without repeating the token, and REST work before login (command registration).
  client.token = options.token;
  client.rest.setToken(options.token);
  exemptInteractionEndpoints(client.rest, rest);
  return client;
}

/**
 * Discord does not count the interaction endpoints (an interaction's answer, and its webhook: the edits of
 * the answer, follow-ups) against the bot's global rate limit; discord.js counts every request against its
 * own throttle of that limit, so a bot answering many clicks would hold itself back for requests Discord
 * never counts. Those are the requests discord.js sends without the bot's token: they go through a REST
 * manager of their own, with the same settings but no global throttle (their routes' own limits still
 * apply), whose events are heard on the client's.
 */
function exemptInteractionEndpoints(counted: REST, options: NonNullable<ClientOptions['rest']>): void {
  const exempt = new REST({ ...options, globalRequestsPerSecond: Infinity });
  // The events, as they are (discord.js types each event's arguments; they are passed on unread).
  const heard = counted as unknown as NodeJS.EventEmitter;
  for (const event of Object.values(RESTEvents)) exempt.on(event, (...args: unknown[]) => heard.emit(event, ...args));
  const queueCounted = counted.queueRequest.bind(counted);
  counted.queueRequest = (request) => (request.auth === false ? exempt.queueRequest(request) : queueCounted(request));
}

/**
 * discord.js reads SHARD_COUNT and SHARDS from the environment (as its ShardingManager passes them to its
 * children) whenever the options hold its defaults, e.g. shardCount 1: SHARD_COUNT=auto, our own setting,
 * would become NaN and stop the client. The shards are given explicitly, so it must not see those.
 */
function withoutShardEnvironment<T>(build: () => T): T {
  const saved = { SHARD_COUNT: process.env.SHARD_COUNT, SHARDS: process.env.SHARDS };
  delete process.env.SHARD_COUNT;
  delete process.env.SHARDS;
  try {
    return build();
  } finally {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
  }
}

/** Discord's recommended shard count for the bot (GET /gateway/bot), for SHARD_COUNT=auto. */
export async function recommendedShardCount(options: Pick<DiscordClientOptions, 'token' | 'apiBaseUrl'>): Promise<number> {
  const rest = new REST({ ...(options.apiBaseUrl !== undefined ? { api: options.apiBaseUrl } : {}), timeout: DISCORD_REST_TIMEOUT_MS, retries: DISCORD_REST_RETRIES }).setToken(options.token);
  const info = (await rest.get(Routes.gatewayBot())) as APIGatewayBotInfo;
  return info.shards;
}
