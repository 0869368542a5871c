/**
 * The bot's configuration, read once from the environment and validated. A missing or malformed value
 * becomes one clear sentence that says what to set; the caller prints it and exits.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord id (17–20 digits)');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Discord's limit is far above this; a bot needs one shard per 2,500 servers. */
const MAX_SHARDS = 1024;

const METRICS_PORT_ERROR = 'must be a port number from 0 to 65535 (0: any free port, logged at start-up)';
const METRICS_HOST_ERROR = 'must be an IP address such as 127.0.0.1 or 0.0.0.0, or a host name';

const SHARD_COUNT_ERROR = `must be auto or a whole number from 1 to ${MAX_SHARDS}`;

/** SHARD_IDS: "0,2,5" or ranges "0-3,8"; ids in order without repeats. */
const shardIds = z
  .string()
  .regex(/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/, 'must list shard ids such as 0,1 or 0-3')
  .transform((text, context) => {
    const ids = new Set<number>();
    for (const part of text.split(',')) {
      const [from, to = from] = part.split('-').map((n) => Number(n.trim())) as [number, number?];
      if (to < from) context.addIssue({ code: 'custom', message: `has a range that runs backwards (${part.trim()})` });
      else if (to >= MAX_SHARDS) context.addIssue({ code: 'custom', message: `has shard ${to}, beyond the ${MAX_SHARDS} shards this bot supports` });
      else for (let id = from; id <= to; id++) ids.add(id);
    }
    return [...ids].sort((a, b) => a - b);
  });

const schema = z.object({
  DISCORD_TOKEN: z
    .string({ error: 'is not set' })
    .trim()
    .min(1, 'is empty')
    .regex(/^[\w.-]+$/, 'does not look like a bot token'),
  DISCORD_APP_ID: snowflake.optional(),
  DEV_GUILD_ID: snowflake.optional(),
  DATABASE_PATH: z.string().trim().min(1).default('./data/bazaar.db'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  DISCORD_API_BASE_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:8080/api' }).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a PostgreSQL connection string such as postgres://bazaar:secret@db.example:5432/bazaar' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int('must be a whole number from 1 to 100')
    .min(1, 'must be a whole number from 1 to 100')
    .max(100, 'must be a whole number from 1 to 100')
    .default(10),
  SHARD_COUNT: z
    .union([z.literal('auto'), z.coerce.number().int(SHARD_COUNT_ERROR).min(1, SHARD_COUNT_ERROR).max(MAX_SHARDS, SHARD_COUNT_ERROR)], { error: SHARD_COUNT_ERROR })
    .default(1),
  SHARD_IDS: shardIds.optional(),
  RENDER_WORKERS: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64').optional(),
  METRICS_PORT: z.coerce.number({ error: METRICS_PORT_ERROR }).int(METRICS_PORT_ERROR).min(0, METRICS_PORT_ERROR).max(65_535, METRICS_PORT_ERROR).optional(),
  METRICS_HOST: z.union([z.ipv4(), z.ipv6(), z.hostname()], { error: METRICS_HOST_ERROR }).optional(),
  RENDER_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(100, 'must be at least 100').max(120_000, 'must be at most 120000').default(10_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(0, 'must be at least 0').max(600_000, 'must be at most 600000').default(10_000),
});

export interface Config {
  readonly discordToken: string;
  /** Derived from the token when not set (the token's first part is the application id). */
  readonly discordAppId: string;
  readonly devGuildId: string | undefined;
  readonly databasePath: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly logFormat: 'json' | 'pretty';
  /** Only for tests and local tools (the fake Discord, the playground). */
  readonly discordApiBaseUrl: string | undefined;
  /** A PostgreSQL connection string: the shared store of several machines. Unset: the SQLite file. */
  readonly databaseUrl: string | undefined;
  /** Connections each process keeps open to PostgreSQL. */
  readonly databasePoolSize: number;
  /** Shards of the whole bot (all processes and machines); 'auto' takes Discord's recommendation. */
  readonly shardCount: number | 'auto';
  /** The shard ids this process runs; 'all' = every shard of shardCount. */
  readonly shardIds: readonly number[] | 'all';
  /** Worker threads that draw the board pictures (default: one per core; they yield to the event loop). */
  readonly renderWorkers: number;
  /** A board picture not drawn within this time is given up (the board is posted without it). */
  readonly renderTimeoutMs: number;
  /** How long a stop (SIGTERM, SIGINT) waits for interactions and deliveries in flight. */
  readonly shutdownTimeoutMs: number;
  /**
   * The operator's HTTP listener (/health, /metrics): where it listens, or undefined when METRICS_PORT is
   * not set (nothing listens). Port 0 takes any free port.
   */
  readonly metrics: { readonly host: string; readonly port: number } | undefined;
}

const HINTS: Record<string, string> = {
  DISCORD_TOKEN:
    'Set DISCORD_TOKEN to your bot token (Discord Developer Portal -> your application -> Bot -> Reset Token), for example in .env (see .env.example). No Discord application yet? Try the bot locally with: npm run playground',
  DISCORD_APP_ID: 'Set DISCORD_APP_ID to your application id (Developer Portal -> General Information -> Application ID)',
  DEV_GUILD_ID: 'Set DEV_GUILD_ID to a server id, or remove it',
  DATABASE_PATH: 'Set DATABASE_PATH to a file path, or remove it to use ./data/bazaar.db',
  // The values are in the error itself ("must be one of ..."): the hint gives the way out, not the list again.
  LOG_LEVEL: 'Or remove LOG_LEVEL to log at info',
  LOG_FORMAT: 'Or remove LOG_FORMAT to use pretty (json when NODE_ENV=production)',
  DISCORD_API_BASE_URL: 'Remove DISCORD_API_BASE_URL (it is only for tests and local tools)',
  DATABASE_URL: 'Set DATABASE_URL to postgres://user:password@host:5432/database, or remove it to use the SQLite file',
  DATABASE_POOL_SIZE: 'Set DATABASE_POOL_SIZE to the PostgreSQL connections per process (default 10), or remove it',
  SHARD_COUNT: 'Set SHARD_COUNT to the number of shards of the whole bot, or auto, or remove it for one shard',
  SHARD_IDS: 'Set SHARD_IDS to the shard ids this process runs (such as 0,1 or 0-3), or remove it to run all',
  RENDER_WORKERS: 'Set RENDER_WORKERS to the number of threads that draw boards (1 or more), or remove it to use one per core',
  METRICS_PORT: 'Set METRICS_PORT to the port of the /health and /metrics listener (such as 9464), or remove it to listen nowhere',
  METRICS_HOST: 'Set METRICS_HOST to the address the /health and /metrics listener binds to, or remove it to use 127.0.0.1 (this machine only)',
  RENDER_TIMEOUT_MS: 'Set RENDER_TIMEOUT_MS to the milliseconds a board picture may take (100 to 120000), or remove it to use 10000',
  SHUTDOWN_TIMEOUT_MS: 'Set SHUTDOWN_TIMEOUT_MS to the milliseconds a stop waits for work in flight (0 to 600000), or remove it to use 10000',
};

/**
 * One per core: the workers draw at a lower priority than the event loop (src/app/workers/thread-priority.ts),
 * so they take every core it leaves idle and yield the moment it has work.
 */
export function defaultRenderWorkers(): number {
  return Math.max(1, os.availableParallelism());
}

/** The operator's listener answers on this machine only unless METRICS_HOST says otherwise. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The application id is the base64 first segment of a bot token. */
function appIdFromToken(token: string): string | undefined {
  const first = token.split('.')[0];
  if (!first) return undefined;
  const decoded = Buffer.from(first, 'base64').toString('utf8');
  return /^\d{17,20}$/.test(decoded) ? decoded : undefined;
}

/** Parses `env` with `parser`; the first problem becomes a ConfigError naming the variable and the way out. */
function parseEnv<T>(parser: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  // An empty line in .env ("DEV_GUILD_ID=") means "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = parser.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new ConfigError(`Configuration: ${name} ${issue?.message ?? 'is invalid'}. ${HINTS[name] ?? ''}`.trim());
  }
  return parsed.data;
}

/** Which database the bot uses, read as the bot reads it, without the rest (tools such as `npm run backup` need no token). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv): Pick<Config, 'databasePath' | 'databaseUrl' | 'databasePoolSize'> {
  const values = parseEnv(schema.pick({ DATABASE_PATH: true, DATABASE_URL: true, DATABASE_POOL_SIZE: true }), env);
  return { databasePath: path.resolve(values.DATABASE_PATH), databaseUrl: values.DATABASE_URL, databasePoolSize: values.DATABASE_POOL_SIZE };
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const values = parseEnv(schema, env);
  const appId = values.DISCORD_APP_ID ?? appIdFromToken(values.DISCORD_TOKEN);
  if (appId === undefined) {
    throw new ConfigError(`Configuration: DISCORD_APP_ID is not set and cannot be read from the token. ${HINTS.DISCORD_APP_ID}`);
  }
  const shardCount = values.SHARD_COUNT;
  if (values.SHARD_IDS !== undefined && shardCount !== 'auto') {
    const outside = values.SHARD_IDS.find((id) => id >= shardCount);
    if (outside !== undefined) {
      throw new ConfigError(`Configuration: SHARD_IDS has shard ${outside}, but SHARD_COUNT is ${shardCount} (ids run from 0 to ${shardCount - 1}). ${HINTS.SHARD_IDS}`);
    }
  }
  if (values.SHARD_IDS !== undefined && shardCount === 'auto') {
    throw new ConfigError(`Configuration: SHARD_IDS needs a fixed SHARD_COUNT (with auto the count is Discord's and may change). ${HINTS.SHARD_COUNT}`);
  }
  if (values.METRICS_HOST !== undefined && values.METRICS_PORT === undefined) {
    throw new ConfigError(`Configuration: METRICS_HOST is set but METRICS_PORT is not, so nothing would listen. ${HINTS.METRICS_PORT}`);
  }
  return {
    discordToken: values.DISCORD_TOKEN,
    discordAppId: appId,
    devGuildId: values.DEV_GUILD_ID,
    databasePath: path.resolve(values.DATABASE_PATH),
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    discordApiBaseUrl: values.DISCORD_API_BASE_URL,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    shardCount,
    shardIds: values.SHARD_IDS ?? 'all',
    renderWorkers: values.RENDER_WORKERS ?? defaultRenderWorkers(),
    renderTimeoutMs: values.RENDER_TIMEOUT_MS,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    metrics: values.METRICS_PORT === undefined ? undefined : { host: values.METRICS_HOST ?? DEFAULT_METRICS_HOST, port: values.METRICS_PORT },
  };
}
