/**
 * The bot's configuration, read once from the environment and validated. A missing or malformed value
 * becomes one clear sentence that says what to set; the caller prints it and exits.
 */
import path from 'node:path';
import { z } from 'zod';

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord id (17–20 digits)');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
}

const HINTS: Record<string, string> = {
  DISCORD_TOKEN:
    'Set DISCORD_TOKEN to your bot token (Discord Developer Portal -> your application -> Bot -> Reset Token), for example in .env (see .env.example). No Discord application yet? Try the bot locally with: npm run playground',
  DISCORD_APP_ID: 'Set DISCORD_APP_ID to your application id (Developer Portal -> General Information -> Application ID)',
  DEV_GUILD_ID: 'Set DEV_GUILD_ID to a server id, or remove it',
  DATABASE_PATH: 'Set DATABASE_PATH to a file path, or remove it to use ./data/bazaar.db',
  LOG_LEVEL: 'Set LOG_LEVEL to one of fatal, error, warn, info, debug, trace, silent',
  LOG_FORMAT: 'Set LOG_FORMAT to json or pretty, or remove it',
  DISCORD_API_BASE_URL: 'Remove DISCORD_API_BASE_URL (it is only for tests and local tools)',
};

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

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty line in .env ("DEV_GUILD_ID=") means "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new ConfigError(`Configuration: ${name} ${issue?.message ?? 'is invalid'}. ${HINTS[name] ?? ''}`.trim());
  }
  const values = parsed.data;
  const appId = values.DISCORD_APP_ID ?? appIdFromToken(values.DISCORD_TOKEN);
  if (appId === undefined) {
    throw new ConfigError(`Configuration: DISCORD_APP_ID is not set and cannot be read from the token. ${HINTS.DISCORD_APP_ID}`);
  }
  return {
    discordToken: values.DISCORD_TOKEN,
    discordAppId: appId,
    devGuildId: values.DEV_GUILD_ID,
    databasePath: path.resolve(values.DATABASE_PATH),
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    discordApiBaseUrl: values.DISCORD_API_BASE_URL,
  };
}
