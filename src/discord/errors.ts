/**
 * Failures of Discord calls, described for logs and the outbox's `last_error`: the status, Discord's error
 * code and the method, never the URL (an interaction or webhook URL carries a token) nor the body.
 */
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { scrubSecrets } from '../logger.js';

export function describeError(error: unknown): string {
  if (error instanceof DiscordAPIError) return `Discord ${error.status} (code ${String(error.code)}) on ${error.method}: ${scrubSecrets(error.message).slice(0, 200)}`;
  if (error instanceof HTTPError) return `Discord ${error.status} on ${error.method}`;
  if (error instanceof RateLimitError) return `rate limited on ${error.method} (retry after ${error.retryAfter} ms)`;
  if (error instanceof Error) return `${error.name}: ${scrubSecrets(error.message).slice(0, 200)}`;
  return 'unknown error';
}
