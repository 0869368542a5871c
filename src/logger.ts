/**
 * One pino root logger. Children carry the ids of what is being handled (interaction, guild, channel,
 * user, game) so one line can be traced. The token never reaches a log line.
 */
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LogContext {
  interactionId?: string;
  guildId?: string | null;
  channelId?: string | null;
  userId?: string;
  gameId?: number;
}

const REDACT = [
  'token',
  'discordToken',
  '*.token',
  '*.discordToken',
  'config.discordToken',
  'headers.authorization',
  '*.headers.authorization',
  'interaction.token',
];

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** `destination` (JSON lines) is for tests; by default pretty or JSON lines go to stdout. */
export function createLogger(options: { level: string; format: 'json' | 'pretty' }, destination?: DestinationStream): Logger {
  const base = { level: options.level, redact: { paths: REDACT, censor: '[redacted]' } };
  if (destination !== undefined) return pino(base, destination);
  // pino-pretty is a development dependency: the production image logs JSON lines.
  if (options.format === 'pretty' && prettyAvailable()) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss' } } });
  }
  return pino(base);
}

export function childLogger(parent: Logger, context: LogContext): Logger {
  const bindings = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined && value !== null));
  return parent.child(bindings);
}
