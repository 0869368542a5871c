/**
 * One pino root logger. Children carry the ids of what is being handled (interaction, guild, channel,
 * user, game) so one line can be traced. Nothing secret or huge reaches a log line: the bot token,
 * interaction tokens (they sit in interaction and webhook URLs: whoever holds one can answer as the bot
 * for 15 minutes), request bodies (a player's private panel) and binary payloads (a board PNG is logged as
 * its size). Every logged value passes through `safeForLog`.
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

/** Interaction and webhook URLs carry a token after the id; a bot token has three dot-separated parts. */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/(\/interactions\/\d+\/)[^/?\s"']+/g, '$1[redacted]'],
  [/(\/webhooks\/\d+\/)[^/?\s"']+/g, '$1[redacted]'],
  [/\b(Bot|Bearer)\s+[\w.-]{20,}/g, '$1 [redacted]'],
  [/\b[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}\b/g, '[redacted]'],
];

export function scrubSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** The longest string a log line carries for one value. */
const MAX_STRING = 2_000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;
/** Keys whose values are never logged: request bodies and the files they carry. */
const BODY_KEYS = new Set(['requestBody', 'body', 'files', 'payload_json', 'data']);

function byteLength(value: unknown): number | null {
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  return null;
}

function bodySummary(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  const bytes = byteLength(value);
  if (bytes !== null) return `[binary, ${bytes} bytes]`;
  if (typeof value === 'string') return `[body, ${value.length} characters]`;
  const files = (value as { files?: unknown }).files;
  const count = Array.isArray(files) ? files.length : 0;
  return `[body not logged${count > 0 ? `, ${count} file(s)` : ''}]`;
}

/** A copy of `value` fit for a log line: secrets scrubbed, bodies and bytes summarised, sizes bounded. */
export function safeForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    const scrubbed = scrubSecrets(value);
    return scrubbed.length > MAX_STRING ? `${scrubbed.slice(0, MAX_STRING)}… [${scrubbed.length} characters]` : scrubbed;
  }
  if (value === null || typeof value !== 'object') return value;
  const bytes = byteLength(value);
  if (bytes !== null) return `[binary, ${bytes} bytes]`;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => safeForLog(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`);
    return items;
  }
  const out: Record<string, unknown> = {};
  if (value instanceof Error) {
    out.type = value.name;
    out.message = safeForLog(value.message, depth + 1);
    if (value.stack !== undefined) out.stack = safeForLog(value.stack.slice(0, MAX_STRING), depth + 1);
  }
  for (const [key, v] of Object.entries(value)) {
    if (key === 'stack' || key === 'message') continue;
    out[key] = BODY_KEYS.has(key) ? bodySummary(v) : safeForLog(v, depth + 1);
  }
  if (value instanceof Error && value.cause !== undefined) out.cause = safeForLog(value.cause, depth + 1);
  return out;
}

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
  const base = {
    level: options.level,
    redact: { paths: REDACT, censor: '[redacted]' },
    formatters: { log: (object: Record<string, unknown>) => safeForLog(object) as Record<string, unknown> },
  };
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
